import {
  type recoveryEndpoints as E,
  type OutputOf,
  type ParsedInputOf,
  RECOVERY_CLAIM_TYPES,
  type RecoveryClaimType,
} from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { badRequest } from '../../lib/errors.js';
import { insertActivity } from '../../modules/activity/index.js';
import { deleteClaim, listClaims, upsertClaim } from '../../modules/claims/index.js';
import { inTransaction } from '../../modules/events/index.js';
import { createCodeFlows } from '../../modules/flows/index.js';
import { securityContact, type User } from '../../modules/users/index.js';

export const RECOVERY_ACTIVITY = { updated: 'activity_recovery_updated' } as const;

/** For whom, and from which IP (the password-check limits and the activity log). */
export type RecoveryContext = { user: User; caller: CallerContext };

/**
 * Recovery ways (spec account §2 Recovery ways, §3 User claim (recovery)): a recovery e-mail
 * (email_recovery) and phone (phone_number_recovery), stored as claims, each confirmed by a code
 * sent to it (a code flow, kind confirm_recovery) before it is saved. Forgot password also
 * finds an account by them and sends the code there (server/src/modules/claims/queries.ts findUserByRecoveryClaim).
 */
export function createRecoveryService(deps: AppDeps) {
  const db = deps.database.db;
  const steps = createCodeFlows(deps);
  async function list(user: User): Promise<OutputOf<typeof E.list>> {
    return (await listClaims(db, user.id))
      .filter((c) => (RECOVERY_CLAIM_TYPES as readonly string[]).includes(c.claimType))
      .map((c) => ({
        claimType: c.claimType as RecoveryClaimType,
        claimValue: c.claimValue,
        isConfirmed: c.confirmedAt !== null,
      }));
  }
  /** The code flow confirming an address before it becomes a recovery way (server/src/modules/flows). */
  const codeKey = (user: User, claimValue: string) => ({ target: claimValue, subject: user.id });
  return {
    list: ({ user }: RecoveryContext) => list(user),

    /** Sends the code that confirms an address before it becomes a recovery way. */
    async sendCode(
      { user, caller }: RecoveryContext,
      { claimValue }: ParsedInputOf<typeof E.sendCode>,
    ): Promise<OutputOf<typeof E.sendCode>> {
      return steps.send('confirm_recovery', codeKey(user, claimValue), { locale: caller.locale, ip: caller.ip });
    },

    /**
     * Sets one recovery way with the code sent to it (a typo never becomes a way into the account),
     * or removes it with an empty value; answers both.
     */
    async update(
      { user, caller: { ip } }: RecoveryContext,
      { claimType, claimValue, otp }: ParsedInputOf<typeof E.update>,
    ): Promise<OutputOf<typeof E.update>> {
      // The endpoint's step-up proof (contracts/src/recovery.ts) stands for the account here.
      if (claimValue) {
        if (!otp) throw badRequest('otp_is_required', { otp: ['otp_is_required'] });
        await steps.pass('confirm_recovery', codeKey(user, claimValue), otp, 'done');
      }
      await inTransaction(db, async (tx, afterCommit) => {
        if (claimValue) await upsertClaim(tx, user.id, claimType, claimValue, new Date());
        else await deleteClaim(tx, user.id, claimType);
        await insertActivity(tx, {
          userId: user.id,
          action: RECOVERY_ACTIVITY.updated,
          params: { claim: claimType, ip },
        });
        // A recovery way can reset the password: the owner's primary e-mail is told, with an undo link.
        if (claimValue) {
          await deps.events.publish('sign-in-way.changed', {
            userId: user.id,
            change: 'recovery_set',
            value: claimValue,
            ip,
            tell: await securityContact(tx, user.id),
            undo: [{ do: 'remove_claim', claimType, value: claimValue }],
            tx,
            afterCommit,
          });
        }
      });
      return list(user);
    },
  };
}
