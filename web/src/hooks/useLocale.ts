import type { Locale } from '@portico/contracts';
import { localePrefix } from '@portico/contracts';
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { localeFromPath, localizedPath } from '../i18n/locale';

/** The locale of the current URL, its prefix, and `to(path)` to build same-language links. */
export const useLocale = (): { locale: Locale; prefix: string; to: (path: string) => string } => {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const to = useCallback((path: string) => localizedPath(path, locale), [locale]);
  return { locale, prefix: localePrefix(locale), to };
};
