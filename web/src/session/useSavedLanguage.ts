import { LOCALES, type Locale } from '@portico/contracts';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { savedLocaleRedirect } from '../i18n/locale';
import { useCurrentUser } from './useCurrentUser';

const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/**
 * The account pages open in the language chosen in this tab, else the person's saved one (the
 * language page's default_language), unless the URL names one (web/src/i18n/locale.ts
 * savedLocaleRedirect). Decided at each page load: the app's own links keep their language.
 */
export function useSavedLanguage(): void {
  const saved = useCurrentUser()?.default_language;
  const location = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided when the saved language is known
  useEffect(() => {
    if (!isLocale(saved)) return;
    const target = savedLocaleRedirect(location, saved);
    if (target) navigate(target, { replace: true });
  }, [saved]);
}
