import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isTokenLoginToken, type Locale } from '@portico/contracts';
import type { UserManager } from 'oidc-client-ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { Icon } from '../../components/Icon';
import { postToHost, useEmbedded } from '../../embed';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useAuth } from '../../session/OidcSession';
import { redirectUri } from '../../session/oidc';
import { useSession } from '../../session/session';
import { useAppSettings } from '../../settings/useAppSettings';
import { savePendingTokenLogin, validCb } from './pending';
import { TokenLoginFailed, TokenLoginWorking } from './TokenLoginViews';

/**
 * Where the sign-in comes back to (through /callback): this page, finishing, with cb kept, and
 * `reset` when the token came from a password reset (the account home then says so).
 */
export const finishPath = (cb: string | null, reset = false): string =>
  `/token-login?done=1${cb ? `&cb=${encodeURIComponent(cb)}` : ''}${reset ? '&reset=1' : ''}`;

/**
 * The portal's own sign-in, always through the login step (prompt=login), so the browser ends
 * up signed in as the token's user even when someone else was signed in here; consent is asked
 * too because offline_access needs it (the portal is first-party, so it is implied).
 */
export const startTokenSignIn = (manager: UserManager, cb: string | null, locale: Locale, reset = false) =>
  manager.signinRedirect({
    state: finishPath(cb, reset),
    redirect_uri: redirectUri(locale),
    prompt: 'login consent',
    extraQueryParams: { ui_locales: locale },
  });

type View = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * /token-login?token=...&cb=... (spec sign-in-and-session §2): an app's one-time token becomes a
 * browser session. With a token: keep it for the login step and start the sign-in. Back from the
 * sign-in (done=1): post cb to the app that embeds the page, else go to /.
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

  useEffect(() => {
    if (started.current) return;
    const fail = () => setView({ kind: 'failed', message: t('token_login_invalid') });
    if (finishing) {
      if (session.status === 'loading') return;
      started.current = true;
      if (session.status === 'authenticated' && embedded && cb && postToHost(cb)) setView({ kind: 'done' });
      else {
        if (reset && session.status === 'authenticated')
          notifications.show({ color: 'teal', message: t('forgot_success'), autoClose: 6000 });
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
      else startTokenSignIn(auth.manager, cb, locale, reset).catch(fail);
    }
  }, [
    finishing,
    reset,
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
