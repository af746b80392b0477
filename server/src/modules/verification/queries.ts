import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema.js';

export type VerificationCode = typeof verificationCodes.$inferSelect;

/**
 * A code is keyed by its purpose, its address and the account it was asked for (null when nobody
 * is known yet, as in registration): another account's tries never touch it.
 */
export type CodeKey = { purpose: string; target: string; userId: string | null };

const of = ({ purpose, target, userId }: CodeKey) =>
  and(
    eq(verificationCodes.purpose, purpose),
    eq(verificationCodes.target, target),
    userId === null ? isNull(verificationCodes.userId) : eq(verificationCodes.userId, userId),
  );

export const findCode = async (db: Db, key: CodeKey): Promise<VerificationCode | undefined> => {
  const [row] = await db.select().from(verificationCodes).where(of(key)).limit(1);
  return row;
};

/**
 * Stores a new code for (purpose, target, user) unless the previous one is still in its resend
 * cooldown and unused; the condition sits in the statement so two racing sends cannot both pass.
 * Returns false when the cooldown refused it.
 */
export const upsertCode = async (
  db: Db,
  row: CodeKey & { codeHash: string; expiresAt: Date; now: Date },
  cooldownEndsBefore: Date,
): Promise<boolean> => {
  const values = {
    codeHash: row.codeHash,
    expiresAt: row.expiresAt,
    attempts: 0,
    lastSentAt: row.now,
    consumedAt: null,
  };
  const saved = await db
    .insert(verificationCodes)
    .values({ purpose: row.purpose, target: row.target, userId: row.userId, ...values })
    .onConflictDoUpdate({
      target: [verificationCodes.purpose, verificationCodes.target, verificationCodes.userId],
      set: values,
      setWhere: or(lte(verificationCodes.lastSentAt, cooldownEndsBefore), isNotNull(verificationCodes.consumedAt)),
    })
    .returning({ id: verificationCodes.id });
  return saved.length > 0;
};

/** Counts one try on the live code, if it may still be tried; returns it with the new count. */
export const countAttempt = async (db: Db, key: CodeKey, now: Date, maxAttempts: number) => {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        of(key),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
};

/** Marks the code used; false when another request used it first. */
export const consumeCode = async (db: Db, id: number, now: Date): Promise<boolean> => {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
};

export const deleteCodesOfUser = (db: Db, userId: string) =>
  db.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
