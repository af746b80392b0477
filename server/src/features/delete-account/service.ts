import type { CheckPasswordInput, deleteAccountInput } from '@portico/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { badRequest } from '../../lib/errors.js';
import { createPasswordCheck } from '../../modules/sign-in/index.js';
import { eraseAccount, type User } from '../../modules/users/index.js';

/** The signed-in user and the caller's IP (for the password-check counters and the activity log). */
export type DeleteAccountContext = { user: User; caller: CallerContext };

const invalidPassword = () => badRequest('invalid_password', { password: ['invalid_password'] });

/**
 * Delete account (spec account §2, §4, §5): confirmation, the password unless the account has
 * none, then in one transaction the users row loses its personal data (names, birth date,
 * identification, bio, avatar, password) and `user.deleted` is published: claims, contacts (the
 * confirmed e-mails stay only as a tombstone for register's account_is_delete), codes, sessions
 * and grants, devices and the activity log each do their part (docs/architecture.md, "Events").
 */
export function createDeleteAccountService(deps: AppDeps) {
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
      await eraseAccount(deps, user, ip);
      return true;
    },
  };
}
