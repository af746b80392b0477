import type { AppDeps } from '../../deps.js';
import { deleteAddressesOf } from './queries.js';

/** The address book's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeAddress({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: every address goes, in the erasure's transaction.
  events.subscribe('user.deleted', ({ tx, userId }) => deleteAddressesOf(tx, userId).then(() => {}));
}
