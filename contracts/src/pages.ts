// Which pages of the portal a visitor without a stored session cannot use without signing in
// first. The server answers those with the sign-in start page (server/src/web/static.ts), whose
// script (web/src/start/signInStart.ts) goes straight to the authorize redirect without booting
// the app; both decide with startsSignIn below. No zod here: the start script bundles this file.

/** The areas of the account shell (web/src/routes.tsx, layout 'manager'): signed-in people only. */
export const SIGNED_IN_AREAS = ['/account', '/security', '/notification', '/order', '/point', '/admin'] as const;

/** Whether a path without language prefix is a page of the account shell. */
export const isSignedInPage = (path: string): boolean =>
  SIGNED_IN_AREAS.some((area) => path === area || path.startsWith(`${area}/`));

/** The login URL's ReturnUrl (either spelling), else empty. */
export const rawReturnUrl = (search: URLSearchParams): string =>
  search.get('ReturnUrl') ?? search.get('returnUrl') ?? '';

// The login URL's options (spec sign-in §2, §4), free of zod: the sign-in start script
// (web/src/start/signInStart.ts), the app's login page and the server's first paint of it
// (server/src/web/first-paint.ts) read them the same way.

/** The login URL's options besides ReturnUrl (spec sign-in §2, §4). */
export const LOGIN_OPTION_NAMES = ['username', 'password', 'campaignId', 'hideRegister'] as const;

/** The query of a ReturnUrl that carries one (`/account?hideRegister=true`), else empty. */
export const queryOf = (url: string): URLSearchParams => {
  const at = url.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : url.slice(at + 1).split('#')[0]);
};

/**
 * The login options of a URL, wherever they arrive: directly on /login, inside ReturnUrl's own
 * query, or `carried` across the sign-in redirect (carriedLoginOptions.ts). Direct ones win.
 */
export const loginOptionsOf = (search: URLSearchParams, carried?: URLSearchParams): URLSearchParams => {
  const inner = queryOf(rawReturnUrl(search));
  const options = new URLSearchParams();
  for (const name of LOGIN_OPTION_NAMES) {
    const value = search.get(name) ?? inner.get(name) ?? carried?.get(name) ?? null;
    if (value !== null) options.set(name, value);
  }
  return options;
};

/** The uid of a provider interaction ReturnUrl (`/oidc/interaction/<uid>`, maybe with a query), else null. */
export const interactionUid = (returnUrl: string): string | null =>
  /^\/oidc\/interaction\/([A-Za-z0-9_-]+)\/?(?:[?#].*)?$/.exec(returnUrl)?.[1] ?? null;

/**
 * Whether a visitor without a stored session, opening this page (path without language prefix),
 * is sent to the provider's sign-in: the home (it leads to /account), the account shell, and
 * /login without a provider interaction (the portal's own sign-in). /signin tries a silent
 * sign-in first and stays with the app.
 */
export const startsSignIn = (path: string, search: URLSearchParams): boolean =>
  path === '/' || isSignedInPage(path) || (path === '/login' && !interactionUid(rawReturnUrl(search)));

/**
 * What the start page's script needs to build the portal's authorize request
 * (server/src/web/sign-in-start.ts writes it, web/src/start/signInRequest.ts reads it).
 */
export interface SignInStartConfig {
  /** The provider's issuer (app settings' oidcAuthority). */
  authority: string;
  /** The portal's client id (app settings' oidcClientId). */
  clientId: string;
  authorizationEndpoint: string;
}

/**
 * The login page's cookies the server reads too: a code step to resume after a reload
 * (web/src/features/login/loginInfo.ts), and login options carried across the sign-in redirect
 * (web/src/lib/carriedLoginOptions.ts). With either, the app's first render of /login differs
 * from the card the server would draw first (server/src/web/first-paint.ts).
 */
export const LOGIN_INFO_COOKIE = 'portico_login_info';
export const LOGIN_OPTIONS_COOKIE = 'portico_login_options';
/**
 * A tab marked embedded (web/src/embed/detect.ts) says so to the server too: the login page's first
 * paint, which draws the banner, is then left out (server/src/web/first-paint.ts).
 */
export const EMBEDDED_COOKIE = 'portico_embedded';
