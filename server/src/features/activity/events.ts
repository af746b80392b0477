import type { AppDeps } from '../../app.js';
import { ACTIVITY } from './actions.js';
import { insertActivity } from './queries.js';

/** Activity's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeActivity({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: the log says so, with the caller's IP.
  events.subscribe('user.deleted', ({ tx, userId, ip }) =>
    insertActivity(tx, { userId, action: ACTIVITY.accountDeleted, params: { ip } }).then(() => {}),
  );
}
