import { z } from 'zod';
import { contactEmailError, contactPhoneError, normalizeContact } from './contacts.js';
import { CODE_ERRORS, codeSentSchema, featureEndpoints } from './endpoint.js';
import { CLAIM_TYPES } from './profile.js';

// Recovery ways (spec account-area §2 Recovery ways, §3 User claim (recovery), §7): a recovery
// e-mail and phone, stored as claims. Served by server/src/features/recovery, called by
// web/src/features/recovery.

export const RECOVERY_CLAIM_TYPES = [CLAIM_TYPES.emailRecovery, CLAIM_TYPES.phoneRecovery] as const;
export type RecoveryClaimType = (typeof RECOVERY_CLAIM_TYPES)[number];
/** A recovery way; only a confirmed one (its code was entered) finds the account in forgot password. */
export const recoveryClaimSchema = z.object({
  claimType: z.enum(RECOVERY_CLAIM_TYPES),
  claimValue: z.string(),
  isConfirmed: z.boolean(),
});
export type RecoveryClaim = z.infer<typeof recoveryClaimSchema>;

const recoveryWayFields = {
  claimType: z.enum(RECOVERY_CLAIM_TYPES, { error: 'invalid_claim_type' }),
  claimValue: z.string().max(1000).optional().default(''),
};
/** e-mail format (email_invalid) or VN phone (invalid_phone_number), when there is a value. */
const checkRecoveryValue = (v: { claimType: RecoveryClaimType; claimValue: string }, ctx: z.RefinementCtx) => {
  const value = v.claimValue.trim();
  if (!value) return;
  const error = v.claimType === CLAIM_TYPES.emailRecovery ? contactEmailError(value) : contactPhoneError(value);
  if (error) ctx.addIssue({ code: 'custom', path: ['claimValue'], message: error });
};

/**
 * An empty claimValue removes the recovery way; a value is saved with the code sent to it
 * (send-code first), so only an address its owner reads becomes a recovery way.
 */
export const recoveryClaimInput = z
  .object({ ...recoveryWayFields, otp: z.string().max(20).optional().default('') })
  .superRefine(checkRecoveryValue)
  .transform((v) => ({ claimType: v.claimType, claimValue: normalizeContact(v.claimValue), otp: v.otp.trim() }));
export type RecoveryClaimInput = z.input<typeof recoveryClaimInput>;

/** The address to confirm before it becomes a recovery way. */
export const recoverySendCodeInput = z
  .object(recoveryWayFields)
  .superRefine(checkRecoveryValue)
  .superRefine((v, ctx) => {
    if (!v.claimValue.trim())
      ctx.addIssue({ code: 'custom', path: ['claimValue'], message: 'recovery_value_required' });
  })
  .transform((v) => ({ claimType: v.claimType, claimValue: normalizeContact(v.claimValue) }));

const define = featureEndpoints('recovery');

export const recoveryEndpoints = {
  list: define({
    method: 'GET',
    path: '/api/account/recovery-claims',
    summary: "The user's recovery e-mail and phone",
    auth: 'user',
    output: z.array(recoveryClaimSchema),
  }),
  update: define({
    method: 'POST',
    path: '/api/account/recovery-claims',
    summary:
      'Sets one recovery way with the code sent to it (send-code), or removes it with an empty value; a recovery way can reset the password, so it needs a step-up proof; answers both',
    auth: 'user',
    // A recovery way receives password-reset codes: a stolen access token alone must not plant one.
    stepUp: true,
    input: recoveryClaimInput,
    output: z.array(recoveryClaimSchema),
    errors: ['invalid_claim_type', 'email_invalid', 'invalid_phone_number', 'otp_is_required', ...CODE_ERRORS],
  }),
  sendCode: define({
    method: 'POST',
    path: '/api/account/recovery-claims/send-code',
    summary: 'Sends a code to the address that is to become a recovery way; answers the resend countdown',
    auth: 'user',
    stepUp: true,
    input: recoverySendCodeInput,
    output: codeSentSchema,
    errors: [
      'invalid_claim_type',
      'email_invalid',
      'invalid_phone_number',
      'recovery_value_required',
      'too_many_requests',
    ],
  }),
};
