import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passkeys, rememberedBrowsers } from '../../db/schema.js';

export type RememberedBrowser = typeof rememberedBrowsers.$inferSelect;

export async function insertRememberedBrowser(db: Db, row: typeof rememberedBrowsers.$inferInsert): Promise<void> {
  await db.insert(rememberedBrowsers).values(row);
}

/** The live row of this user by id (expired rows are not found); its last use is now. */
export async function useRememberedBrowser(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<RememberedBrowser | undefined> {
  const [row] = await db
    .update(rememberedBrowsers)
    .set({ lastUsedAt: now })
    .where(
      and(eq(rememberedBrowsers.id, id), eq(rememberedBrowsers.userId, userId), gt(rememberedBrowsers.expiresAt, now)),
    )
    .returning();
  return row;
}

export const listRememberedBrowserRows = (db: Db, userId: string, now: Date) =>
  db
    .select()
    .from(rememberedBrowsers)
    .where(and(eq(rememberedBrowsers.userId, userId), gt(rememberedBrowsers.expiresAt, now)))
    .orderBy(desc(rememberedBrowsers.lastUsedAt));

/** Forgets one browser of this user; false when the user has no such row. */
export async function deleteRememberedBrowser(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(rememberedBrowsers)
    .where(and(eq(rememberedBrowsers.id, id), eq(rememberedBrowsers.userId, userId)))
    .returning({ id: rememberedBrowsers.id });
  return gone.length > 0;
}

/** Forgets every browser of the user (and, on the way, rows long expired). */
export async function deleteRememberedBrowsersOf(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(rememberedBrowsers).where(eq(rememberedBrowsers.userId, userId));
  await db.delete(rememberedBrowsers).where(lte(rememberedBrowsers.expiresAt, now));
}

/** Whether the account has a passkey, which passes login step 3 (server/src/features/passkeys). */
export const hasPasskey = async (db: Db, userId: string): Promise<boolean> =>
  (await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1)).length > 0;
