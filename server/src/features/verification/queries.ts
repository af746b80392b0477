import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema.js';

export type VerificationCode = typeof verificationCodes.$inferSelect;

const of = (purpose: string, target: string) =>
  and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target));

export const findCode = async (db: Db, purpose: string, target: string): Promise<VerificationCode | undefined> => {
  const [row] = await db.select().from(verificationCodes).where(of(purpose, target)).limit(1);
  return row;
};

/**
 * Stores a new code for (purpose, target) unless the previous one is still in its resend
 * cooldown and unused; the condition sits in the statement so two racing sends cannot both pass.
 * Returns false when the cooldown refused it.
 */
export const upsertCode = async (
  db: Db,
  row: { purpose: string; target: string; userId: string | null; codeHash: string; expiresAt: Date; now: Date },
  cooldownEndsBefore: Date,
): Promise<boolean> => {
  const values = {
    userId: row.userId,
    codeHash: row.codeHash,
    expiresAt: row.expiresAt,
    attempts: 0,
    lastSentAt: row.now,
    consumedAt: null,
  };
  const saved = await db
    .insert(verificationCodes)
    .values({ purpose: row.purpose, target: row.target, ...values })
    .onConflictDoUpdate({
      target: [verificationCodes.purpose, verificationCodes.target],
      set: values,
      setWhere: or(lte(verificationCodes.lastSentAt, cooldownEndsBefore), isNotNull(verificationCodes.consumedAt)),
    })
    .returning({ id: verificationCodes.id });
  return saved.length > 0;
};

/** Counts one try on the live code, if it may still be tried; returns it with the new count. */
export const countAttempt = async (db: Db, purpose: string, target: string, now: Date, maxAttempts: number) => {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        of(purpose, target),
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
