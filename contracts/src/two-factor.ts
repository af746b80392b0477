import { z } from 'zod';
import { checkPasswordInput } from './delete-account.js';
import { featureEndpoints } from './endpoint.js';

// Two-step verification settings (spec account §2 Two-step verification page, §3 Two-factor
// details, §4, §5 Two-factor, §7 Two-factor). The sign-in side (login step 3) uses the types below.

/** The authenticator QR code is shown this wide, in CSS pixels (spec account §9 QR width). */
export const AUTHENTICATOR_QR_SIZE = 170;
/** Steps of the setup wizard (spec account §9): download an app, confirm the password, scan, enter the code. */
export const TWO_FACTOR_WIZARD_STEPS = 4;
/** Digits of an authenticator code (RFC 6238 as apps use it). */
export const AUTHENTICATOR_CODE_LENGTH = 6;

/**
 * The second factors a sign-in may offer (spec sign-in §3 Two-factor state: type ids as seen;
 * `app` and `prompt` come with push approval). `recoveryCode` goes with `authenticator`.
 */
export const TWO_FACTOR_TYPES = ['authenticator', 'email', 'recoveryCode'] as const;
export type TwoFactorType = (typeof TWO_FACTOR_TYPES)[number];
/** One way to pass the second step: the type, its label's message key and, for e-mail, the masked address. */
export const twoFactorMethodSchema = z.object({
  type: z.enum(TWO_FACTOR_TYPES),
  staticKey: z.enum(['two_factor_method_authenticator', 'two_factor_method_email', 'two_factor_method_recovery_code']),
  value: z.string().optional(),
});
export type TwoFactorMethod = z.infer<typeof twoFactorMethodSchema>;

/** spec account §3 Two-factor details; recoveryCodesLeft: unused recovery codes. */
export const twoFactorDetailsSchema = z.object({
  twoFactorEnabled: z.boolean(),
  hasAuthenticator: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorDetails = z.infer<typeof twoFactorDetailsSchema>;

/**
 * spec account §3 setup result: the key to type (groups of four), the otpauth:// URI the QR code
 * carries, and that QR code as an SVG data URL (drawn on the server: the page needs no QR library).
 */
export const authenticatorSetupSchema = z.object({
  sharedKey: z.string(),
  authenticatorUri: z.string(),
  qrCode: z.string(),
});
export type AuthenticatorSetup = z.infer<typeof authenticatorSetupSchema>;

/** spec account §3 verify result: the recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** spec account §5 Two-factor: empty gives please_enter_verification_code; anything but 6 digits is incorrect. */
export const verificationCodeInput = z.object({
  verificationCode: z
    .string({ error: 'please_enter_verification_code' })
    .trim()
    .min(1, 'please_enter_verification_code')
    .max(20, 'authentication_code_is_incorrect')
    .regex(/^\d{6}$/, 'authentication_code_is_incorrect'),
});
export type VerificationCodeInput = z.input<typeof verificationCodeInput>;

// The same password rule as delete account's check (error_password_empty when empty).
export { checkPasswordInput as twoFactorPasswordInput };

const define = featureEndpoints('two-factor');

export const twoFactorEndpoints = {
  details: define({
    method: 'GET',
    path: '/api/account/two-factor/details',
    summary: 'Whether two-step verification is on, whether an authenticator is set up, recovery codes left',
    auth: 'user',
    output: twoFactorDetailsSchema,
  }),
  checkPassword: define({
    method: 'POST',
    path: '/api/account/two-factor/check-password',
    summary:
      "Gives the account's password as the step-up proof (contracts/src/step-up.ts) of this sign-in: with two-step off it then holds for STEP_UP_PROOF_SECONDS; with it on, a second factor is still owed at /api/account/step-up",
    auth: 'user',
    input: checkPasswordInput,
    output: z.literal(true),
    errors: ['error_password_empty', 'invalid_password', 'password_not_set', 'account_locked', 'too_many_requests'],
  }),
  setupAuthenticator: define({
    method: 'POST',
    path: '/api/account/two-factor/setup-authenticator',
    summary:
      'Starts an authenticator setup: a new secret, pending until verify-authenticator (the one in use keeps working)',
    auth: 'user',
    stepUp: true,
    output: authenticatorSetupSchema,
  }),
  verifyAuthenticator: define({
    method: 'POST',
    path: '/api/account/two-factor/verify-authenticator',
    summary:
      'Finishes the setup with a code of the new secret: it becomes the authenticator, two-step turns on, 10 new recovery codes',
    auth: 'user',
    input: verificationCodeInput,
    output: recoveryCodesSchema,
    errors: [
      'please_enter_verification_code',
      'authentication_code_is_incorrect',
      'two_factor_setup_expired',
      'account_locked',
      'too_many_requests',
    ],
  }),
  enable: define({
    method: 'POST',
    path: '/api/account/two-factor/enable',
    summary: 'Turns two-step verification on (an authenticator must be set up)',
    auth: 'user',
    output: twoFactorDetailsSchema,
    errors: ['two_factor_setup_required'],
  }),
  disable: define({
    method: 'POST',
    path: '/api/account/two-factor/disable',
    summary: 'Turns two-step verification off (the authenticator stays set up); needs the step-up proof',
    auth: 'user',
    stepUp: true,
    output: twoFactorDetailsSchema,
  }),
  generateRecoveryCodes: define({
    method: 'POST',
    path: '/api/account/two-factor/generate-recovery-codes',
    summary: '10 new recovery codes, shown once; the earlier ones stop working',
    auth: 'user',
    stepUp: true,
    output: recoveryCodesSchema,
    errors: ['two_factor_not_enabled'],
  }),
  resetAuthenticator: define({
    method: 'POST',
    path: '/api/account/two-factor/reset-authenticator',
    summary: 'Removes the authenticator and the recovery codes and turns two-step off; a new setup is needed',
    auth: 'user',
    stepUp: true,
    output: twoFactorDetailsSchema,
  }),
};
