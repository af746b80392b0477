import { userClaims } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../data-export/index.js';
import { deleteAllClaims } from './queries.js';

/** Claims' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeClaims({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: every claim goes (recovery e-mail and phone, the rest).
  events.subscribe('user.deleted', ({ tx, userId }) => deleteAllClaims(tx, userId).then(() => {}));
  // A data archive: recovery ways, provider links, the language and time zone claims.
  events.subscribe('user.exporting', async ({ tx, userId, add }) =>
    add({
      name: 'claims',
      tables: ['user_claims'],
      data: await exportRows(tx, userClaims, userClaims.userId, userId, ['userId', 'id']),
    }),
  );
}
