import { notificationChoices } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../../modules/data-export/index.js';
import { deleteChoicesOf } from './queries.js';

/** Notification settings' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeNotification({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: the person's channel choices go with the rest, in the same transaction.
  events.subscribe('user.deleted', ({ tx, userId }) => deleteChoicesOf(tx, userId).then(() => {}));
  // A data archive: the channel chosen for each module.
  events.subscribe('user.exporting', async ({ tx, userId, add }) =>
    add({
      name: 'notifications',
      tables: ['notification_choices'],
      data: await exportRows(tx, notificationChoices, notificationChoices.userId, userId, ['userId']),
    }),
  );
}
