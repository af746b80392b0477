import { kycVerifications } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../../modules/data-export/index.js';
import { deleteKycOf } from './queries.js';

/** Identity verification's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeKyc({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: the verification goes in the erasure's transaction (the images are the files
  // module's, the claims naming them the claims module's).
  events.subscribe('user.deleted', ({ tx, userId }) => deleteKycOf(tx, userId));
  // A data archive: the verification's state and review (its images are in the files part).
  events.subscribe('user.exporting', async ({ tx, userId, add }) => {
    const [verification] = await exportRows(tx, kycVerifications, kycVerifications.userId, userId, ['userId']);
    add({ name: 'kyc', tables: ['kyc_verifications'], data: verification ?? null });
  });
}
