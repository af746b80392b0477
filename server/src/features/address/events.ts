import { userAddresses } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../../modules/data-export/index.js';
import { deleteAddressesOf } from './queries.js';

/** The address book's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeAddress({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: every address goes, in the erasure's transaction.
  events.subscribe('user.deleted', ({ tx, userId }) => deleteAddressesOf(tx, userId).then(() => {}));
  // A data archive: every address as stored (locality codes of the old and new divisions).
  events.subscribe('user.exporting', async ({ tx, userId, add }) =>
    add({
      name: 'addresses',
      tables: ['user_addresses'],
      data: await exportRows(tx, userAddresses, userAddresses.userId, userId, ['userId']),
    }),
  );
}
