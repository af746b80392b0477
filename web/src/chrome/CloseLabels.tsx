import { MantineThemeProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Every toast's and dialog's × says what it does, in the page's language (axe button-name; the
 * confirm modals and toasts had no name). A theme layer over web/src/theme.ts, made per language.
 */
export function CloseLabels({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('common_close');
  const theme = useMemo(
    () => ({
      components: {
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
      },
    }),
    [close],
  );
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
