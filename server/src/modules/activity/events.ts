import { activityLogs } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import { exportRows } from '../data-export/index.js';
import { ACTIVITY } from './actions.js';
import { insertActivity } from './queries.js';
import { activityText } from './render.js';

/** Activity's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeActivity({ events }: Pick<AppDeps, 'events'>) {
  // Signed in: how, on which device and browser, from which IP.
  events.subscribe('user.signedIn', async ({ tx, userId, method, client }) => {
    const { deviceName, browser } = describeUserAgent(client.userAgent);
    const device = [deviceName, browser].filter(Boolean).join(' · ');
    await insertActivity(tx, { userId, action: ACTIVITY.signIn, params: { method, device, ip: client.ip } });
  });
  // A signed-in device answered another browser's sign-in (QR code, push request): which browser.
  events.subscribe('sign-in.answered', async ({ tx, userId, how, approved, request }) => {
    const device = [request.system, request.browser].filter(Boolean).join(' · ');
    const action = approved ? ACTIVITY.signInApproved : ACTIVITY.signInRefused;
    await insertActivity(tx, { userId, action, params: { method: how, device, ip: request.ip } });
  });
  // An e-mail or phone confirmed with its code.
  events.subscribe('contact.verified', async ({ tx, userId, type, value, ip }) => {
    const action = type === 'email' ? ACTIVITY.emailVerified : ACTIVITY.phoneVerified;
    await insertActivity(tx, { userId, action, params: { value, ip } });
  });
  // A data archive: every entry as stored, and as the log page reads it in the person's language.
  events.subscribe('user.exporting', async ({ tx, userId, locale, add }) => {
    const rows = await exportRows(tx, activityLogs, activityLogs.userId, userId, ['userId', 'id']);
    add({
      name: 'activity',
      tables: ['activity_logs'],
      data: rows.map((row) => ({ text: activityText(locale, String(row.action), row.params), ...row })),
    });
  });
  // Account deleted: the log says so, with the caller's IP.
  events.subscribe('user.deleted', ({ tx, userId, ip }) =>
    insertActivity(tx, { userId, action: ACTIVITY.accountDeleted, params: { ip } }).then(() => {}),
  );
}
