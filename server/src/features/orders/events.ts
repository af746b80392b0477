import type { AppDeps } from '../../deps.js';
import { deleteOrdersOf } from './queries.js';

/** Orders' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeOrders({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: the person's orders, their lines and payment attempts go in the same transaction.
  events.subscribe('user.deleted', ({ tx, userId }) => deleteOrdersOf(tx, userId));
}
