import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { exchangeLoginToken } from './api';
import { leaveTo } from './navigation';
import { clearPendingTokenLogin, type PendingTokenLogin } from './pending';
import { TokenLoginFailed, TokenLoginWorking } from './TokenLoginViews';

// One exchange per token, even when React runs effects twice (StrictMode): the token is single-use.
const exchanges = new Map<string, Promise<{ redirectUrl: string }>>();

/**
 * The login step of a token login: the login page (web/src/features/login/LoginPage.tsx) shows
 * this instead of the sign-in card when this tab started a token login. The server completes the
 * interaction as the token's user; the browser then resumes it at the provider.
 */
export function TokenLoginFinish({ uid, pending }: { uid: string; pending: PendingTokenLogin }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let exchange = exchanges.get(pending.token);
    if (!exchange) {
      clearPendingTokenLogin();
      exchange = exchangeLoginToken({ token: pending.token, returnUrl: `/oidc/interaction/${uid}` });
      exchanges.set(pending.token, exchange);
    }
    let active = true;
    exchange.then(
      ({ redirectUrl }) => active && leaveTo(redirectUrl),
      (err: unknown) => active && setError(errorText(err, t)),
    );
    return () => {
      active = false;
    };
  }, [uid, pending.token, t]);

  return error ? <TokenLoginFailed message={error} /> : <TokenLoginWorking />;
}
