// The login page's first paint, rendered by the server (issue 27 point 1): the same components as
// the app's /login for a provider interaction (LoginPage in the public layout), as HTML the browser
// shows while the app's scripts are still on their way. The app replaces it when its own login
// form mounts and keeps what was typed in it (web/src/features/login/firstPaint.ts).
//
// The app's entry for the server, beside main.tsx for the browser: built on its own for Node
// (`vite build --ssr`, web/vite.config.ts) into web/dist-ssr/render.js;
// server/src/web/first-paint.ts loads it.
import { MantineProvider } from '@mantine/core';
import type { AppSettings, InteractionDetails, Locale } from '@portico/contracts';
import { LOCALES } from '@portico/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Route, Routes, StaticRouter } from 'react-router';
import { LoginPage } from './features/login/LoginPage';
import i18n, { loadMessages, mergeTranslations } from './i18n/setup';
import { PublicLayout } from './layouts/PublicLayout';
import { FirstPaintContext } from './lib/firstPaintContext';
import { interactionQuery } from './queries/interaction';
import { APP_SETTINGS_QUERY_KEY } from './settings/useAppSettings';
import { cssVariablesResolver, theme } from './theme';

export type FirstPaintInput = {
  locale: Locale;
  /** The page's path and query, as the browser asked for it. */
  url: string;
  settings: AppSettings;
  details: InteractionDetails;
  /** The page's CSP nonce: Mantine's style elements carry it. */
  nonce: string;
};

const perLocale = new Map<Locale, I18n>();

/** Loads both catalogues and the server-held translations; once, before the first render. */
export async function prepare(settings: AppSettings): Promise<void> {
  await Promise.all(LOCALES.map((locale) => loadMessages(locale)));
  mergeTranslations(settings.translations);
  for (const locale of LOCALES) perLocale.set(locale, i18n.cloneInstance({ lng: locale, initAsync: false }));
}

/** The login page's markup for this visitor's first paint. */
export function renderLoginPage({ locale, url, settings, details, nonce }: FirstPaintInput): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(APP_SETTINGS_QUERY_KEY, settings);
  queryClient.setQueryData(interactionQuery(details.uid).queryKey, details);
  const html = renderToString(
    <FirstPaintContext.Provider value={true}>
      <I18nextProvider i18n={perLocale.get(locale) ?? i18n}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          getStyleNonce={() => nonce}
        >
          <QueryClientProvider client={queryClient}>
            <StaticRouter location={url}>
              <Suspense fallback={null}>
                <Routes>
                  <Route element={<PublicLayout />}>
                    <Route path="*" element={<LoginPage />} />
                  </Route>
                </Routes>
              </Suspense>
            </StaticRouter>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </FirstPaintContext.Provider>,
  );
  // A part that failed is left to the browser (`<!--$!-->` and the error in a template): no half
  // page; the server sends the page without a first paint instead.
  if (html.includes('<!--$!-->')) throw new Error(/data-msg="([^"]*)"/.exec(html)?.[1] ?? 'a part failed');
  return html;
}
