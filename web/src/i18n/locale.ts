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

/** This tab's marker: the saved language was applied, or the person chose one here. */
const CHOSEN_IN_TAB_KEY = 'portico.languageChosen';

const tabStorage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage unavailable: the URL decides
  }
};

/** The person chose a language (the language menu, the language page): this tab keeps it. */
export const rememberLocale = (locale: Locale): void => {
  tabStorage()?.setItem(CHOSEN_IN_TAB_KEY, '1');
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // storage can be unavailable (private mode, sandboxed iframe): the URL still decides
  }
};

/**
 * Where a signed-in person's saved language takes a page (issue 34 point 6), once per tab: a
 * path without a language prefix is the default's, and the saved language wins over it; a
 * prefixed path (/en-us/…, a link shared in one language) and a choice made in this tab stay.
 * Null: stay. Marks the tab either way, so a later choice in it is not undone.
 */
export const savedLocaleRedirect = (
  location: { pathname: string; search?: string; hash?: string },
  saved: Locale,
): string | null => {
  const store = tabStorage();
  if (store?.getItem(CHOSEN_IN_TAB_KEY)) return null;
  store?.setItem(CHOSEN_IN_TAB_KEY, '1');
  if (EN_PREFIX.test(location.pathname) || saved === DEFAULT_LOCALE) return null;
  return switchLocalePath(location, saved);
};
