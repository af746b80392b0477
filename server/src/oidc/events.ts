import type { AppDeps } from '../deps.js';
import { deleteGrantsOfAccount, deleteSessionsOfAccount, listGrantsWithLastUse } from './queries.js';

/** The OIDC store's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeOidc({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: every session ends, every grant is revoked with its tokens.
  events.subscribe('user.deleted', async ({ tx, userId }) => {
    await deleteSessionsOfAccount(tx, userId);
    await deleteGrantsOfAccount(tx, userId);
  });
  // A data archive (issue 32 point 3): the consents, one per product and grant, with what each was
  // granted and when it last got a token (the sessions are the devices part's; tokens are secrets).
  events.subscribe('user.exporting', async ({ tx, userId, add }) => {
    const grants = await listGrantsWithLastUse(tx, userId);
    add({
      name: 'connected_apps',
      tables: ['oidc_payloads'],
      data: grants.map(({ id: _id, ...grant }) => grant),
    });
  });
}
