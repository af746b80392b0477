import { type Locale, localePrefix } from '@portico/contracts/locales';
import type { User } from 'oidc-client-ts';
import type { SessionUser } from './session';

// The session helpers that need no oidc-client-ts code: OidcSession.tsx imports these at start and
// loads oidc.ts (and oidc-client-ts with it) only when a sign-in, a stored user or a page asking
// for the manager needs it, so the login page does not download it (bench/README.md).

export const PORTAL_SCOPES = 'openid profile email offline_access';

export interface OidcConfig {
  oidcAuthority: string;
  oidcClientId: string;
}

/** The authority as oidc-client-ts holds it (absolute, no trailing slash): a sign-in state names it. */
export const authorityUrl = (url: string, origin: string): string => new URL(url, origin).toString().replace(/\/$/, '');

/** Where the provider sends the browser back after a sign-in, in the page's language. */
export const redirectUri = (locale: Locale, origin = window.location.origin): string =>
  `${origin}${localePrefix(locale)}/callback`;

/**
 * The authorize request's own parameters for the portal: offline_access is only granted with
 * prompt=consent (first-party consent is implied), login_hint prefills the username (after
 * register or a password reset), ui_locales is the page's language.
 */
export const portalSignInParams = (locale: Locale, loginHint?: string): Record<string, string> => ({
  prompt: 'consent',
  ...(loginHint ? { login_hint: loginHint } : {}),
  ui_locales: locale,
});

/** The silent-renew page (inside the hidden iframe) must not renew or sign in by itself. */
export const isSilentRenewPath = (pathname: string): boolean => /(^|\/)silent-renew\/?$/.test(pathname);

/**
 * Whether oidc-client-ts keeps a signed-in user in this browser (its WebStorageStateStore key
 * `oidc.user:<authority>:<client>` in localStorage, as createUserManager in oidc.ts configures).
 * Without one the visitor is anonymous, and nothing needs the manager yet.
 */
export const hasStoredUser = (storage?: Storage): boolean => {
  try {
    // Inside the try: reading localStorage throws where storage is refused (cookies blocked).
    const store = storage ?? globalThis.localStorage;
    if (!store) return false;
    for (let i = 0; i < store.length; i++) if (store.key(i)?.startsWith('oidc.user:')) return true;
  } catch {
    // storage unavailable: no stored user
  }
  return false;
};

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
