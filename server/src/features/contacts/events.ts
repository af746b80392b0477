import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { userContacts } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../../modules/data-export/index.js';
import type { UndoStep } from '../../modules/events/index.js';
import {
  clearPrimary,
  deleteContact,
  findContactByValue,
  insertContact,
  reduceContactsToTombstone,
  updateContact,
} from './queries.js';

/** Contacts' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeContacts({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: phones and unconfirmed e-mails go, confirmed e-mails stay as a tombstone.
  events.subscribe('user.deleted', ({ tx, userId }) => reduceContactsToTombstone(tx, userId));
  // A data archive (issue 32 point 3): every e-mail and phone, confirmed or not.
  events.subscribe('user.exporting', async ({ tx, userId, add }) =>
    add({
      name: 'contacts',
      tables: ['user_contacts'],
      data: await exportRows(tx, userContacts, userContacts.userId, userId, ['userId']),
    }),
  );
  // The owner followed a security e-mail's undo link (server/src/features/undo-change).
  events.subscribe('sign-in-way.undone', async ({ tx, userId, undo }) => {
    for (const step of undo) await undoStep(tx, userId, step);
  });
}

async function undoStep(tx: Db, userId: string, step: UndoStep) {
  // The other features' steps (recovery, password, passkeys) are theirs to revert.
  if (step.do === 'remove_claim' || step.do === 'remove_password' || step.do === 'remove_passkey') return;
  const contact = await findContactByValue(tx, userId, step.type, step.value);
  if (step.do === 'remove_contact') {
    if (contact) await deleteContact(tx, contact.id);
  } else if (step.do === 'allow_login_off') {
    if (contact && !contact.isPrimary) await updateContact(tx, contact.id, { allowLogin: false });
  } else {
    // The old primary back, confirmed (re-added when the change removed it). Another account may
    // have confirmed that address since: the step is then skipped, in a savepoint of its own.
    try {
      await tx.transaction(async (sp) => {
        await clearPrimary(sp, userId, step.type);
        if (contact) await updateContact(sp, contact.id, { isConfirmed: true, isPrimary: true, allowLogin: true });
        else
          await insertContact(sp, {
            userId,
            type: step.type,
            value: step.value,
            isConfirmed: true,
            isPrimary: true,
            allowLogin: true,
          });
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
}
