import { rawReturnUrl } from '@portico/contracts/pages';

// The login URL's options (spec sign-in §2, §4), free of React and of zod, so the
// sign-in start script (web/src/start/signInStart.ts) can use them without the app.

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
