import { localeFromPath, stripLocalePrefix } from '@portico/contracts/locales';
import type { SignInStartConfig } from '@portico/contracts/pages';
import { loginOptionsOf } from '@portico/contracts/pages';
import { wantedPagePath } from '../lib/interaction';
import { authorityUrl, PORTAL_SCOPES, portalSignInParams, redirectUri } from '../session/oidc-light';

// The portal's sign-in redirect without oidc-client-ts: what the start page (signInStart.ts) sends
// a signed-out visitor to. It writes the same sign-in state oidc-client-ts's signinRedirect writes
// (key `oidc.<state>`, SigninState.toStorageString's fields), so the app's /callback page, which
// runs oidc-client-ts, finishes it as its own (signInRequest.test.ts compares the two).

/**
 * The /login query the app's guards would reach for this page: /login's own, the home's
 * (HomeRedirect → /account), else the RequireAuth redirect's `ReturnUrl=<page>`.
 */
export const loginSearchFor = (pathname: string, search: string): URLSearchParams => {
  const path = stripLocalePrefix(pathname);
  if (path === '/login') return new URLSearchParams(search);
  if (path === '/') return new URLSearchParams({ ReturnUrl: '/account' });
  // The query as the address bar has it, as RequireAuth passes it on.
  return new URLSearchParams({ ReturnUrl: pathname + search });
};

const base64Url = (bytes: ArrayBuffer | Uint8Array): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** 32 hex digits, as oidc-client-ts's state ids. */
const randomId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Stores the sign-in state and returns the authorize URL for a visitor of `location` who is to
 * come back to where the app would send them (LoginEntry: `wanted`, the login hint).
 */
export async function createSignInRequest(
  config: SignInStartConfig,
  location: { origin: string; pathname: string; search: string },
  storage: Storage,
  now = Date.now(),
): Promise<string> {
  const loginSearch = loginSearchFor(location.pathname, location.search);
  const locale = localeFromPath(location.pathname);
  const id = randomId();
  // PKCE (RFC 7636): a 96-hex-digit verifier, its SHA-256 as the challenge.
  const verifier = randomId() + randomId() + randomId();
  const challenge = base64Url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const redirect = redirectUri(locale, location.origin);
  storage.setItem(
    `oidc.${id}`,
    JSON.stringify({
      id,
      data: wantedPagePath(loginSearch),
      created: Math.floor(now / 1000),
      request_type: 'si:r',
      code_verifier: verifier,
      authority: authorityUrl(config.authority, location.origin),
      client_id: config.clientId,
      redirect_uri: redirect,
      scope: PORTAL_SCOPES,
      extraTokenParams: {},
    }),
  );
  const url = new URL(config.authorizationEndpoint, location.origin);
  const params: Record<string, string> = {
    client_id: config.clientId,
    redirect_uri: redirect,
    response_type: 'code',
    scope: PORTAL_SCOPES,
    state: id,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...portalSignInParams(locale, loginOptionsOf(loginSearch).get('username') || undefined),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
  return url.href;
}
