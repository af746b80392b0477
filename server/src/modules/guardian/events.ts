import { guardianConsents } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../data-export/index.js';
import { deleteGuardianConsentOf, findWaitSince } from './queries.js';

/** Guardian consent's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeGuardian({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted (by the person, the guardian's withdrawal or housekeeping): the record and the wait go too.
  events.subscribe('user.deleted', ({ tx, userId }) => deleteGuardianConsentOf(tx, userId).then(() => {}));
  // A data archive: whom the child asked, whether and how they consented, to which text (where the
  // guardian was when they did is the guardian's own data).
  events.subscribe('user.exporting', async ({ tx, userId, add }) => {
    const [consent] = await exportRows(tx, guardianConsents, guardianConsents.userId, userId, [
      'userId',
      'ip',
      'userAgent',
    ]);
    const waitingSince = await findWaitSince(tx, userId);
    add({
      name: 'guardian',
      tables: ['guardian_consents', 'guardian_waits'],
      data: consent || waitingSince ? { consent: consent ?? null, waitingSince: waitingSince ?? null } : null,
    });
  });
}
