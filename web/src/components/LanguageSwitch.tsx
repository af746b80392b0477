import { Box, Button, type ButtonProps } from '@mantine/core';
import type { Locale } from '@portico/contracts';
import { forwardRef, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { localeFromPath } from '../i18n/locale';
import { Icon } from './Icon';

export const LANGUAGE_LABEL = { 'vi-VN': 'lang_vi', 'en-US': 'lang_en' } as const satisfies Record<Locale, string>;

export interface LanguageSwitchProps {
  variant?: string;
  color?: string;
  /** Below the xs breakpoint the button says VI / EN, so a phone header keeps room for the avatar (issue 8, point 22). */
  compact?: boolean;
}

/** The switch's button: the current language, as the menu's target and before the menu has loaded. */
export const LanguageButton = forwardRef<
  HTMLButtonElement,
  LanguageSwitchProps & Omit<ButtonProps, 'variant' | 'color'> & { onClick?: () => void; onPointerEnter?: () => void }
>(function LanguageButton({ variant = 'subtle', color, compact = false, ...rest }, ref) {
  const { t } = useTranslation();
  const current = localeFromPath(useLocation().pathname);
  return (
    <Button
      ref={ref}
      variant={variant}
      color={color}
      size="compact-md"
      // The name holds the visible language too, the short one on a phone included, not in
      // parentheses, which axe's label-content-name-mismatch drops (WCAG 2.5.3 label in name).
      aria-label={`${t('lang_switch')}: ${t(LANGUAGE_LABEL[current])}${compact ? `, ${current.slice(0, 2).toUpperCase()}` : ''}`}
      aria-haspopup="menu"
      title={t('lang_switch')}
      leftSection={<Icon name="language" size={18} />}
      rightSection={<Icon name="chevronDown" size={14} />}
      {...rest}
    >
      {compact ? (
        <>
          <Box component="span" visibleFrom="xs">
            {t(LANGUAGE_LABEL[current])}
          </Box>
          <Box component="span" hiddenFrom="xs">
            {current.slice(0, 2).toUpperCase()}
          </Box>
        </>
      ) : (
        t(LANGUAGE_LABEL[current])
      )}
    </Button>
  );
});

// The menu (and the floating-ui positioning it brings, ~20 kB compressed) is not part of the login
// page's first load (bench/README.md): the pointer reaching the button fetches it, pressing the
// button (mouse, Enter or Space) shows it, opened. The button is swapped for the menu's own only
// after that press, so no press is lost to the swap; the open menu takes the focus.
const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);

/** vi-VN <-> en-US: same page and query, /en-us prefix added or removed; kept in localStorage. */
export function LanguageSwitch(props: LanguageSwitchProps) {
  const [pressed, setPressed] = useState(false);
  const button = <LanguageButton {...props} onPointerEnter={() => void loadMenu()} onClick={() => setPressed(true)} />;
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu {...props} defaultOpened />
    </Suspense>
  );
}
