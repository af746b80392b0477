import { flows } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../data-export/index.js';
import { deleteFlowsOfSubject } from './queries.js';

/** Flows' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeFlows({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: its flows go (their targets are its addresses).
  events.subscribe('user.deleted', ({ tx, userId }) => deleteFlowsOfSubject(tx, userId).then(() => {}));
  // A data archive: what is under way, without what holds it (secrets, bindings, the steps' data).
  events.subscribe('user.exporting', async ({ tx, userId, add }) =>
    add({
      name: 'flows',
      tables: ['flows'],
      data: await exportRows(tx, flows, flows.subject, userId, [
        'id',
        'subject',
        'subjectKey',
        'secretHash',
        'binding',
        'data',
      ]),
    }),
  );
}
