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
  useRef,
  useState,
} from 'react';
import { setTokenGetter, setUnauthorizedHandler } from '../api/client';
import { useAppSettings } from '../settings/useAppSettings';
import { clearSignInStorage } from './clearStorage';
import type { SignInOptions } from './oidc';
import { hasStoredUser, isSilentRenewPath, sessionUser } from './oidc-light';
import { type Session, SessionProvider } from './session';
import { markSignedOut } from './signedOutNotice';
import { removeStaleSignInEntries, STALE_CHECK_MS } from './staleEntries';

// oidc.ts brings oidc-client-ts (~70 kB); it is loaded the first time something needs the
// manager, never by a login page that only shows the form (bench/README.md).
let oidcModule: Promise<typeof import('./oidc')> | undefined;
const loadOidc = () => {
  oidcModule ??= import('./oidc');
  return oidcModule;
};

export interface Auth {
  /**
   * Null when app settings name no OIDC client (then everyone is anonymous), and until it is
   * loaded: at start when a user is stored, else once a page calls useAuth() or signs in.
   */
  manager: UserManager | null;
  /** The oidc-client-ts user (tokens, profile), or null. */
  user: User | null;
  /** Login entry: silent sign-in, else a full redirect back to `wanted`. */
  signIn: (wanted: string, locale: Locale, options?: SignInOptions) => Promise<User | null>;
  /** Clears local storage, then RP-initiated logout at the provider's end-session endpoint. */
  signOut: (locale: Locale) => Promise<void>;
  /** Forgets the local user (the provider session is left alone). */
  forget: () => Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);
const RequestManagerContext = createContext<(() => void) | null>(null);

/**
 * The portal's OIDC session (null outside <OidcSessionProvider>, e.g. in tests). A page that asks
 * for it gets the manager loaded (auth.manager is null until then).
 */
export const useAuth = (): Auth | null => {
  const requestManager = useContext(RequestManagerContext);
  useEffect(() => requestManager?.(), [requestManager]);
  return useContext(AuthContext);
};

/**
 * Runs the portal's oidc-client-ts UserManager and feeds the session seam: loading until the
 * stored user is read, then authenticated or anonymous. The API client gets the access token;
 * an expired token, a failed silent renew or a 401 from the API forgets the user, and the
 * guards then send the visitor to sign in again.
 */
export function OidcSessionProvider({ children }: { children: ReactNode }) {
  const { settings } = useAppSettings();
  const { oidcAuthority, oidcClientId } = settings.configs;
  const configured = Boolean(oidcAuthority && oidcClientId);
  // Inside the silent-renew iframe the manager only hands the answer to the parent.
  const [passive] = useState(() => isSilentRenewPath(window.location.pathname));
  // A stored user is restored (and renewed) at once; without one the visitor is anonymous from
  // the first render and the manager waits until a page or a sign-in needs it.
  const [stored] = useState(() => configured && !passive && hasStoredUser());
  const [wanted, setWanted] = useState(stored);
  const requestManager = useCallback(() => setWanted(true), []);
  const managerPromise = useRef<Promise<UserManager | null> | null>(null);
  const getManager = useCallback(() => {
    managerPromise.current ??= configured
      ? loadOidc().then((m) => m.createUserManager({ oidcAuthority, oidcClientId }, { renew: !passive }))
      : Promise.resolve(null);
    return managerPromise.current;
  }, [configured, oidcAuthority, oidcClientId, passive]);
  const [manager, setManager] = useState<UserManager | null>(null);
  useEffect(() => {
    if (!wanted) return undefined;
    let active = true;
    void getManager().then((m) => {
      if (active) setManager(m);
    });
    return () => {
      active = false;
    };
  }, [wanted, getManager]);

  // Sign-in states left behind by redirects that never finished go after an hour (spec §9).
  useEffect(() => {
    if (passive) return undefined;
    removeStaleSignInEntries();
    const timer = setInterval(() => removeStaleSignInEntries(), STALE_CHECK_MS);
    return () => clearInterval(timer);
  }, [passive]);

  const [state, setState] = useState<{ loading: boolean; user: User | null }>({ loading: stored, user: null });
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!manager || passive) {
      // Still loading the manager for a stored user: the session stays 'loading'.
      if (!stored) setState({ loading: false, user: null });
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
  }, [manager, passive, stored]);

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
    async (path: string, locale: Locale, options?: SignInOptions) => {
      setWanted(true);
      const m = await getManager();
      if (!m) return null;
      const { startSignIn } = await loadOidc();
      return startSignIn(m, path, locale, options);
    },
    [getManager],
  );
  const signOut = useCallback(
    async (locale: Locale) => {
      setWanted(true);
      const manager = await getManager();
      if (!manager) return;
      const { postLogoutRedirectUri } = await loadOidc();
      // The ID token proves the request to the provider (no confirmation page); read it before
      // local storage is cleared. While leaving, guards show a loader instead of the login page.
      const idToken = (user ?? (await manager.getUser().catch(() => null)))?.id_token;
      setLeaving(true);
      clearSignInStorage();
      markSignedOut();
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
    [getManager, user],
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
    <RequestManagerContext.Provider value={requestManager}>
      <AuthContext.Provider value={auth}>
        <SessionProvider value={session}>{children}</SessionProvider>
      </AuthContext.Provider>
    </RequestManagerContext.Provider>
  );
}
