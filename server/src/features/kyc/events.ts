import type { AppDeps } from '../../deps.js';
import { deleteKycOf } from './queries.js';

/** Identity verification's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeKyc({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: the verification goes in the erasure's transaction (the images are the files
  // module's, the claims naming them the claims module's).
  events.subscribe('user.deleted', ({ tx, userId }) => deleteKycOf(tx, userId));
}
