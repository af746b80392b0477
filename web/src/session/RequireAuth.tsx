import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader';
import { localeFromPath, localizedPath } from '../i18n/locale';
import { useSession } from './session';

/** The same-language login URL that comes back to `returnUrl` after sign-in. */
export const loginPath = (pathname: string, returnUrl: string): string =>
  `${localizedPath('/login', localeFromPath(pathname))}?ReturnUrl=${encodeURIComponent(returnUrl)}`;

/** Renders its children for a signed-in user; sends anyone else to /login?ReturnUrl=<here>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'anonymous') {
    return <Navigate replace to={loginPath(location.pathname, location.pathname + location.search)} />;
  }
  return children;
}
