import type { AppDeps } from '../../app.js';
import { markUserDevicesLoggedOut } from './queries.js';

/** Devices' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeDevices({ events }: Pick<AppDeps, 'events'>) {
  // Account deleted: every device shows as logged out.
  events.subscribe('user.deleted', ({ tx, userId }) => markUserDevicesLoggedOut(tx, userId, new Date()).then(() => {}));
}
