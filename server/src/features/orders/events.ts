import type { AppDeps } from '../../deps.js';
import { exportOrdersOf } from './queries.js';

/** Orders' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeOrders({ events }: Pick<AppDeps, 'events'>) {
  // A data archive (issue 32 point 3): each order with its lines and payment attempts.
  events.subscribe('user.exporting', async ({ tx, userId, add }) =>
    add({
      name: 'orders',
      tables: ['orders', 'order_lines', 'payment_attempts'],
      data: await exportOrdersOf(tx, userId),
    }),
  );
}
