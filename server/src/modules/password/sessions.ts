import type { Db } from '../../db/client.js';
import { deleteGrantsOfAccount, deleteSessionsOfAccount } from '../../oidc/queries.js';
import { markSessionsLoggedOut, markUserDevicesLoggedOut } from '../devices/index.js';
import { deleteOtherGrants, deleteOtherSessions } from './queries.js';

/** The session and grant of the request's access token: what "keep this device signed in" keeps. */
export type CurrentSession = { sessionUid?: string; grantId?: string };

/**
 * Ends the account's sessions inside a transaction, like logout-all: provider sessions end
 * (browsers must sign in again), grants are revoked with their access and refresh tokens, and the
 * devices are marked logged out. With `keep`, the current session and its grant stay.
 */
export async function endSessions(tx: Db, userId: string, keep?: CurrentSession): Promise<void> {
  if (!keep) {
    await deleteSessionsOfAccount(tx, userId);
    await deleteGrantsOfAccount(tx, userId);
    await markUserDevicesLoggedOut(tx, userId, new Date());
    return;
  }
  const ended = await deleteOtherSessions(tx, userId, keep.sessionUid);
  await deleteOtherGrants(tx, userId, keep.grantId);
  await markSessionsLoggedOut(tx, ended, new Date());
}
