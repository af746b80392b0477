import { pointBalances, pointEntries } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../../modules/data-export/index.js';
import { deletePointsOf } from './queries.js';

/** Points' part of the domain events (server/src/modules/events/index.ts). */
export function subscribePoints({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: the person's point history and balance go with the rest, in the same transaction.
  events.subscribe('user.deleted', ({ tx, userId }) => deletePointsOf(tx, userId));
  // A data archive: the balance and every change to it (the products' retry keys stay out).
  events.subscribe('user.exporting', async ({ tx, userId, add }) => {
    const [balance] = await exportRows(tx, pointBalances, pointBalances.userId, userId, ['userId']);
    const entries = await exportRows(tx, pointEntries, pointEntries.userId, userId, ['userId', 'idempotencyKey']);
    add({ name: 'points', tables: ['point_balances', 'point_entries'], data: { balance: balance ?? null, entries } });
  });
}
