import { Box, Button, Menu } from '@mantine/core';
import { LOCALES, type Locale } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localeFromPath, rememberLocale, switchLocalePath } from '../i18n/locale';
import { Icon } from './Icon';

const labelKey = { 'vi-VN': 'lang_vi', 'en-US': 'lang_en' } as const satisfies Record<Locale, string>;

/**
 * vi-VN <-> en-US: same page and query, /en-us prefix added or removed; kept in localStorage.
 * `compact`: below the xs breakpoint the button says VI / EN, so a phone header keeps room for
 * the user's avatar (issue 8, point 22).
 */
export function LanguageSwitch({
  variant = 'subtle',
  color,
  compact = false,
}: {
  variant?: string;
  color?: string;
  compact?: boolean;
}) {
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
          // The name holds the visible language too (axe label-content-name-mismatch).
          aria-label={`${t('lang_switch')}: ${t(labelKey[current])}`}
          title={t('lang_switch')}
          leftSection={<Icon name="language" size={18} />}
          rightSection={<Icon name="chevronDown" size={14} />}
        >
          {compact ? (
            <>
              <Box component="span" visibleFrom="xs">
                {t(labelKey[current])}
              </Box>
              <Box component="span" hiddenFrom="xs">
                {current.slice(0, 2).toUpperCase()}
              </Box>
            </>
          ) : (
            t(labelKey[current])
          )}
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
