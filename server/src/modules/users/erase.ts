import type { Db } from '../../db/client.js';
import { type EventBus, inTransaction } from '../events/index.js';
import { eraseUser, type User } from './queries.js';

/**
 * Deletes an account (spec account §7): in one transaction the users row loses its personal data
 * (names, birth date, identification, bio, avatar, password) and `user.deleted` is published, so
 * every holder of the person's data erases its part (docs/architecture.md, "Events"); one failing
 * rolls the whole erasure back. The person's own deletion (features/delete-account) and a
 * guardian's withdrawal (features/guardian) both end here.
 */
export async function eraseAccount(
  deps: { database: { db: Db }; events: EventBus },
  user: User,
  ip: string,
  /** Asked first, in the erasure's transaction: false leaves the account as it is (housekeeping's erasures). */
  onlyIf?: (tx: Db) => Promise<boolean>,
): Promise<boolean> {
  return inTransaction(deps.database.db, async (tx, afterCommit) => {
    if (onlyIf && !(await onlyIf(tx))) return false;
    // Already deleted by a request that got here first (two withdrawal clicks): nothing more to do.
    if (!(await eraseUser(tx, user.id))) return false;
    await deps.events.publish('user.deleted', { userId: user.id, user, ip, tx, afterCommit });
    return true;
  });
}
