import { and, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices } from '../../db/schema.js';

export type Device = typeof devices.$inferSelect;
export type NewDevice = typeof devices.$inferInsert;

export const insertDevice = (db: Db, device: NewDevice) => db.insert(devices).values(device);

/** How and when the sign-in of a provider session was made (devices.sign_in_method, login_time); null when unknown. */
export const signInOfSession = async (
  db: Db,
  sessionUid: string,
): Promise<{ method: string | null; at: Date } | null> => {
  const [row] = await db
    .select({ method: devices.signInMethod, at: devices.loginTime })
    .from(devices)
    .where(eq(devices.sessionUid, sessionUid))
    .orderBy(desc(devices.loginTime))
    .limit(1);
  return row ?? null;
};

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

/** The user's devices, signed in (loggedOut false, newest action first) or logged out (newest logout first). */
export const listUserDevices = (db: Db, userId: string, loggedOut: boolean) =>
  db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, userId), loggedOut ? isNotNull(devices.loggedOutAt) : isNull(devices.loggedOutAt)))
    .orderBy(loggedOut ? desc(devices.loggedOutAt) : desc(devices.lastActionTime))
    .limit(100);

/** Whether the account is signed in somewhere (a device not logged out): it can approve a sign-in there. */
export const hasSignedInDevice = async (db: Db, userId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.userId, userId), isNull(devices.loggedOutAt)))
    .limit(1);
  return row !== undefined;
};

/** One device of the user; another user's device is never found. */
export const findUserDevice = async (db: Db, userId: string, id: string): Promise<Device | undefined> => {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, userId), eq(devices.id, id)))
    .limit(1);
  return row;
};

export const markDeviceLoggedOut = (db: Db, id: string, now: Date) =>
  db
    .update(devices)
    .set({ loggedOutAt: now })
    .where(and(eq(devices.id, id), isNull(devices.loggedOutAt)));

export const listSessionDevices = (db: Db, sessionUid: string) =>
  db.select().from(devices).where(eq(devices.sessionUid, sessionUid));
