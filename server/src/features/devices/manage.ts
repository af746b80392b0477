import type { Device as DeviceView } from '@portico/contracts';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import type { UserContext } from '../../http/endpoint.js';
import type { CallerContext } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { insertActivity } from '../../modules/activity/index.js';
import {
  DEVICE_ACTIVITY,
  type Device,
  findUserDevice,
  listUserDevices,
  markDeviceLoggedOut,
  markSessionsLoggedOut,
} from '../../modules/devices/index.js';
import { deleteGrantsById, deleteSessionByUid } from '../../oidc/queries.js';

export const deviceLabel = (d: Pick<Device, 'deviceName' | 'browser'>) =>
  [d.deviceName, d.browser].filter(Boolean).join(' · ');

/** spec §3 Device, as the devices page shows it; isCurrentDevice: the device of the request's token session. */
export function toDeviceView(d: Device, currentSessionUid: string | null, now: Date = new Date()): DeviceView {
  return {
    id: d.id,
    deviceType: d.deviceType === 2 ? 2 : 1,
    deviceName: d.deviceName,
    locationRegion: d.region,
    isCurrentDevice: !!currentSessionUid && d.sessionUid === currentSessionUid && !d.loggedOutAt,
    isLogOut: !!d.loggedOutAt,
    minutes: Math.max(1, Math.floor((now.getTime() - d.lastActionTime.getTime()) / 60_000)),
    lastActionTime: d.lastActionTime.toISOString(),
    loginTime: d.loginTime.toISOString(),
    logoutTime: d.loggedOutAt?.toISOString() ?? null,
    ip: d.ip,
    browser: d.browser,
    signInMethod: d.signInMethod,
  };
}

/** The signed-in user and the session of the request's token (its device is the current one). */
export type DeviceContext = Pick<UserContext, 'user' | 'sessionUid'> & { caller: CallerContext };

/** The devices pages (spec account §2 Devices, §4 Device): lists, detail, log one device out. */
export function createDeviceService({ database }: AppDeps) {
  const db = database.db;
  return {
    async list({ user, sessionUid }: DeviceContext, { loggedOut }: { loggedOut: boolean }): Promise<DeviceView[]> {
      return (await listUserDevices(db, user.id, loggedOut)).map((d) => toDeviceView(d, sessionUid));
    },

    async detail({ user, sessionUid }: DeviceContext, { id }: { id: string }): Promise<DeviceView> {
      const device = await findUserDevice(db, user.id, id);
      if (!device) throw notFound();
      return toDeviceView(device, sessionUid);
    },

    /** Logs one device out (signOutDevice): the device's next API call answers 401. One transaction. */
    async logout({ user, caller }: DeviceContext, { id }: { id: string }): Promise<true> {
      const device = await findUserDevice(db, user.id, id);
      if (!device) throw notFound();
      if (device.loggedOutAt) return true;
      await db.transaction((tx) => signOutDevice(tx, device, { action: DEVICE_ACTIVITY.logout, ip: caller.ip }));
      return true;
    },
  };
}

/**
 * Signs one device out, in the caller's transaction: its provider session ends (that browser must
 * sign in again), the grants the session held go with their access and refresh tokens, the
 * device shows as logged out and the activity log says why (`action`).
 */
export async function signOutDevice(
  tx: Db,
  device: Device,
  { action, ip }: { action: (typeof DEVICE_ACTIVITY)[keyof typeof DEVICE_ACTIVITY]; ip: string },
) {
  const now = new Date();
  if (device.sessionUid) {
    const grants = await deleteSessionByUid(tx, device.userId, device.sessionUid);
    await deleteGrantsById(tx, device.userId, grants);
    await markSessionsLoggedOut(tx, [device.sessionUid], now);
  }
  await markDeviceLoggedOut(tx, device.id, now);
  await insertActivity(tx, { userId: device.userId, action, params: { device: deviceLabel(device), ip } });
}
