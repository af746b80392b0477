import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { OidcSessionProvider } from './features/auth/OidcSession';
import { ANONYMOUS, type Session, SessionProvider } from './features/auth/session';
import { AppSettingsGate } from './features/settings/AppSettingsGate';
import i18n from './i18n/setup';
import { buildRoutes } from './routes';
import { cssVariablesResolver, theme } from './theme';

/** Toasts last 3 s (spec: toast duration 3000 ms). */
export const TOAST_MS = 3000;

export const createQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/** Everything around the router: theme, toasts, modals, queries, i18n, session. */
export function AppProviders({
  children,
  queryClient,
  session = ANONYMOUS,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  session?: Session;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Notifications autoClose={TOAST_MS} position="top-right" />
        <QueryClientProvider client={queryClient}>
          <SessionProvider value={session}>
            <ModalsProvider>{children}</ModalsProvider>
          </SessionProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return (
    <AppProviders queryClient={queryClient}>
      <AppSettingsGate>
        <OidcSessionProvider>
          <RouterProvider router={router} />
        </OidcSessionProvider>
      </AppSettingsGate>
    </AppProviders>
  );
}
