import { Alert, NavLink, Stack } from '@mantine/core';
import type { MessageKey } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { embeddedDestination, postToHost } from '../../embed';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useAuth } from '../../session/OidcSession';
import { useSession } from '../../session/session';
import { currentUserQuery } from '../../session/useCurrentUser';
import { useUserName } from '../../session/useUserName';
import { validCb } from './pending';
import { TokenLoginWorking } from './TokenLoginViews';

/** The embedded pages the wrapper lists when the app names none (spec account §2 embedded variants). */
const EMBEDDED_MENU: readonly { path: string; key: MessageKey; icon: string }[] = [
  { path: '/info', key: 'menu_info', icon: 'user' },
  { path: '/address', key: 'menu_address', icon: 'address' },
  { path: '/change-password', key: 'menu_password', icon: 'lock' },
  { path: '/delete-account', key: 'menu_delete', icon: 'trash' },
];

/** The token-login page's address for the wrapper's token: embedded, with cb and next kept. */
export const appTokenLoginPath = (token: string, cb: string | null, next: string | null): string => {
  const query = new URLSearchParams({ token, embedded: '1' });
  if (cb) query.set('cb', cb);
  if (next) query.set('next', next);
  return `/token-login?${query}`;
};

/**
 * /app, the embedded app wrapper (spec sign-in §2 "Embedded app wrapper"): with `token` it is the
 * token login (the app's one-time token signs the web view in; `cb` goes to the app), then `next`.
 * Without one it loads the profile with the bearer token; when there is none (no user, or the
 * server refused it) it renews the session once (silently through the provider, else the sign-in
 * page), then tells the app `app_signed_in` and continues to `next` (an embedded page), or lists
 * the embedded pages.
 */
export function AppWrapperPage() {
  const { t } = useTranslation();
  usePageTitle('app_title');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { locale, to } = useLocale();
  const session = useSession();
  const auth = useAuth();
  const token = search.get('token');
  const cb = validCb(search.get('cb'));
  const next = embeddedDestination(search.get('next'));
  const renewing = useRef(false);
  const profile = useQuery({
    ...currentUserQuery(session.user?.sub),
    enabled: !token && session.status === 'authenticated',
  });

  // With a token: the token login, embedded, coming back to `next`.
  useEffect(() => {
    if (token) navigate(to(appTokenLoginPath(token, cb, next)), { replace: true });
  }, [token, cb, next, navigate, to]);

  // No profile (no user, or a 401 forgot it): renew once; the sign-in comes back here.
  useEffect(() => {
    if (token || session.status !== 'anonymous' || !auth || renewing.current) return;
    renewing.current = true;
    void auth.signIn(`/app?${search}`, locale, { silent: true });
  }, [token, session.status, auth, search, locale]);

  // Told once per user, though the profile may be fetched again (focus, a save elsewhere).
  const told = useRef<string | null>(null);
  const signedIn = profile.data;
  const sub = session.user?.sub;
  useEffect(() => {
    if (!signedIn || !sub || told.current === sub) return;
    told.current = sub;
    postToHost('app_signed_in', { sub });
    if (next) navigate(to(next), { replace: true });
  }, [signedIn, sub, next, navigate, to]);

  if (profile.isError && session.status === 'authenticated') {
    return (
      <Alert color="orange" variant="light" role="alert">
        {t('token_login_session_ended')}
      </Alert>
    );
  }
  if (!signedIn || next) return <TokenLoginWorking />;
  return <AppMenu />;
}

/** The signed-in wrapper with nowhere named to go: who is signed in, and the embedded pages. */
function AppMenu() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { name } = useUserName();
  return (
    <AccountPage title={t('app_title')} intro={t('app_signed_in_as', { name })}>
      <AccountCard>
        <Stack gap={4} component="nav" aria-label={t('app_menu_label')}>
          {EMBEDDED_MENU.map((item) => (
            <NavLink
              key={item.path}
              component={Link}
              to={to(item.path)}
              label={t(item.key)}
              leftSection={<Icon name={item.icon} />}
            />
          ))}
        </Stack>
      </AccountCard>
    </AccountPage>
  );
}

export default AppWrapperPage;
