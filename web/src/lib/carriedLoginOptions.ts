import { LOGIN_OPTION_NAMES, LOGIN_OPTIONS_COOKIE, loginOptionsOf } from '@portico/contracts/pages';
import { deleteCookie, writeCookie } from './cookies';

// /login?hideRegister=true (or username + password, campaignId) opened directly has no provider
// interaction yet: the page starts the sign-in redirect, and the provider comes back to
// /login?ReturnUrl=/oidc/interaction/<uid> without them. They wait in this tab's session storage
// meanwhile, for a few minutes at most, and are taken (removed) by the first login page after it.
const KEY = 'portico.login-options';
const MAX_AGE_MS = 10 * 60 * 1000;

let taken: URLSearchParams | undefined;

/** Keeps the URL's login options (direct or inside ReturnUrl) for the page after the redirect. */
export function carryLoginOptions(search: URLSearchParams): void {
  const options = loginOptionsOf(search);
  if (!LOGIN_OPTION_NAMES.some((name) => options.has(name))) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ at: Date.now(), query: options.toString() }));
    // Says so to the server, which then leaves the login page to the app (no first paint).
    writeCookie(LOGIN_OPTIONS_COOKIE, '1', MAX_AGE_MS / 1000);
  } catch {
    // storage refused (private mode): the options are lost, as before
  }
}

/** The carried options, removed from storage on the first call (later calls in this page load see the same). */
export function takeCarriedLoginOptions(now = Date.now()): URLSearchParams {
  if (taken) return taken;
  taken = new URLSearchParams();
  try {
    deleteCookie(LOGIN_OPTIONS_COOKIE);
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const saved = raw ? (JSON.parse(raw) as { at?: unknown; query?: unknown }) : null;
    if (saved && typeof saved.at === 'number' && now - saved.at < MAX_AGE_MS && typeof saved.query === 'string') {
      taken = new URLSearchParams(saved.query);
    }
  } catch {
    // unreadable: nothing carried
  }
  return taken;
}

/** Tests only: forget what this page load took. */
export const resetCarriedLoginOptions = () => {
  taken = undefined;
};
