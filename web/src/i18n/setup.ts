import { DEFAULT_LOCALE, LOCALES, type Locale, messages } from '@portico/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeFromPath } from './locale';

// i18next with the bundled catalogs from @portico/contracts. No detector, no backend: the URL
// prefix decides the language (LocaleRoot calls i18n.changeLanguage), and server-held
// translations from app settings are merged in by mergeTranslations().

const initialLocale: Locale = typeof window === 'undefined' ? DEFAULT_LOCALE : localeFromPath(window.location.pathname);

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: messages[l] }])),
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnEmptyString: false,
});

export const currentLocale = (): Locale =>
  (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : DEFAULT_LOCALE;

/** Merges server-held translations (app settings `translations`) over the bundled ones. */
export const mergeTranslations = (translations: Record<string, Record<string, string>>): void => {
  for (const [lng, dict] of Object.entries(translations)) {
    if ((LOCALES as readonly string[]).includes(lng)) i18n.addResourceBundle(lng, 'translation', dict, true, true);
  }
};

export default i18n;
