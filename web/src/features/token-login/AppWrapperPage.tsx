import { Alert, NavLink, Stack } from '@mantine/core';
import type { MessageKey } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
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

/** The query a sign-in started by the wrapper comes back with: it renews only once. */
const RENEWED = 'renewed';

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
 * page, which comes back marked `renewed`: a second failure is shown, not retried), then tells
 * the app `app_signed_in` and continues to `next` (an embedded page), or lists the embedded pages.
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

  const [failed, setFailed] = useState(false);

  // With a token: the token login, embedded, coming back to `next` (else here, without the token).
  useEffect(() => {
    if (token) navigate(to(appTokenLoginPath(token, cb, next ?? '/app')), { replace: true });
  }, [token, cb, next, navigate, to]);

  // No profile (no user, or a 401 forgot it): renew once, silently or through the sign-in page,
  // which comes back here marked `renewed`. Still none after that: say so rather than loop.
  useEffect(() => {
    if (token || session.status !== 'anonymous' || failed) return;
    if (renewing.current || search.get(RENEWED) === '1' || !auth) {
      setFailed(true);
      return;
    }
    renewing.current = true;
    const back = new URLSearchParams(search);
    back.set(RENEWED, '1');
    auth.signIn(`/app?${back}`, locale, { silent: true }).catch(() => setFailed(true));
  }, [token, session.status, failed, auth, search, locale]);

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

  if (failed || (profile.isError && session.status === 'authenticated')) {
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
