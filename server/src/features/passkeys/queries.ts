import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passkeys } from '../../db/schema.js';

export type PasskeyRow = typeof passkeys.$inferSelect;

export const listPasskeys = (db: Db, userId: string) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));

/** A passkey by its credential id, whoever holds it (the sign-in: the answer names it). */
export const findPasskey = async (db: Db, id: string): Promise<PasskeyRow | undefined> =>
  (await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1))[0];

/** One of the person's passkeys; another person's id is never found. */
export const findUserPasskey = async (db: Db, userId: string, id: string): Promise<PasskeyRow | undefined> =>
  (
    await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
      .limit(1)
  )[0];

export const countPasskeys = (db: Db, userId: string) => db.$count(passkeys, eq(passkeys.userId, userId));

export const insertPasskey = (db: Db, row: typeof passkeys.$inferInsert) =>
  db
    .insert(passkeys)
    .values(row)
    .returning()
    .then((rows) => rows[0] as PasskeyRow);

/**
 * A sign-in used it: the authenticator's new counter and backup state. The counter only moves
 * forward (compare-and-set), so a cloned key answering with an old counter loses the race.
 */
export const usePasskey = async (
  db: Db,
  id: string,
  { counter, backedUp, at }: { counter: number; backedUp: boolean; at: Date },
): Promise<boolean> => {
  const rows = await db
    .update(passkeys)
    .set({ counter, backedUp, lastUsedAt: at })
    .where(
      and(eq(passkeys.id, id), sql`((${passkeys.counter} = 0 and ${counter} = 0) or ${passkeys.counter} < ${counter})`),
    )
    .returning({ id: passkeys.id });
  return rows.length === 1;
};

export const renamePasskey = async (db: Db, userId: string, id: string, name: string) =>
  (
    await db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
      .returning()
  )[0];

export const deletePasskey = async (db: Db, userId: string, id: string) =>
  (
    await db
      .delete(passkeys)
      .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
      .returning()
  )[0];

export const deletePasskeysOf = (db: Db, userId: string) => db.delete(passkeys).where(eq(passkeys.userId, userId));
