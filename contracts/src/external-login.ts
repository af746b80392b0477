import { z } from 'zod';
import { loginAnswerSchema, returnUrlSchema } from './auth.js';
import { featureEndpoints } from './endpoint.js';
import { userClaimSchema } from './profile.js';
import { externalDetailsInput } from './register.js';
import type { SocialProvider } from './settings.js';

// Sign-in through Google, Facebook and Zalo (spec sign-in §2 step 1, §3, §5 "External login", §7;
// account-area §2 social box, §7 cancel-linking, §8; issue 25). Served by
// server/src/features/external-login on the adapters of server/src/modules/federation.

/** The provider names of the spec's claims and current user (`idp`), by our provider ids. */
export const PROVIDER_NAMES = { google: 'Google', facebook: 'Facebook', zalo: 'Zalo' } as const satisfies Record<
  SocialProvider,
  string
>;

const returnUrl = returnUrlSchema;
const proof = z.string().max(8192);

/**
 * POST /api/account/login/external (spec §7 "External login uses a different endpoint with the
 * same body"): Google sends its ID token as `credential` (never a copy decoded in the browser),
 * Facebook its access token and user id. Zalo arrives through its callback instead.
 */
export const externalLoginInput = z.object({
  provider: z.enum(['google', 'facebook'], { error: 'login_invalid_external_info' }),
  credential: proof.optional(),
  accessToken: proof.optional(),
  userId: z.string().max(128).optional(),
  returnUrl,
  captcha: z.string().max(8192).optional(),
  visistorId: z.string().max(128).optional(),
});
export type ExternalLoginInput = z.input<typeof externalLoginInput>;

/** Where a Zalo sign-in or link starts: the permission page's address (the browser goes there). */
export const zaloStartAnswerSchema = z.object({ url: z.string() });
export type ZaloStartAnswer = z.infer<typeof zaloStartAnswerSchema>;

/** What a provider's sign-in left owed on this browser's pending sign-in (the Zalo callback lands here too). */
export const pendingExternalSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('none') }),
  /** A new account was made: the update-info form (`userInfo` as the login answer's). */
  z.object({ step: z.literal('details'), answer: loginAnswerSchema }),
  /** The provider's e-mail belongs to an account: sign in to it to link the provider. */
  z.object({ step: z.literal('link'), provider: z.enum(['google', 'facebook', 'zalo']), username: z.string() }),
  /** The provider's sign-in failed at its callback; the message key says why. */
  z.object({ step: z.literal('error'), messageKey: z.string() }),
]);
export type PendingExternal = z.infer<typeof pendingExternalSchema>;

/** Link a provider to the signed-in account (the personal-info page's social box). */
export const linkProviderInput = externalLoginInput.pick({
  provider: true,
  credential: true,
  accessToken: true,
  userId: true,
});
export type LinkProviderInput = z.input<typeof linkProviderInput>;

const EXTERNAL_ERRORS = ['login_invalid_external_info', 'account_is_delete', 'too_many_requests'] as const;

const define = featureEndpoints('external-login');

export const externalLoginEndpoints = {
  login: define({
    method: 'POST',
    path: '/api/account/login/external',
    summary:
      'Sign-in with a Google ID token or a Facebook access token: the login answer (isRegister for a new account; `linkProof` when the e-mail has an account)',
    auth: 'public',
    input: externalLoginInput,
    output: loginAnswerSchema,
    errors: [...EXTERNAL_ERRORS, 'login_session_expired', 'account_locked'],
  }),
  zaloStart: define({
    method: 'POST',
    path: '/api/account/login/zalo/start',
    summary:
      "Starts a Zalo sign-in for this browser's pending sign-in (PKCE, state in a cookie): answers the address to go to",
    auth: 'public',
    input: z.object({ returnUrl }),
    output: zaloStartAnswerSchema,
    errors: ['login_invalid_external_info', 'login_session_expired'],
  }),
  zaloCallback: define({
    method: 'GET',
    path: '/api/account/login/zalo/callback',
    summary: "Zalo's redirect after its permission page: checks the state, signs in or links, and sends the browser on",
    auth: 'public',
    input: z.object({
      code: z.string().max(2048).optional(),
      state: z.string().max(256).optional(),
      error: z.string().max(256).optional(),
    }),
    output: z.object({ location: z.string() }),
    redirect: true,
    errors: ['login_invalid_external_info'],
  }),
  pending: define({
    method: 'GET',
    path: '/api/account/login/external/pending',
    summary:
      "What a provider's sign-in left owed on this browser's pending sign-in (update-info, a link to prove, an error)",
    auth: 'public',
    input: z.object({ returnUrl }),
    output: pendingExternalSchema,
  }),
  details: define({
    method: 'POST',
    path: '/api/account/login/external/details',
    summary: 'The update-info form after a first sign-in through a provider (Update or Skip); finishes the sign-in',
    auth: 'public',
    input: externalDetailsInput(),
    output: loginAnswerSchema,
    errors: ['login_session_expired', 'error_password_common'],
  }),
  link: define({
    method: 'POST',
    path: '/api/account/links',
    summary: 'Links a Google or Facebook account to the signed-in account (stored as its link claim)',
    auth: 'user',
    stepUp: true,
    input: linkProviderInput,
    output: userClaimSchema,
    errors: ['login_invalid_external_info', 'error_linking_by_other_user'],
  }),
  linkZaloStart: define({
    method: 'POST',
    path: '/api/account/links/zalo/start',
    summary: 'Starts linking Zalo to the signed-in account: answers the permission page to go to',
    auth: 'user',
    stepUp: true,
    output: zaloStartAnswerSchema,
    errors: ['login_invalid_external_info'],
  }),
};
