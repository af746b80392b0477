import type { AppDeps } from '../../deps.js';
import { deleteChoicesOf } from './queries.js';

/** Notification settings' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeNotification({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: the person's channel choices go with the rest, in the same transaction.
  events.subscribe('user.deleted', ({ tx, userId }) => deleteChoicesOf(tx, userId).then(() => {}));
}
