import { z } from 'zod';
import { loginTwoFactorTypeSchema } from './auth.js';
import { CODE_ERRORS, codeSentSchema, featureEndpoints, noInput } from './endpoint.js';
import { PASSWORD_INPUT_MAX } from './password.js';

// Step-up for the account pages (issue 24 point 5): the changes that decide how an account signs
// in or recovers (its sign-in addresses, recovery ways, two-step settings) need a proof given for
// them, not just the access token: the password (a code to the primary address for an account
// without one), then a second factor while two-step is on. The proof holds for this sign-in for
// STEP_UP_PROOF_SECONDS. An endpoint that needs it says `stepUp: true` (contracts/src/endpoint.ts)
// and answers 403 step_up_required without it; the web app then opens its step-up dialog
// (web/src/components/StepUpHost.tsx) and calls again. Served by server/src/features/step-up.

/** How a proof is given: a first factor (password, or a code to the primary address) or a second one. */
export const STEP_UP_FIRST_METHODS = ['password', 'code'] as const;
export const STEP_UP_SECOND_METHODS = ['authenticator', 'email', 'recovery_code'] as const;
export const STEP_UP_METHODS = [...STEP_UP_FIRST_METHODS, ...STEP_UP_SECOND_METHODS] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];

export const stepUpStatusSchema = z.object({
  /** A proof holds for this sign-in now. */
  proven: z.boolean(),
  /** Seconds the proof still holds (0 when none). */
  expiresIn: z.number().int(),
  /** What is asked next: the first proof, the second factor, or nothing (proven). */
  next: z.enum(['first', 'second']).nullable(),
  /** How this account gives the first proof: its password, or a code to its primary address. */
  first: z.enum(STEP_UP_FIRST_METHODS),
  /** The masked address a first-proof code goes to (accounts without a password). */
  codeTo: z.string().nullable(),
  /** The second factors offered while `next` is 'second' (the recovery code goes with the authenticator). */
  secondFactors: z.array(loginTwoFactorTypeSchema),
  /** The account has a passkey, which gives the whole proof at once (contracts/src/passkeys.ts stepUp). */
  passkey: z.boolean(),
});
export type StepUpStatus = z.infer<typeof stepUpStatusSchema>;

export const stepUpVerifyInput = z.object({
  method: z.enum(STEP_UP_METHODS, { error: 'invalid_input' }),
  /** The password, or the code of the method. */
  value: z.string().trim().min(1, 'step_up_value_empty').max(PASSWORD_INPUT_MAX),
});
export type StepUpVerifyInput = z.input<typeof stepUpVerifyInput>;

export const stepUpSendCodeInput = z.object({ method: z.enum(['code', 'email'], { error: 'invalid_input' }) });

const define = featureEndpoints('step-up');

export const stepUpEndpoints = {
  status: define({
    method: 'GET',
    path: '/api/account/step-up',
    summary: 'Whether this sign-in holds a step-up proof, and what is asked next to give one',
    auth: 'user',
    input: noInput,
    output: stepUpStatusSchema,
  }),
  verify: define({
    method: 'POST',
    path: '/api/account/step-up',
    summary:
      'Gives one proof: the password (or a code to the primary address), then a second factor while two-step is on; answers the new status',
    auth: 'user',
    input: stepUpVerifyInput,
    output: stepUpStatusSchema,
    errors: [
      'step_up_value_empty',
      'invalid_password',
      'password_not_set',
      'authentication_code_is_incorrect',
      'recovery_code_is_incorrect',
      'step_up_expired',
      'please_select_method_receive_2fa_code',
      'account_locked',
      'too_many_requests',
      ...CODE_ERRORS,
    ],
  }),
  sendCode: define({
    method: 'POST',
    path: '/api/account/step-up/send-code',
    summary: "Sends the step-up code: to the primary address (method 'code') or the second step's e-mail code",
    auth: 'user',
    input: stepUpSendCodeInput,
    output: codeSentSchema,
    errors: ['step_up_expired', 'please_select_method_receive_2fa_code', 'too_many_requests'],
  }),
};
