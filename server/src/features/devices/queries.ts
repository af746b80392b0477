import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices } from '../../db/schema.js';

export type Device = typeof devices.$inferSelect;
export type NewDevice = typeof devices.$inferInsert;

export const insertDevice = (db: Db, device: NewDevice) => db.insert(devices).values(device);

/** The browser followed the resume URL: the device now belongs to that provider session. */
export const linkDeviceToSession = (db: Db, interactionUid: string, sessionUid: string) =>
  db
    .update(devices)
    .set({ sessionUid })
    .where(and(eq(devices.interactionUid, interactionUid), isNull(devices.sessionUid)));

export const touchDevices = (db: Db, sessionUid: string, now: Date, notSince: Date) =>
  db
    .update(devices)
    .set({ lastActionTime: now })
    .where(and(eq(devices.sessionUid, sessionUid), isNull(devices.loggedOutAt), lt(devices.lastActionTime, notSince)));

export const markSessionsLoggedOut = (db: Db, sessionUids: string[], now: Date) =>
  sessionUids.length === 0
    ? Promise.resolve()
    : db
        .update(devices)
        .set({ loggedOutAt: now })
        .where(and(inArray(devices.sessionUid, sessionUids), isNull(devices.loggedOutAt)));

export const markUserDevicesLoggedOut = (db: Db, userId: string, now: Date) =>
  db
    .update(devices)
    .set({ loggedOutAt: now })
    .where(and(eq(devices.userId, userId), isNull(devices.loggedOutAt)));

export const listDevices = (db: Db, userId: string) => db.select().from(devices).where(eq(devices.userId, userId));
