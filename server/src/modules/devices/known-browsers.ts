import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices, knownBrowsers } from '../../db/schema.js';

/**
 * Notes that the account signed in from this browser (the hash of its key); true only for the
 * first time. One statement: of two sign-ins at the same moment, the primary key lets one insert.
 */
export async function noteKnownBrowser(tx: Db, userId: string, keyHash: string): Promise<boolean> {
  const [row] = await tx
    .insert(knownBrowsers)
    .values({ userId, keyHash })
    .onConflictDoUpdate({ target: [knownBrowsers.userId, knownBrowsers.keyHash], set: { lastSeenAt: sql`now()` } })
    // xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted === true;
}

/** Whether the account has a sign-in recorded besides the device `deviceId` (its first one gets no alert). */
export async function signedInBefore(tx: Db, userId: string, deviceId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.userId, userId), ne(devices.id, deviceId)))
    .limit(1);
  return row !== undefined;
}

export const forgetKnownBrowsers = (tx: Db, userId: string) =>
  tx.delete(knownBrowsers).where(eq(knownBrowsers.userId, userId));
