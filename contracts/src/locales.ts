// Supported interface languages. vi-VN is served at the root, en-US under /en-us.
export const LOCALES = ['vi-VN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'vi-VN';
export const DEFAULT_TIMEZONE = 'Asia/Saigon';

/** URL prefix for a locale: '' for the default, '/en-us' for English. */
export const localePrefix = (locale: Locale): string => (locale === 'en-US' ? '/en-us' : '');

const EN_PREFIX = /^\/en-us(?=\/|$)/i;

/** The interface language of a URL path: /en-us/... is English, everything else Vietnamese. */
export const localeFromPath = (pathname: string): Locale => (EN_PREFIX.test(pathname) ? 'en-US' : DEFAULT_LOCALE);

/** The path without its language prefix: '/en-us/account' -> '/account', '/en-us' -> '/'. */
export const stripLocalePrefix = (pathname: string): string => {
  const rest = pathname.replace(EN_PREFIX, '');
  return rest === '' ? '/' : rest;
};

/** Picks a supported locale from an Accept-Language header or ui_locales value. */
export const pickLocale = (header: string | undefined | null): Locale => {
  if (!header) return DEFAULT_LOCALE;
  for (const part of header.split(/[,\s]+/)) {
    const tag = part.split(';')[0]?.trim().toLowerCase();
    if (!tag) continue;
    if (tag.startsWith('vi')) return 'vi-VN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LOCALE;
};
