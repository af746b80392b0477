import { passkeys } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../../modules/data-export/index.js';
import { deletePasskey, deletePasskeysOf } from './queries.js';

/** Passkeys' part of the domain events (server/src/modules/events/index.ts). */
export function subscribePasskeys({ events }: Pick<AppDeps, 'events'>) {
  // The owner followed the undo link of the e-mail that told of a new passkey: it goes.
  events.subscribe('sign-in-way.undone', async ({ tx, userId, undo }) => {
    for (const step of undo) if (step.do === 'remove_passkey') await deletePasskey(tx, userId, step.id);
  });
  // Account deleted: its passkeys sign nobody in any more.
  events.subscribe('user.deleted', ({ tx, userId }) => deletePasskeysOf(tx, userId).then(() => {}));
  // A data archive: each passkey's name and history (the public key adds nothing a person reads).
  events.subscribe('user.exporting', async ({ tx, userId, add }) =>
    add({
      name: 'passkeys',
      tables: ['passkeys'],
      data: await exportRows(tx, passkeys, passkeys.userId, userId, ['userId', 'publicKey', 'counter']),
    }),
  );
}
