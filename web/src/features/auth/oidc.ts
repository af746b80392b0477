import { type Locale, localePrefix } from '@portico/contracts';
import { type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { SessionUser } from './session';

// The portal signs in through its own provider (spec §1: authorization code + PKCE, silent
// renew, scopes openid profile email offline_access). One UserManager per app.

export const PORTAL_SCOPES = 'openid profile email offline_access';

export interface OidcConfig {
  oidcAuthority: string;
  oidcClientId: string;
}

const absolute = (url: string, origin: string): string => new URL(url, origin).toString().replace(/\/$/, '');

export const redirectUri = (locale: Locale, origin = window.location.origin): string =>
  `${origin}${localePrefix(locale)}/callback`;

export const postLogoutRedirectUri = (locale: Locale, origin = window.location.origin): string =>
  `${origin}${localePrefix(locale)}/`;

/** A UserManager for the portal client, or null when app settings name no client. */
export function createUserManager(
  config: OidcConfig,
  { origin = window.location.origin, renew = true }: { origin?: string; renew?: boolean } = {},
): UserManager | null {
  if (!config.oidcClientId || !config.oidcAuthority) return null;
  return new UserManager({
    authority: absolute(config.oidcAuthority, origin),
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

/** The silent-renew page (inside the hidden iframe) must not renew or sign in by itself. */
export const isSilentRenewPath = (pathname: string): boolean => /(^|\/)silent-renew\/?$/.test(pathname);

/**
 * The spec's login entry: with no user, try a silent sign-in (the provider's session, no page
 * shown), else a full sign-in redirect that comes back to `wanted` through /callback.
 * Resolves with the user when the silent sign-in worked; otherwise the page is navigating away.
 */
export async function startSignIn(
  manager: UserManager,
  wanted: string,
  locale: Locale,
  options: { loginHint?: string } = {},
): Promise<User | null> {
  try {
    const user = await manager.signinSilent({ extraQueryParams: { ui_locales: locale } });
    if (user && !user.expired) return user;
  } catch {
    // login_required, consent_required, timeout: fall through to the full redirect
  }
  await manager.signinRedirect({
    state: wanted,
    redirect_uri: redirectUri(locale),
    // offline_access is only granted with prompt=consent; first-party consent is implied.
    prompt: 'consent',
    // login_hint prefills the username on the login page (after register or a password reset).
    login_hint: options.loginHint || undefined,
    extraQueryParams: { ui_locales: locale },
  });
  return null;
}

/**
 * The session's user: the name parts of the ID token, which pages write in their own language
 * (useUserName), and a stand-in name: the `name` claim, else the e-mail, else the subject.
 */
export const sessionUser = (user: User): SessionUser => {
  const p = user.profile;
  return {
    sub: p.sub,
    name: (p.name || p.email || p.preferred_username || p.sub || '').toString(),
    givenName: p.given_name,
    familyName: p.family_name,
  };
};

/** The `state` of a sign-in, if it is a same-site path; else the fallback. */
export const statePath = (state: unknown, fallback: string): string =>
  typeof state === 'string' && state.startsWith('/') && !state.startsWith('//') ? state : fallback;

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
