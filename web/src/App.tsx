// Mantine's styles in the `mantine` cascade layer (so the app's own CSS wins whatever the loading
// order): at start only the base and the components of the public layout and the login page;
// the other pages bring the rest with their chunks (chrome/fullStyles.ts, routes.tsx).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
// The focus ring of text fields (chrome/focus.css), after Mantine's layers.
import './chrome/focus.css';
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { CloseLabels } from './chrome/CloseLabels';
import { StepUpHost } from './components/StepUpHost';
import i18n from './i18n/setup';
import { cspNonce } from './lib/cspNonce';
import { buildRoutes, ModalsHost } from './routes';
import { OidcSessionProvider } from './session/OidcSession';
import { ANONYMOUS, type Session, SessionProvider } from './session/session';
import { AppSettingsGate } from './settings/AppSettingsGate';
import { cssVariablesResolver, theme } from './theme';

/** Toasts last 3 s (spec: toast duration 3000 ms). */
export const TOAST_MS = 3000;

export const createQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

// The toast container and the confirm-modal host are their own chunks: the toasts' once a page
// shows its first toast, the modals' with the pages that open them (ModalsHost in routes.tsx).
const Notifications = lazy(() => import('./chrome/Notifications'));

/** Mounts the toast container once the first toast is shown (it shows the queued ones then). */
function LazyNotifications() {
  const [wanted, setWanted] = useState(() => notificationsStore.getState().notifications.length > 0);
  useEffect(() => {
    if (wanted) return undefined;
    return notificationsStore.subscribe((state) => {
      if (state.notifications.length > 0) setWanted(true);
    });
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications autoClose={TOAST_MS} />
    </Suspense>
  ) : null;
}

/**
 * Everything around the router: theme, toasts, queries, i18n, session, and (unless `modals` is
 * false, as in App, where the routes that open modals mount ModalsHost) the confirm-modal host.
 */
export function AppProviders({
  children,
  queryClient,
  session = ANONYMOUS,
  modals = true,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  session?: Session;
  modals?: boolean;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        getStyleNonce={cspNonce}
      >
        <CloseLabels>
          <LazyNotifications />
          <QueryClientProvider client={queryClient}>
            <SessionProvider value={session}>
              {children}
              <StepUpHost />
              {modals && (
                <Suspense fallback={null}>
                  <ModalsHost />
                </Suspense>
              )}
            </SessionProvider>
          </QueryClientProvider>
        </CloseLabels>
      </MantineProvider>
    </I18nextProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return (
    <AppProviders queryClient={queryClient} modals={false}>
      <AppSettingsGate>
        <OidcSessionProvider>
          <RouterProvider router={router} />
        </OidcSessionProvider>
      </AppSettingsGate>
    </AppProviders>
  );
}
