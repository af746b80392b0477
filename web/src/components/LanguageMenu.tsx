import { Menu } from '@mantine/core';
import { LOCALES, type Locale } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localeFromPath, rememberLocale, switchLocalePath } from '../i18n/locale';
import { LANGUAGE_LABEL, LanguageButton, type LanguageSwitchProps } from './LanguageSwitch';

/**
 * The language menu of LanguageSwitch.tsx, in a chunk of its own. Opened by the press that loaded
 * it, it takes the focus as Mantine's menu does (the dropdown, then the arrow keys).
 */
export default function LanguageMenu({ defaultOpened, ...button }: LanguageSwitchProps & { defaultOpened: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const current = localeFromPath(location.pathname);

  const choose = (locale: Locale) => {
    rememberLocale(locale);
    if (locale !== current) navigate(switchLocalePath(location, locale));
  };

  return (
    // No focus placeholder: a role=menu holds only its items (axe aria-required-children).
    <Menu
      position="bottom-end"
      shadow="md"
      width={180}
      defaultOpened={defaultOpened}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <LanguageButton {...button} />
      </Menu.Target>
      {/* Named by its label, not a Menu.Label inside, for the same reason. */}
      <Menu.Dropdown aria-label={t('lang_switch')}>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => choose(locale)}
            aria-current={locale === current ? 'true' : undefined}
            fw={locale === current ? 700 : undefined}
          >
            {t(LANGUAGE_LABEL[locale])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
