import { Button, Menu } from '@mantine/core';
import { LOCALES, type Locale } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localeFromPath, rememberLocale, switchLocalePath } from '../i18n/locale';
import { Icon } from './Icon';

const labelKey = { 'vi-VN': 'lang_vi', 'en-US': 'lang_en' } as const satisfies Record<Locale, string>;

/** vi-VN <-> en-US: same page and query, /en-us prefix added or removed; kept in localStorage. */
export function LanguageSwitch({ variant = 'subtle', color }: { variant?: string; color?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const current = localeFromPath(location.pathname);

  const choose = (locale: Locale) => {
    rememberLocale(locale);
    if (locale !== current) navigate(switchLocalePath(location, locale));
  };

  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <Button
          variant={variant}
          color={color}
          size="compact-md"
          aria-label={t('lang_switch')}
          title={t('lang_switch')}
          leftSection={<Icon name="language" size={18} />}
          rightSection={<Icon name="chevronDown" size={14} />}
        >
          {t(labelKey[current])}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('lang_switch')}</Menu.Label>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => choose(locale)}
            aria-current={locale === current ? 'true' : undefined}
            fw={locale === current ? 700 : undefined}
          >
            {t(labelKey[locale])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
