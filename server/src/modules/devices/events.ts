import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import { insertDevice, markUserDevicesLoggedOut } from './queries.js';

/** Devices' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeDevices({ events }: Pick<AppDeps, 'events'>) {
  // Signed in: the device is recorded, linked to its session when the browser resumes.
  events.subscribe('user.signedIn', async ({ tx, userId, interactionUid, method, client }) => {
    await insertDevice(tx, {
      id: randomUUID(),
      userId,
      interactionUid,
      signInMethod: method,
      ...describeUserAgent(client.userAgent),
      ip: client.ip,
      region: client.region,
    });
  });
  // Account deleted: every device shows as logged out.
  events.subscribe('user.deleted', ({ tx, userId }) => markUserDevicesLoggedOut(tx, userId, new Date()).then(() => {}));
}
