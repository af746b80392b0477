import { DEFAULT_LOCALE, type Locale, localePrefix } from '@portico/contracts';

// The interface language comes from the URL: /en-us/... is English, everything else Vietnamese.

const EN_PREFIX = /^\/en-us(?=\/|$)/i;

/** Key under which the chosen language code is kept in localStorage. */
export const LANGUAGE_STORAGE_KEY = 'languageCode';

export const localeFromPath = (pathname: string): Locale => (EN_PREFIX.test(pathname) ? 'en-US' : DEFAULT_LOCALE);

/** The path without its language prefix: '/en-us/account' -> '/account', '/en-us' -> '/'. */
export const stripLocalePrefix = (pathname: string): string => {
  const rest = pathname.replace(EN_PREFIX, '');
  return rest === '' ? '/' : rest;
};

/** A route path (without prefix, starting with /) as a URL path in the given language. */
export const localizedPath = (path: string, locale: Locale): string => {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
};

/** The same page in another language, keeping query and hash. */
export const switchLocalePath = (
  location: { pathname: string; search?: string; hash?: string },
  target: Locale,
): string =>
  localizedPath(stripLocalePrefix(location.pathname), target) + (location.search ?? '') + (location.hash ?? '');

export const rememberLocale = (locale: Locale): void => {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // storage can be unavailable (private mode, sandboxed iframe): the URL still decides
  }
};
