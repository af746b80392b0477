import type { AppDeps } from '../../deps.js';
import { reduceContactsToTombstone } from './queries.js';

/** Contacts' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeContacts({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: phones and unconfirmed e-mails go, confirmed e-mails stay as a tombstone.
  events.subscribe('user.deleted', ({ tx, userId }) => reduceContactsToTombstone(tx, userId));
}
