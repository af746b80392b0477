import { ACR_ONE_FACTOR, ACR_TWO_FACTOR } from '../../oidc/acr.js';

// What a sign-in amounts to (amr, acr); the acr values and the provider's step-up check are in
// server/src/oidc/acr.ts, re-exported here for the sign-in module's users.
export { ACR_ONE_FACTOR, ACR_TWO_FACTOR, ACR_VALUES, interactionPolicy, STEP_UP_REASON } from '../../oidc/acr.js';

/**
 * The first factors a sign-in can start with. token: an app's one-time login token
 * (server/src/features/token-login/service.ts); google, facebook, zalo: an external provider's
 * sign-in (server/src/features/external-login); qr: a QR code the account's signed-in phone
 * approved; prompt: a push request one of its signed-in devices approved with the right number
 * (server/src/features/approval); passkey: a WebAuthn credential with user verification
 * (server/src/features/passkeys).
 */
export type FirstFactor = 'password' | 'otp' | 'token' | 'qr' | 'prompt' | 'passkey' | ExternalFactor;
export type ExternalFactor = 'google' | 'facebook' | 'zalo';
/**
 * The second factors of login step 3 (spec sign-in §3 Two-factor state): app is the code a
 * signed-in session shows, prompt a push request a signed-in device approved, passkey one of the
 * account's passkeys (server/src/features/passkeys).
 */
export type SecondFactor = 'authenticator' | 'email' | 'recoveryCode' | 'app' | 'prompt' | 'passkey';

/**
 * RFC 8176 method references. An authenticator code and an e-mail code are one-time passwords
 * (`otp`); a recovery code is a pre-issued single-use secret (NIST SP 800-63B "look-up secret"),
 * also reported as `otp` rather than `kba` (which means knowledge questions). `mfa` says two
 * independent factors were used.
 */
// RFC 8176 has none for a session handed over from an app, so token login says `token`: no relying
// party mistakes it for a factor this browser proved (a step-up asks again).
// A provider's sign-in is federated authentication (RFC 8176 `fed`), whichever provider it was.
// An approval by another signed-in device has no registered value either: `qr` and `prompt` name
// the method (issue 26), so a relying party can tell them from a factor typed in this browser.
const FIRST_AMR: Record<FirstFactor, string> = {
  password: 'pwd',
  otp: 'otp',
  token: 'token',
  qr: 'qr',
  prompt: 'prompt',
  passkey: 'hwk',
  google: 'fed',
  facebook: 'fed',
  zalo: 'fed',
};
// A code (authenticator, e-mail, recovery, app) is `otp`; an approved push request `prompt`; a
// passkey the key its device holds (`hwk`).
const SECOND_AMR: Record<SecondFactor, string> = {
  authenticator: 'otp',
  email: 'otp',
  recoveryCode: 'otp',
  app: 'otp',
  prompt: 'prompt',
  passkey: 'hwk',
};

/**
 * The first factor a session's amr shows, for a step-up that keeps it and adds the second: amrOf
 * puts it first. A provider's sign-in comes back as the first provider: all of them say `fed` (the
 * step-up needs only the amr again, and a step-up records no new sign-in). No amr we know: a
 * one-time code.
 */
export function firstFactorOfAmr(amr: unknown): FirstFactor {
  const first = Array.isArray(amr) ? amr[0] : undefined;
  return (Object.keys(FIRST_AMR) as FirstFactor[]).find((factor) => FIRST_AMR[factor] === first) ?? 'otp';
}

/**
 * A passkey is two factors in one: the key held by the device (`hwk`, RFC 8176) and the user
 * verification the authenticator did (its biometrics or PIN), so it says `mfa` on its own.
 */
export const isTwoFactorsInOne = (first: FirstFactor) => first === 'passkey';

export function amrOf(first: FirstFactor, second?: SecondFactor): string[] {
  if (isTwoFactorsInOne(first)) return [FIRST_AMR[first], 'mfa'];
  if (!second) return [FIRST_AMR[first]];
  return [...new Set([FIRST_AMR[first], SECOND_AMR[second], 'mfa'])];
}

export const acrOf = (amr: readonly string[]): string => (amr.includes('mfa') ? ACR_TWO_FACTOR : ACR_ONE_FACTOR);
