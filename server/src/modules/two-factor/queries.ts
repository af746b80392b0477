import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRecoveryCodes, userTwoFactor } from '../../db/schema.js';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

export const findTwoFactor = async (db: Db, userId: string): Promise<TwoFactorRow | undefined> => {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
  return row;
};

/** The row, locked until the transaction ends (so enable/disable/reset know what they change). */
export const lockTwoFactor = async (tx: Db, userId: string): Promise<TwoFactorRow | undefined> => {
  const [row] = await tx.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).for('update').limit(1);
  return row;
};

/** Keeps a new secret beside the one in use until its first code is verified. */
export const savePendingSecret = (db: Db, userId: string, sealed: string, at: Date) =>
  db
    .insert(userTwoFactor)
    .values({ userId, pendingSecret: sealed, pendingSince: at, updatedAt: at })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { pendingSecret: sealed, pendingSince: at, updatedAt: at },
    });

/**
 * The pending secret becomes the authenticator and two-step turns on, if the pending secret is
 * still the one whose code was checked (a newer setup in between wins). `step` is the accepted
 * code's step: it cannot be used again to sign in.
 */
export const activatePendingSecret = async (tx: Db, userId: string, sealed: string, step: number, at: Date) => {
  const rows = await tx
    .update(userTwoFactor)
    .set({ secret: sealed, pendingSecret: null, pendingSince: null, enabled: true, lastUsedStep: step, updatedAt: at })
    .where(and(eq(userTwoFactor.userId, userId), eq(userTwoFactor.pendingSecret, sealed)))
    .returning({ userId: userTwoFactor.userId });
  return rows.length === 1;
};

/**
 * Accepts a code's time step once: one UPDATE that only matches while the stored step is older
 * and the secret is still the checked one. Two requests with the same code race on the row
 * lock; the second re-reads the row, no longer matches, and is refused.
 */
export const acceptStep = async (db: Db, userId: string, sealed: string, step: number) => {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        eq(userTwoFactor.secret, sealed),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length === 1;
};

export const setEnabled = (tx: Db, userId: string, enabled: boolean, at: Date) =>
  tx.update(userTwoFactor).set({ enabled, updatedAt: at }).where(eq(userTwoFactor.userId, userId));

/** Reset: no authenticator, no setup under way, two-step off. */
export const clearAuthenticator = (tx: Db, userId: string, at: Date) =>
  tx
    .update(userTwoFactor)
    .set({ enabled: false, secret: null, pendingSecret: null, pendingSince: null, lastUsedStep: null, updatedAt: at })
    .where(eq(userTwoFactor.userId, userId));

export const replaceRecoveryCodes = async (tx: Db, userId: string, hashes: string[]) => {
  await deleteRecoveryCodes(tx, userId);
  await tx.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
};

export const deleteRecoveryCodes = (tx: Db, userId: string) =>
  tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));

/**
 * Uses a recovery code once, while two-step is on: one UPDATE that only matches an unused code,
 * so two requests with the same code cannot both pass.
 */
export const consumeRecoveryCodeRow = async (db: Db, userId: string, codeHash: string, at: Date) => {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
        sql`exists (select 1 from ${userTwoFactor} where ${userTwoFactor.userId} = ${userId} and ${userTwoFactor.enabled})`,
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return rows.length === 1;
};

export const countUnusedRecoveryCodes = async (db: Db, userId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
};

/** Account deleted: the secrets and the codes go. */
export const eraseTwoFactor = async (tx: Db, userId: string) => {
  await deleteRecoveryCodes(tx, userId);
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
};
