import { z } from 'zod';
import { contactEmailError, contactPhoneError, normalizeContact } from './contacts.js';
import { featureEndpoints } from './endpoint.js';
import { CLAIM_TYPES } from './profile.js';

// Recovery ways (spec account-area §2 Recovery ways, §3 User claim (recovery), §7): a recovery
// e-mail and phone, stored as claims. Served by server/src/features/recovery, called by
// web/src/features/recovery.

export const RECOVERY_CLAIM_TYPES = [CLAIM_TYPES.emailRecovery, CLAIM_TYPES.phoneRecovery] as const;
export type RecoveryClaimType = (typeof RECOVERY_CLAIM_TYPES)[number];
export const recoveryClaimSchema = z.object({ claimType: z.enum(RECOVERY_CLAIM_TYPES), claimValue: z.string() });
export type RecoveryClaim = z.infer<typeof recoveryClaimSchema>;

/** An empty claimValue removes the recovery way; otherwise e-mail format (email_invalid) or VN phone (invalid_phone_number). */
export const recoveryClaimInput = z
  .object({
    claimType: z.enum(RECOVERY_CLAIM_TYPES, { error: 'invalid_claim_type' }),
    claimValue: z.string().max(1000).optional().default(''),
  })
  .superRefine((v, ctx) => {
    const value = v.claimValue.trim();
    if (!value) return;
    const error = v.claimType === CLAIM_TYPES.emailRecovery ? contactEmailError(value) : contactPhoneError(value);
    if (error) ctx.addIssue({ code: 'custom', path: ['claimValue'], message: error });
  })
  .transform((v) => ({ claimType: v.claimType, claimValue: normalizeContact(v.claimValue) }));
export type RecoveryClaimInput = z.input<typeof recoveryClaimInput>;

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
      'Sets (or, with an empty value, removes) one recovery way; a recovery way can reset the password, so it needs a step-up proof; answers both',
    auth: 'user',
    // A recovery way receives password-reset codes: a stolen access token alone must not plant one.
    stepUp: true,
    input: recoveryClaimInput,
    output: z.array(recoveryClaimSchema),
    errors: ['invalid_claim_type', 'email_invalid', 'invalid_phone_number'],
  }),
};
