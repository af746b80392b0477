import type { AppDeps } from '../../deps.js';
import { deletePointsOf } from './queries.js';

/** Points' part of the domain events (server/src/modules/events/index.ts). */
export function subscribePoints({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: the person's point history and balance go with the rest, in the same transaction.
  events.subscribe('user.deleted', ({ tx, userId }) => deletePointsOf(tx, userId));
}
