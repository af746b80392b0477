import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notificationBlocks, pointBalances, pointEntries } from '../../db/schema.js';

export type PointEntry = typeof pointEntries.$inferSelect;
export type NewPointEntry = Omit<typeof pointEntries.$inferInsert, 'id' | 'balanceAfter' | 'createdAt'>;

/** One page of a person's history, newest first, with the block's titles from the block registry. */
export async function listPointPage(db: Db, userId: string, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: pointEntries,
        titleVi: notificationBlocks.titleVi,
        titleEn: notificationBlocks.titleEn,
      })
      .from(pointEntries)
      .leftJoin(notificationBlocks, eq(notificationBlocks.id, pointEntries.blockId))
      .where(eq(pointEntries.userId, userId))
      .orderBy(desc(pointEntries.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(pointEntries).where(eq(pointEntries.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function readBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: pointBalances.balance })
    .from(pointBalances)
    .where(eq(pointBalances.userId, userId));
  return row?.balance ?? 0;
}

/** The change a product made under this key, if any. */
export async function findByKey(db: Db, clientId: string, key: string): Promise<PointEntry | undefined> {
  const [row] = await db
    .select()
    .from(pointEntries)
    .where(and(eq(pointEntries.clientId, clientId), eq(pointEntries.idempotencyKey, key)));
  return row;
}

/**
 * Writes the change's row unless the key already made one (then undefined: a parallel retry waits
 * on the unique key until the first commits). `balance_after` is set by moveBalance.
 */
export async function insertEntry(db: Db, entry: NewPointEntry): Promise<PointEntry | undefined> {
  const [row] = await db
    .insert(pointEntries)
    .values({ ...entry, balanceAfter: 0 })
    .onConflictDoNothing({ target: [pointEntries.clientId, pointEntries.idempotencyKey] })
    .returning();
  return row;
}

/**
 * Moves the balance by `point` only if it stays at or above zero, in one statement: the row lock
 * makes a parallel change wait and then check against the new balance. Undefined when refused.
 */
export async function moveBalance(db: Db, userId: string, point: number): Promise<number | undefined> {
  await db.insert(pointBalances).values({ userId, balance: 0 }).onConflictDoNothing();
  const [row] = await db
    .update(pointBalances)
    .set({ balance: sql`${pointBalances.balance} + ${point}`, updatedAt: sql`now()` })
    .where(and(eq(pointBalances.userId, userId), sql`${pointBalances.balance} + ${point} >= 0`))
    .returning({ balance: pointBalances.balance });
  return row?.balance;
}

export const setBalanceAfter = (db: Db, id: number, balance: number) =>
  db.update(pointEntries).set({ balanceAfter: balance }).where(eq(pointEntries.id, id));

/** An account deleted: its history and balance go (user.deleted, events.ts). */
export async function deletePointsOf(db: Db, userId: string) {
  await db.delete(pointEntries).where(eq(pointEntries.userId, userId));
  await db.delete(pointBalances).where(eq(pointBalances.userId, userId));
}
