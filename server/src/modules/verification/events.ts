import type { AppDeps } from '../../deps.js';
import { deleteCodesOfUser } from './queries.js';

/** Verification's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeVerification({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: the codes asked for the account go.
  events.subscribe('user.deleted', ({ tx, userId }) => deleteCodesOfUser(tx, userId).then(() => {}));
}
