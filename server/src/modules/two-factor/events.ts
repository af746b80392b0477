import { userRecoveryCodes, userTwoFactor } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../data-export/index.js';
import { eraseTwoFactor } from './queries.js';

/** Two-step verification's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeTwoFactorData({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: the authenticator secrets and the recovery codes go.
  events.subscribe('user.deleted', ({ tx, userId }) => eraseTwoFactor(tx, userId));
  // A data archive: whether two-step is on and when each recovery code was made and used; never
  // the authenticator's secret or the codes (only their HMAC is kept).
  events.subscribe('user.exporting', async ({ tx, userId, add }) => {
    const [state] = await exportRows(tx, userTwoFactor, userTwoFactor.userId, userId, [
      'userId',
      'secret',
      'pendingSecret',
      'lastUsedStep',
    ]);
    const recoveryCodes = await exportRows(tx, userRecoveryCodes, userRecoveryCodes.userId, userId, [
      'userId',
      'id',
      'codeHash',
    ]);
    add({
      name: 'two_factor',
      tables: ['user_two_factor', 'user_recovery_codes'],
      data: { enabled: state?.enabled ?? false, updatedAt: state?.updatedAt ?? null, recoveryCodes },
    });
  });
}
