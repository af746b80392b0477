import { verificationCodes } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../data-export/index.js';
import { deleteCodesOfUser } from './queries.js';

/** Verification's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeVerification({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: the codes asked for the account go.
  events.subscribe('user.deleted', ({ tx, userId }) => deleteCodesOfUser(tx, userId).then(() => {}));
  // A data archive: where codes were sent and when, never the codes (only their HMAC is kept anyway).
  events.subscribe('user.exporting', async ({ tx, userId, add }) =>
    add({
      name: 'codes',
      tables: ['verification_codes'],
      data: await exportRows(tx, verificationCodes, verificationCodes.userId, userId, ['userId', 'id', 'codeHash']),
    }),
  );
}
