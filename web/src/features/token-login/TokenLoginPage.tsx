import { Alert } from '@mantine/core';
import { EMBEDDED_QUERY, isTokenLoginToken, type Locale } from '@portico/contracts';
import type { UserManager } from 'oidc-client-ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { Icon } from '../../components/Icon';
import { embeddedDestination, postCallbackToHost, useEmbedded } from '../../embed';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { notifyDone } from '../../lib/notify';
import { useAuth } from '../../session/OidcSession';
import { redirectUri } from '../../session/oidc';
import { useSession } from '../../session/session';
import { useAppSettings } from '../../settings/useAppSettings';
import { savePendingTokenLogin, validCb } from './pending';
import { TokenLoginFailed, TokenLoginWorking } from './TokenLoginViews';

/** `next`: the embedded page the /app wrapper continues to (AppWrapperPage.tsx). */
type Finish = { cb: string | null; reset?: boolean; embedded?: boolean; next?: string | null };

/**
 * Where the sign-in comes back to (through /callback): this page, finishing, with cb kept,
 * `embedded` kept (in a web view nothing else says so, and cb goes to the app only when
 * embedded), and `reset` when the token came from a password reset (the account home then says so).
 */
export const finishPath = ({ cb, reset = false, embedded = false, next = null }: Finish): string => {
  const query = new URLSearchParams({ done: '1' });
  if (cb) query.set('cb', cb);
  if (embedded) query.set(EMBEDDED_QUERY, '1');
  if (next) query.set('next', next);
  if (reset) query.set('reset', '1');
  return `/token-login?${query}`;
};

/**
 * The portal's own sign-in, always through the login step (prompt=login), so the browser ends
 * up signed in as the token's user even when someone else was signed in here; consent is asked
 * too because offline_access needs it (the portal is first-party, so it is implied).
 */
export const startTokenSignIn = (manager: UserManager, finish: Finish, locale: Locale) =>
  manager.signinRedirect({
    state: finishPath(finish),
    redirect_uri: redirectUri(locale),
    prompt: 'login consent',
    extraQueryParams: { ui_locales: locale },
  });

type View = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * /token-login?token=...&cb=... (spec sign-in-and-session §2): an app's one-time token becomes a
 * browser session. With a token: keep it for the login step and start the sign-in. Back from the
 * sign-in (done=1): post cb to the app that embeds the page; then go on to `next` (an embedded
 * page, from the /app wrapper), else say it is done, else go to /.
 */
export function TokenLoginPage() {
  const { t } = useTranslation();
  usePageTitle('token_login_title');
  const [search] = useSearchParams();
  const auth = useAuth();
  const appSettings = useAppSettings();
  const { configs } = appSettings.settings;
  const configured = Boolean(configs.oidcAuthority && configs.oidcClientId);
  const session = useSession();
  const embedded = useEmbedded();
  const navigate = useNavigate();
  const { locale, to } = useLocale();
  const [view, setView] = useState<View>({ kind: 'working' });
  const started = useRef(false);

  const token = search.get('token');
  const cb = validCb(search.get('cb'));
  const finishing = search.get('done') === '1';
  // The token came from a password reset (web/src/features/forgot-password): say it changed.
  const reset = search.get('reset') === '1';
  const next = embeddedDestination(search.get('next'));

  useEffect(() => {
    if (started.current) return;
    const fail = () => setView({ kind: 'failed', message: t('token_login_invalid') });
    if (finishing) {
      if (session.status === 'loading') return;
      started.current = true;
      const told = session.status === 'authenticated' && embedded && cb !== null && postCallbackToHost(cb);
      if (session.status === 'authenticated' && next) navigate(to(next), { replace: true });
      else if (told) setView({ kind: 'done' });
      else {
        if (reset && session.status === 'authenticated') notifyDone(t('forgot_success'), 6000);
        navigate(to('/'), { replace: true });
      }
    } else if (!isTokenLoginToken(token)) {
      started.current = true;
      fail();
    } else if (appSettings.isLoading) {
      // The settings say whether an OIDC client is configured: wait for them.
    } else if (!configured) {
      // No OIDC client configured: nobody can be signed in here.
      started.current = true;
      fail();
    } else if (auth?.manager) {
      // The manager loads on demand (useAuth asked for it, web/src/session/OidcSession.tsx).
      started.current = true;
      if (!savePendingTokenLogin(token, cb)) fail();
      else startTokenSignIn(auth.manager, { cb, reset, embedded, next }, locale).catch(fail);
    }
  }, [
    finishing,
    reset,
    next,
    session.status,
    embedded,
    cb,
    token,
    auth,
    appSettings.isLoading,
    configured,
    locale,
    navigate,
    to,
    t,
  ]);

  if (view.kind === 'failed') return <TokenLoginFailed message={view.message} />;
  if (view.kind === 'done') {
    return (
      <AuthCard title={t('token_login_done_title')}>
        <Alert color="teal" variant="light" icon={<Icon name="check" />} role="status">
          {t('token_login_done')}
        </Alert>
      </AuthCard>
    );
  }
  return <TokenLoginWorking />;
}

export default TokenLoginPage;
