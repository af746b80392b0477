import type { Locale } from '@portico/contracts';
import { use, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useRememberEmbedded, useResizePoll } from '../embed';
import { hasMessages, loadMessages } from '../i18n/setup';
import { KnownRoutesContext } from '../routing/knownRoutes';

/**
 * Root of one language tree (/ for vi-VN, /en-us for en-US): switches i18next and <html lang>
 * to the locale of the URL, runs the iframe resize poll when framed, and keeps the tab's embedded mark.
 */
export function LocaleRoot({ locale, knownPaths }: { locale: Locale; knownPaths: readonly string[] }) {
  // The other language's catalogue arrives when its tree is first shown (i18n/setup.ts); the
  // navigation keeps the page it leaves until then.
  // loadMessages resolves once (also when the catalogue failed: then the fallback shows).
  if (!hasMessages(locale)) use(loadMessages(locale));
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  }, [i18n, locale]);
  useResizePoll();
  useRememberEmbedded();
  return (
    <KnownRoutesContext.Provider value={knownPaths}>
      <Outlet />
    </KnownRoutesContext.Provider>
  );
}
