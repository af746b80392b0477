import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/FullPageLoader';
import { useLocale } from '../../hooks/useLocale';
import { wantedPagePath } from '../../lib/interaction';
import { useAuth } from '../../session/OidcSession';
import { useSession } from '../../session/session';

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
    // `wanted` is a page path without language prefix (wantedPagePath).
    const target = to(wanted);
    if (session.status === 'authenticated') {
      navigate(target, { replace: true });
      return;
    }
    if (started.current || !auth?.manager) return;
    started.current = true;
    void auth.signIn(wanted, locale, { loginHint, silent }).then((user) => {
      if (user) navigate(target, { replace: true });
    });
  }, [session.status, auth, wanted, loginHint, silent, locale, navigate, to]);

  return <PageLoader message={t('signin_redirecting')} />;
}

/** /signin: the login entry route (ReturnUrl query = where to end up). */
export function LoginEntryPage() {
  const [search] = useSearchParams();
  return <LoginEntry wanted={wantedPagePath(search)} silent />;
}

export default LoginEntryPage;
