import { z } from 'zod';
import { redirectAnswerSchema } from './auth.js';
import { featureEndpoints } from './endpoint.js';

// Token login (spec sign-in-and-session §2 "Login-entry and token-login pages", §7 "GET token
// login with query token"): a first-party app that holds the user's access token asks for a
// one-time login token, and /token-login?token=...&cb=... turns it into a browser session
// through the provider. The /captcha page (spec §2) hands a captcha answer to a native app.

/** How long a one-time login token lives, in seconds. */
export const TOKEN_LOGIN_TTL_SECONDS = 60;

/** The one-time token: 32 random bytes, base64url (43 characters). Anything else is not one. */
export const TOKEN_LOGIN_PATTERN = /^[\w-]{43}$/;

/**
 * `cb` of the token-login page: the message `{ type: cb }` the page posts, once signed in, to the
 * app that embeds it (the parent window of an allow-listed origin, or a native web view's handler
 * named cb, else `portico`, or ReactNativeWebView) when it runs framed or with `embedded=1`;
 * otherwise the page goes to /. A short name, no markup.
 */
export const TOKEN_LOGIN_CB_PATTERN = /^[A-Za-z][\w.:-]{0,63}$/;

export const isTokenLoginToken = (value: unknown): value is string =>
  typeof value === 'string' && TOKEN_LOGIN_PATTERN.test(value);

export const tokenLoginIssueAnswerSchema = z.object({
  token: z.string(),
  /** Seconds the token stays usable. */
  expiresIn: z.number().int(),
  /** The token-login page with the token, to open in a browser or a web view (append &cb=...). */
  url: z.string(),
});
export type TokenLoginIssueAnswer = z.infer<typeof tokenLoginIssueAnswerSchema>;

const token = z.string({ error: 'token_login_invalid' }).trim().regex(TOKEN_LOGIN_PATTERN, 'token_login_invalid');

export const tokenLoginExchangeInput = z.object({
  token,
  /** The pending sign-in of this browser: /oidc/interaction/<uid>, as on the login page. */
  returnUrl: z.string({ error: 'login_session_expired' }).max(2048, 'login_session_expired'),
});
export type TokenLoginExchangeInput = z.input<typeof tokenLoginExchangeInput>;

const define = featureEndpoints('token-login');

export const tokenLoginEndpoints = {
  issue: define({
    method: 'POST',
    path: '/api/account/token-login/token',
    summary:
      "A one-time login token for the calling first-party app's user: single use, 60 seconds, bound to the user, the app and its session",
    auth: 'user',
    output: tokenLoginIssueAnswerSchema,
    errors: ['token_login_not_first_party', 'token_login_session_ended'],
  }),
  // The spec's "GET token login with query token" changes state (the token is used up), so it is
  // a POST: a prefetch or an <img> must not spend it. Under /api/account, where the browser's
  // interaction binding cookie is sent (server/src/modules/sign-in/interaction-binding.ts).
  exchange: define({
    method: 'POST',
    path: '/api/account/token-login',
    summary:
      "Completes this browser's pending sign-in with a one-time login token; the browser then follows redirectUrl",
    auth: 'public',
    input: tokenLoginExchangeInput,
    output: redirectAnswerSchema,
    errors: [
      'token_login_invalid',
      'token_login_wrong_client',
      'token_login_not_first_party',
      'token_login_session_ended',
      'login_session_expired',
    ],
  }),
};
