import type { AppDeps } from '../../deps.js';
import { deleteAllClaims } from './queries.js';

/** Claims' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeClaims({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: every claim goes (recovery e-mail and phone, the rest).
  events.subscribe('user.deleted', ({ tx, userId }) => deleteAllClaims(tx, userId).then(() => {}));
}
