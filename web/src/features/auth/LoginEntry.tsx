import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/FullPageLoader';
import { useLocale } from '../../hooks/useLocale';
import { stripLocalePrefix } from '../../i18n/locale';
import { useAuth } from './OidcSession';
import { useSession } from './session';

/**
 * Where to end up: the ReturnUrl / returnUrl / redirect_uri query when it is a same-site path
 * that is not an authorize request (spec §4), else /account.
 */
export const wantedPath = (search: URLSearchParams, fallback = '/account'): string => {
  const raw = search.get('ReturnUrl') ?? search.get('returnUrl') ?? search.get('redirect_uri') ?? '';
  const sameSite = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\');
  return sameSite && !/authorize/i.test(raw) ? raw : fallback;
};

/**
 * The spec's login entry: a signed-in user goes straight to `wanted`; anyone else gets the full
 * sign-in redirect, after a silent sign-in (the provider's session) when `silent` asks for one
 * (the /signin entry; not /login, see SignInOptions.silent in oidc.ts).
 */
export function LoginEntry({
  wanted,
  loginHint,
  silent = false,
}: {
  wanted: string;
  loginHint?: string;
  silent?: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const auth = useAuth();
  const navigate = useNavigate();
  const { locale, to } = useLocale();
  const started = useRef(false);

  useEffect(() => {
    if (session.status === 'loading') return;
    const target = to(stripLocalePrefix(wanted));
    if (session.status === 'authenticated') {
      navigate(target, { replace: true });
      return;
    }
    if (started.current || !auth?.manager) return;
    started.current = true;
    void auth.signIn(stripLocalePrefix(wanted), locale, { loginHint, silent }).then((user) => {
      if (user) navigate(target, { replace: true });
    });
  }, [session.status, auth, wanted, loginHint, silent, locale, navigate, to]);

  return <PageLoader message={t('signin_redirecting')} />;
}

/** /signin: the login entry route (ReturnUrl query = where to end up). */
export function LoginEntryPage() {
  const [search] = useSearchParams();
  return <LoginEntry wanted={wantedPath(search)} silent />;
}

export default LoginEntryPage;
