import type { Locale } from '@portico/contracts';
import type { User, UserManager } from 'oidc-client-ts';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { setTokenGetter, setUnauthorizedHandler } from '../../api/client';
import { clearSignInStorage } from '../logout/clearStorage';
import { useAppSettings } from '../settings/useAppSettings';
import { createUserManager, isSilentRenewPath, postLogoutRedirectUri, sessionUser, startSignIn } from './oidc';
import { type Session, SessionProvider } from './session';

export interface Auth {
  /** Null when app settings name no OIDC client (then everyone is anonymous). */
  manager: UserManager | null;
  /** The oidc-client-ts user (tokens, profile), or null. */
  user: User | null;
  /** Login entry: silent sign-in, else a full redirect back to `wanted`. */
  signIn: (wanted: string, locale: Locale, options?: { loginHint?: string }) => Promise<User | null>;
  /** Clears local storage, then RP-initiated logout at the provider's end-session endpoint. */
  signOut: (locale: Locale) => Promise<void>;
  /** Forgets the local user (the provider session is left alone). */
  forget: () => Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

/** The portal's OIDC session (null outside <OidcSessionProvider>, e.g. in tests). */
export const useAuth = (): Auth | null => useContext(AuthContext);

/**
 * Runs the portal's oidc-client-ts UserManager and feeds the session seam: loading until the
 * stored user is read, then authenticated or anonymous. The API client gets the access token;
 * an expired token, a failed silent renew or a 401 from the API forgets the user, and the
 * guards then send the visitor to sign in again.
 */
export function OidcSessionProvider({ children }: { children: ReactNode }) {
  const { settings } = useAppSettings();
  const { oidcAuthority, oidcClientId } = settings.configs;
  // Inside the silent-renew iframe the manager only hands the answer to the parent.
  const [passive] = useState(() => isSilentRenewPath(window.location.pathname));
  const manager = useMemo(
    () => createUserManager({ oidcAuthority, oidcClientId }, { renew: !passive }),
    [oidcAuthority, oidcClientId, passive],
  );
  const [state, setState] = useState<{ loading: boolean; user: User | null }>({ loading: true, user: null });
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!manager || passive) {
      setState({ loading: false, user: null });
      return undefined;
    }
    let active = true;
    const set = (user: User | null): void => {
      if (active) setState({ loading: false, user });
    };
    const forget = () => void manager.removeUser();

    const events = manager.events;
    const onLoaded = (user: User): void => set(user);
    const onUnloaded = (): void => set(null);
    events.addUserLoaded(onLoaded);
    events.addUserUnloaded(onUnloaded);
    events.addAccessTokenExpired(forget);
    events.addSilentRenewError(forget);
    events.addUserSignedOut(forget);

    void (async () => {
      let user = await manager.getUser().catch(() => null);
      if (user?.expired) {
        // Stored but stale: renew quietly (refresh token or provider session), else forget.
        user = await manager.signinSilent().catch(() => null);
        if (!user) await manager.removeUser();
      }
      set(user);
    })();

    return () => {
      active = false;
      events.removeUserLoaded(onLoaded);
      events.removeUserUnloaded(onUnloaded);
      events.removeAccessTokenExpired(forget);
      events.removeSilentRenewError(forget);
      events.removeUserSignedOut(forget);
    };
  }, [manager, passive]);

  const user = state.user;
  // A layout effect: it runs before any page's passive effects, so a page's first API call
  // already carries the token and reports a 401 here.
  useLayoutEffect(() => {
    setTokenGetter(() => (user && !user.expired ? user.access_token : null));
    setUnauthorizedHandler(manager ? () => void manager.removeUser() : null);
    return () => {
      setTokenGetter(null);
      setUnauthorizedHandler(null);
    };
  }, [user, manager]);

  const signIn = useCallback(
    async (wanted: string, locale: Locale, options?: { loginHint?: string }) =>
      manager ? startSignIn(manager, wanted, locale, options) : null,
    [manager],
  );
  const signOut = useCallback(
    async (locale: Locale) => {
      if (!manager) return;
      // The ID token proves the request to the provider (no confirmation page); read it before
      // local storage is cleared. While leaving, guards show a loader instead of the login page.
      const idToken = (user ?? (await manager.getUser().catch(() => null)))?.id_token;
      setLeaving(true);
      clearSignInStorage();
      try {
        await manager.signoutRedirect({
          id_token_hint: idToken,
          post_logout_redirect_uri: postLogoutRedirectUri(locale),
          extraQueryParams: { ui_locales: locale },
        });
      } catch (error) {
        setLeaving(false); // metadata unreachable: stay on the page, now signed out locally
        throw error;
      }
    },
    [manager, user],
  );
  const forget = useCallback(async () => {
    await manager?.removeUser();
  }, [manager]);

  const session: Session =
    state.loading || leaving
      ? { status: 'loading' }
      : user
        ? { status: 'authenticated', user: sessionUser(user) }
        : { status: 'anonymous' };

  const auth = useMemo<Auth>(
    () => ({ manager, user, signIn, signOut, forget }),
    [manager, user, signIn, signOut, forget],
  );

  return (
    <AuthContext.Provider value={auth}>
      <SessionProvider value={session}>{children}</SessionProvider>
    </AuthContext.Provider>
  );
}
