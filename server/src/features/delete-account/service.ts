import type { CheckPasswordInput, deleteAccountInput } from '@portico/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../app.js';
import type { CallerContext } from '../../http/context.js';
import { badRequest } from '../../lib/errors.js';
import { deleteGrantsOfAccount, deleteSessionsOfAccount } from '../../oidc/queries.js';
import { insertActivity } from '../activity/queries.js';
import { createPasswordCheck } from '../auth/login-limits.js';
import { deleteAllClaims } from '../claims/queries.js';
import { markUserDevicesLoggedOut } from '../devices/queries.js';
import { avatarFileOf } from '../profile/service.js';
import type { User } from '../users/queries.js';
import { deleteCodesOfUser, eraseUser, reduceContactsToTombstone } from './queries.js';

export const DELETE_ACTIVITY = { deleted: 'activity_account_deleted' } as const;

/** The signed-in user and the caller's IP (for the password-check counters and the activity log). */
export type DeleteAccountContext = { user: User; caller: Pick<CallerContext, 'ip'> };

const invalidPassword = () => badRequest('invalid_password', { password: ['invalid_password'] });

/**
 * Delete account (spec account §2, §4, §5): confirmation, the password unless the account has
 * none, then in one transaction the personal data is removed (names, birth date, identification,
 * bio, avatar, password, claims, phones, unconfirmed e-mails), the confirmed e-mails stay only as
 * a tombstone for register's account_is_delete, every session ends and every grant is revoked
 * with its tokens, and the activity log says so.
 */
export function createDeleteAccountService(deps: AppDeps) {
  const db = deps.database.db;
  // The bearer token is already a proof; the shared sign-in counters stop guessing here too.
  const checkAccountPassword = createPasswordCheck(deps);

  return {
    hasPassword: (user: User): boolean => !!user.passwordHash,

    async checkPassword({ user, caller }: DeleteAccountContext, { password }: CheckPasswordInput): Promise<true> {
      if (!(await checkAccountPassword(user, password, caller.ip))) throw invalidPassword();
      return true;
    },

    async deleteAccount(
      { user, caller }: DeleteAccountContext,
      { password }: z.output<typeof deleteAccountInput>,
    ): Promise<true> {
      const { ip } = caller;
      if (user.passwordHash && !(password && (await checkAccountPassword(user, password, ip)))) throw invalidPassword();
      await db.transaction(async (tx) => {
        await eraseUser(tx, user.id);
        await deleteAllClaims(tx, user.id);
        await reduceContactsToTombstone(tx, user.id);
        await deleteCodesOfUser(tx, user.id);
        await deleteSessionsOfAccount(tx, user.id);
        await deleteGrantsOfAccount(tx, user.id);
        await markUserDevicesLoggedOut(tx, user.id, new Date());
        await insertActivity(tx, { userId: user.id, action: DELETE_ACTIVITY.deleted, params: { ip } });
      });
      const avatar = avatarFileOf(user, deps.config.publicUrl);
      if (avatar)
        await deps.storage.remove(avatar).catch((err: unknown) => deps.log.warn({ err }, 'avatar not removed'));
      return true;
    },
  };
}
