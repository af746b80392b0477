import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { insertActivity } from '../activity/index.js';
import type { AfterCommit } from '../events/index.js';
import { securityContact } from '../users/index.js';
import { PASSWORD_ACTIVITY } from './activity.js';
import { setFirstPasswordHash } from './queries.js';

/**
 * The first password of an account that had none (set-password, update-info), in the caller's
 * transaction: refused once one exists (the row decides, so of two racing requests one sets it),
 * logged, and told to the owner like every change to how the account signs in, with an undo link
 * that removes it again (sign-in-way.changed; issue 24 point 5).
 */
export async function setFirstPassword(
  deps: Pick<AppDeps, 'events'>,
  tx: Db,
  afterCommit: AfterCommit,
  change: { userId: string; passwordHash: string; ip: string },
): Promise<void> {
  const { userId, ip } = change;
  if (!(await setFirstPasswordHash(tx, userId, change.passwordHash))) throw badRequest('password_already_set');
  await insertActivity(tx, { userId, action: PASSWORD_ACTIVITY.set, params: { ip } });
  await deps.events.publish('sign-in-way.changed', {
    userId,
    change: 'password_set',
    value: '',
    ip,
    tell: await securityContact(tx, userId),
    undo: [{ do: 'remove_password' }],
    tx,
    afterCommit,
  });
}
