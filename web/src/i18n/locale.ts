// The locales subpath, not the package's index: the sign-in start script bundles this file
// without zod (web/src/start/signInStart.ts).
import {
  DEFAULT_LOCALE,
  type Locale,
  localeFromPath,
  localePrefix,
  stripLocalePrefix,
} from '@portico/contracts/locales';
import { tabStorage } from '../lib/tabStorage';

// The interface language comes from the URL: /en-us/... is English, everything else Vietnamese.
export { localeFromPath, stripLocalePrefix };

/** Key under which the chosen language code is kept in localStorage. */
export const LANGUAGE_STORAGE_KEY = 'languageCode';

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

/** The language the person chose in this tab (the language menu, the language page). */
const TAB_LANGUAGE_KEY = 'portico.language';

const isLocale = (value: string | null | undefined): value is Locale => value === 'vi-VN' || value === 'en-US';

/** The person chose a language (the language menu, the language page): this tab keeps it. */
export const rememberLocale = (locale: Locale): void => {
  tabStorage()?.setItem(TAB_LANGUAGE_KEY, locale);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // storage can be unavailable (private mode, sandboxed iframe): the URL still decides
  }
};

/**
 * Where a signed-in person's page goes for its language (issue 34 point 6): a path without a
 * language prefix is the default's, and the language chosen in this tab, else the saved one,
 * wins over it; a prefixed path (/en-us/…, a link shared in one language) stays. Null: stay.
 */
export const savedLocaleRedirect = (
  location: { pathname: string; search?: string; hash?: string },
  saved: Locale,
): string | null => {
  if (localeFromPath(location.pathname) !== DEFAULT_LOCALE) return null;
  const chosen = tabStorage()?.getItem(TAB_LANGUAGE_KEY);
  const wanted = isLocale(chosen) ? chosen : saved;
  return wanted === DEFAULT_LOCALE ? null : switchLocalePath(location, wanted);
};
