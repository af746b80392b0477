import type { AppDeps } from '../deps.js';
import { deleteGrantsOfAccount, deleteSessionsOfAccount } from './queries.js';

/** The OIDC store's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeOidc({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: every session ends, every grant is revoked with its tokens.
  events.subscribe('user.deleted', async ({ tx, userId }) => {
    await deleteSessionsOfAccount(tx, userId);
    await deleteGrantsOfAccount(tx, userId);
  });
}
