import type { AppDeps } from '../../deps.js';
import { eraseTwoFactor } from './queries.js';

/** Two-step verification's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeTwoFactorData({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: the authenticator secrets and the recovery codes go.
  events.subscribe('user.deleted', ({ tx, userId }) => eraseTwoFactor(tx, userId));
}
