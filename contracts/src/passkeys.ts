import { z } from 'zod';
import { loginAnswerSchema, returnUrlSchema } from './auth.js';
import { featureEndpoints } from './endpoint.js';
import { stepUpStatusSchema } from './step-up.js';

// Passkeys (issue 32 point 1; /security/passkeys and login step 1): WebAuthn credentials made by
// @simplewebauthn/browser on the page and checked by @simplewebauthn/server. The relying-party
// id is PUBLIC_URL's host name, the origin PUBLIC_URL's origin. A passkey sign-in proves
// possession of the device and its user verification at once: amr `hwk` and `mfa`, the
// two-factor acr, so two-step and a relying party's step-up are met without a second step. After
// another first factor (a password), a passkey passes login step 3 as the second (secondStep).

/** How long a ceremony's challenge holds (a browser dialog waits at most this long). */
export const PASSKEY_CEREMONY_SECONDS = 300;
/** Most passkeys one account keeps. */
export const PASSKEYS_MAX = 20;
export const PASSKEY_NAME_MAX = 64;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Synced between devices by its provider (a passkey in a password manager or a platform account). */
  synced: z.boolean(),
  createdTime: z.string(),
  lastUsedTime: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * A browser's WebAuthn answer as @simplewebauthn/browser serialises it (RegistrationResponseJSON,
 * AuthenticationResponseJSON): the server's library checks every field; here only the shape and
 * the sizes, so nothing huge is parsed.
 */
const b64 = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'passkey_failed');
const credentialResponse = <R extends z.ZodRawShape>(response: R) =>
  z.object({
    id: b64(1400),
    rawId: b64(1400),
    type: z.literal('public-key'),
    response: z.object({ clientDataJSON: b64(4096), ...response }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  });
export const registrationResponseSchema = credentialResponse({
  attestationObject: b64(16_384),
  transports: z.array(z.string().max(32)).max(8).optional(),
  authenticatorData: b64(8192).optional(),
  publicKey: b64(2048).optional(),
  publicKeyAlgorithm: z.number().int().optional(),
});
export const authenticationResponseSchema = credentialResponse({
  authenticatorData: b64(8192),
  signature: b64(2048),
  userHandle: b64(512).optional(),
});

/** The options the page hands to the browser (PublicKeyCredential{Creation,Request}OptionsJSON), as the server's library made them. */
const ceremonyOptions = z.object({ options: z.record(z.string(), z.unknown()) });

export const passkeyNameInput = z.object({
  name: z.string().trim().min(1, 'passkey_name_required').max(PASSKEY_NAME_MAX, 'passkey_name_too_long'),
});
const passkeyIdInput = z.object({ id: z.string().min(1).max(1400) });

const define = featureEndpoints('passkeys');

export const passkeysEndpoints = {
  signInOptions: define({
    method: 'POST',
    path: '/api/account/login/passkey/options',
    summary:
      'Login step 1: a challenge for a passkey of any account (discoverable credentials, the browser lists them, autofill included), tied to this sign-in',
    auth: 'public',
    input: z.object({ returnUrl: returnUrlSchema }),
    output: ceremonyOptions,
    errors: ['login_session_expired', 'too_many_requests'],
  }),
  signIn: define({
    method: 'POST',
    path: '/api/account/login/passkey',
    summary:
      'Signs in with the passkey the browser answered the challenge with: two factors at once (amr hwk, mfa), so no second step is owed',
    auth: 'public',
    input: z.object({ returnUrl: returnUrlSchema, response: authenticationResponseSchema }),
    output: loginAnswerSchema,
    errors: ['login_session_expired', 'passkey_failed', 'account_suspended', 'too_many_requests'],
  }),
  secondStepOptions: define({
    method: 'POST',
    path: '/api/account/login/two-factor/passkey/options',
    summary:
      "Login step 3: a challenge for one of the passkeys of the account this browser owes a second step for (a password sign-in with two-step on, or a relying party's step-up)",
    auth: 'public',
    input: z.object({ returnUrl: returnUrlSchema }),
    output: ceremonyOptions,
    errors: ['login_two_factor_expired', 'login_session_expired', 'too_many_requests'],
  }),
  secondStep: define({
    method: 'POST',
    path: '/api/account/login/two-factor/passkey',
    summary:
      "Passes login step 3 with the account's passkey the browser answered the challenge with (amr adds hwk and mfa)",
    auth: 'public',
    input: z.object({
      returnUrl: returnUrlSchema,
      response: authenticationResponseSchema,
      rememberMachine: z.boolean().default(false),
    }),
    output: loginAnswerSchema,
    errors: [
      'login_two_factor_expired',
      'login_session_expired',
      'passkey_failed',
      'account_suspended',
      'account_locked',
      'too_many_requests',
    ],
  }),
  stepUpOptions: define({
    method: 'POST',
    path: '/api/account/step-up/passkey/options',
    summary: "The account pages' step-up with a passkey: a challenge for one of this account's passkeys",
    auth: 'user',
    output: ceremonyOptions,
    errors: ['not_found', 'too_many_requests'],
  }),
  stepUp: define({
    method: 'POST',
    path: '/api/account/step-up/passkey',
    summary:
      "Gives the whole step-up proof for this sign-in with one of the account's passkeys (possession and user verification: both factors); answers the step-up status",
    auth: 'user',
    input: z.object({ response: authenticationResponseSchema }),
    output: stepUpStatusSchema,
    errors: ['passkey_failed', 'account_locked', 'too_many_requests'],
  }),
  list: define({
    method: 'GET',
    path: '/api/account/passkeys',
    summary: "The person's passkeys, newest first",
    auth: 'user',
    output: z.array(passkeySchema),
  }),
  registrationOptions: define({
    method: 'POST',
    path: '/api/account/passkeys/options',
    summary:
      'A challenge to make a new passkey for this account (its other passkeys excluded); needs the step-up proof',
    auth: 'user',
    stepUp: true,
    output: ceremonyOptions,
    errors: ['passkeys_too_many'],
  }),
  register: define({
    method: 'POST',
    path: '/api/account/passkeys',
    summary:
      'Keeps the passkey the browser made for the challenge, under a name; the primary e-mail is told, with a link that removes it',
    auth: 'user',
    stepUp: true,
    input: passkeyNameInput.extend({ response: registrationResponseSchema }),
    output: passkeySchema,
    errors: ['passkey_failed', 'passkey_exists', 'passkeys_too_many', 'passkey_name_required', 'passkey_name_too_long'],
  }),
  rename: define({
    method: 'PUT',
    path: '/api/account/passkeys/:id',
    summary: 'Renames one of the person’s passkeys',
    auth: 'user',
    input: passkeyIdInput.extend(passkeyNameInput.shape),
    output: passkeySchema,
    errors: ['not_found', 'passkey_name_required', 'passkey_name_too_long'],
  }),
  remove: define({
    method: 'POST',
    path: '/api/account/passkeys/:id/remove',
    summary:
      'Removes one passkey (it no longer signs in); refused when it is the last way the account has to sign in. Needs the step-up proof',
    auth: 'user',
    stepUp: true,
    input: passkeyIdInput,
    output: z.literal(true),
    errors: ['not_found', 'error_unlink_last_way'],
  }),
};
