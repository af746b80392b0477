import type { AppDeps } from '../../deps.js';
import { insertActivity } from '../../modules/activity/index.js';
import { TWO_FACTOR_ACTIVITY } from './activity.js';

/** Two-step verification's activity entries, from the events of server/src/modules/two-factor. */
export function subscribeTwoFactor({ events }: Pick<AppDeps, 'events'>) {
  events.subscribe('two-factor.enabled', async ({ tx, userId, ip }) => {
    await insertActivity(tx, { userId, action: TWO_FACTOR_ACTIVITY.enabled, params: { ip } });
  });
  events.subscribe('two-factor.disabled', async ({ tx, userId, ip, reason }) => {
    const action = reason === 'reset' ? TWO_FACTOR_ACTIVITY.reset : TWO_FACTOR_ACTIVITY.disabled;
    await insertActivity(tx, { userId, action, params: { ip } });
  });
  events.subscribe('recovery-code.used', async ({ tx, userId, ip, left }) => {
    await insertActivity(tx, { userId, action: TWO_FACTOR_ACTIVITY.recoveryCodeUsed, params: { ip, left } });
  });
}
