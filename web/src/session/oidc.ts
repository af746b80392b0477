import { type Locale, localePrefix } from '@portico/contracts';
import { type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { isSameSitePath } from '../lib/interaction';
import { authorityUrl, type OidcConfig, PORTAL_SCOPES, portalSignInParams, redirectUri } from './oidc-light';

export {
  hasStoredUser,
  isSilentRenewPath,
  type OidcConfig,
  PORTAL_SCOPES,
  redirectUri,
  sessionUser,
} from './oidc-light';

// The portal signs in through its own provider (spec §1: authorization code + PKCE, silent
// renew, scopes openid profile email offline_access). One UserManager per app.

export const postLogoutRedirectUri = (locale: Locale, origin = window.location.origin): string =>
  `${origin}${localePrefix(locale)}/`;

/** A UserManager for the portal client, or null when app settings name no client. */
export function createUserManager(
  config: OidcConfig,
  { origin = window.location.origin, renew = true }: { origin?: string; renew?: boolean } = {},
): UserManager | null {
  if (!config.oidcClientId || !config.oidcAuthority) return null;
  return new UserManager({
    authority: authorityUrl(config.oidcAuthority, origin),
    client_id: config.oidcClientId,
    redirect_uri: `${origin}/callback`,
    silent_redirect_uri: `${origin}/silent-renew`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: PORTAL_SCOPES,
    automaticSilentRenew: renew,
    silentRequestTimeoutInSeconds: 8,
    // The provider's session is the truth; the check-session iframe is not offered.
    monitorSession: false,
    loadUserInfo: false,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
  });
}

export type SignInOptions = {
  /** Prefills the username on the login page (after register or a password reset). */
  loginHint?: string;
  /**
   * Try a silent sign-in (hidden iframe, the provider's session) before the redirect. Only the
   * /signin entry asks for it: the full redirect also completes without a form when the provider
   * has a session, so elsewhere (the /login page, a restart) the iframe would only boot the app
   * once more and, for a visitor who came to sign in, nearly always answer login_required.
   */
  silent?: boolean;
};

/**
 * Sign-in: optionally a silent sign-in first (see SignInOptions.silent), else a full sign-in
 * redirect that comes back to `wanted` through /callback.
 * Resolves with the user when the silent sign-in worked; otherwise the page is navigating away.
 */
export async function startSignIn(
  manager: UserManager,
  wanted: string,
  locale: Locale,
  options: SignInOptions = {},
): Promise<User | null> {
  if (options.silent) {
    try {
      const user = await manager.signinSilent({ extraQueryParams: { ui_locales: locale } });
      if (user && !user.expired) return user;
    } catch {
      // login_required, consent_required, timeout: fall through to the full redirect
    }
  }
  const { prompt, login_hint, ...extraQueryParams } = portalSignInParams(locale, options.loginHint);
  await manager.signinRedirect({
    state: wanted,
    redirect_uri: redirectUri(locale),
    prompt,
    login_hint,
    extraQueryParams,
  });
  return null;
}

/** The `state` of a sign-in, if it is a same-site path; else the fallback. */
export const statePath = (state: unknown, fallback: string): string =>
  typeof state === 'string' && isSameSitePath(state) ? state : fallback;

/** oidc-client-ts (or our own check) says the token was issued in the future: a wrong clock. */
export const isClockSkewError = (error: unknown): boolean => {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /iat|issued in the future|in the future|clock/i.test(message);
};

/** Allowed clock difference before the callback page blames the computer's clock. */
export const CLOCK_SKEW_SECONDS = 300;

/** Throws a clock-skew error when the ID token's iat is ahead of this computer's clock. */
export const assertIssuedInPast = (user: User, nowSeconds = Date.now() / 1000): void => {
  const iat = Number(user.profile.iat);
  if (Number.isFinite(iat) && iat > nowSeconds + CLOCK_SKEW_SECONDS) {
    throw new Error('The token was issued in the future (iat): check the computer clock');
  }
};
