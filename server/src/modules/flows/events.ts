import type { AppDeps } from '../../deps.js';
import { deleteFlowsOfSubject } from './queries.js';

/** Flows' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeFlows({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: its flows go (their targets are its addresses).
  events.subscribe('user.deleted', ({ tx, userId }) => deleteFlowsOfSubject(tx, userId).then(() => {}));
}
