import type { Db } from '../../db/client.js';
import { insertActivity } from '../activity/index.js';
import { PASSWORD_ACTIVITY } from './activity.js';
import { setPasswordHash } from './queries.js';
import { type CurrentSession, endSessions } from './sessions.js';

/**
 * A new password for an account that had one, in the caller's transaction: the hash, the
 * sessions it ends, the activity entry. A change (server/src/features/password) ends the other
 * sessions when asked and keeps the current one; a reset (server/src/features/forgot-password)
 * ends them all. The caller publishes `password.changed` once the transaction has committed.
 */
export async function replacePassword(
  tx: Db,
  change:
    | { how: 'changed'; userId: string; hash: string; ip: string; logoutAll: boolean; keep: CurrentSession }
    | { how: 'reset'; userId: string; hash: string; ip: string },
): Promise<void> {
  await setPasswordHash(tx, change.userId, change.hash);
  if (change.how === 'reset') await endSessions(tx, change.userId);
  else if (change.logoutAll) await endSessions(tx, change.userId, change.keep);
  await insertActivity(tx, {
    userId: change.userId,
    action: PASSWORD_ACTIVITY[change.how],
    params: change.how === 'changed' ? { ip: change.ip, logoutAll: change.logoutAll } : { ip: change.ip },
  });
}
