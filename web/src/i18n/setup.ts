import { DEFAULT_LOCALE, LOCALES, type Locale } from '@portico/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeFromPath } from './locale';

// i18next with the catalogues of @portico/contracts, one language per module
// (web/vite.messages.ts): a page loads its own language's (loadMessages, before the first render
// in main.tsx and before a language tree renders in LocaleRoot). No detector, no backend: the URL
// prefix decides the language (LocaleRoot calls i18n.changeLanguage), and server-held
// translations from app settings are merged in by mergeTranslations().

const initialLocale: Locale = typeof window === 'undefined' ? DEFAULT_LOCALE : localeFromPath(window.location.pathname);

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnEmptyString: false,
});

const catalogues: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  'vi-VN': () => import('virtual:portico-messages/vi-VN'),
  'en-US': () => import('virtual:portico-messages/en-US'),
};
const loading = new Map<Locale, Promise<void>>();
const loaded = new Set<Locale>();

/**
 * Loads a language's catalogue once; never fails: without it the page still renders (in the
 * other language where that one is in, i18next's fallback, else with the keys), and a later page
 * load tries again. Server-held translations merged before it arrived (mergeTranslations) stay
 * over it.
 */
export const loadMessages = (locale: Locale): Promise<void> => {
  let done = loading.get(locale);
  if (!done) {
    done = catalogues[locale]().then(
      ({ default: catalogue }) => {
        i18n.addResourceBundle(locale, 'translation', catalogue, true, false);
        loaded.add(locale);
      },
      () => undefined,
    );
    loading.set(locale, done);
  }
  return done;
};

/** Whether a language's catalogue is in (LocaleRoot waits for it before rendering its tree). */
export const hasMessages = (locale: Locale): boolean => loaded.has(locale);

export const currentLocale = (): Locale =>
  (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : DEFAULT_LOCALE;

/** Merges server-held translations (app settings `translations`) over the bundled ones. */
export const mergeTranslations = (translations: Record<string, Record<string, string>>): void => {
  for (const [lng, dict] of Object.entries(translations)) {
    if ((LOCALES as readonly string[]).includes(lng)) i18n.addResourceBundle(lng, 'translation', dict, true, true);
  }
};

export default i18n;
