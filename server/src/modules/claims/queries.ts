import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { type Db, firstRow } from '../../db/client.js';
import { userClaims, users } from '../../db/schema.js';
import type { User } from '../users/index.js';

export type UserClaimRow = typeof userClaims.$inferSelect;

export const listClaims = (db: Db, userId: string) =>
  db.select().from(userClaims).where(eq(userClaims.userId, userId)).orderBy(asc(userClaims.id));

export const findClaimById = (db: Db, userId: string, id: number): Promise<UserClaimRow | undefined> =>
  firstRow(
    db
      .select()
      .from(userClaims)
      .where(and(eq(userClaims.userId, userId), eq(userClaims.id, id))),
  );

/** Sets the user's single claim of a type (insert or replace its value). */
/** Sets a claim's value; `confirmedAt` when a code sent to the value confirmed it (recovery ways), else unconfirmed. */
export const upsertClaim = async (
  db: Db,
  userId: string,
  claimType: string,
  claimValue: string,
  confirmedAt: Date | null = null,
): Promise<UserClaimRow> => {
  const [row] = await db
    .insert(userClaims)
    .values({ userId, claimType, claimValue, confirmedAt })
    .onConflictDoUpdate({ target: [userClaims.userId, userClaims.claimType], set: { claimValue, confirmedAt } })
    .returning();
  return row!;
};

export const deleteClaim = (db: Db, userId: string, claimType: string) =>
  db.delete(userClaims).where(and(eq(userClaims.userId, userId), eq(userClaims.claimType, claimType)));

export const deleteClaimById = async (db: Db, userId: string, id: number): Promise<boolean> => {
  const rows = await db
    .delete(userClaims)
    .where(and(eq(userClaims.userId, userId), eq(userClaims.id, id)))
    .returning({ id: userClaims.id });
  return rows.length > 0;
};

export const deleteAllClaims = (db: Db, userId: string) => db.delete(userClaims).where(eq(userClaims.userId, userId));

/**
 * The live account whose recovery e-mail (claim email_recovery) or phone (phone_number_recovery)
 * is `value` (normalised). Undefined when none, or when several live accounts name it (a
 * recovery address is not proof of ownership, so an ambiguous one picks nobody).
 */
export const findUserByRecoveryClaim = async (
  db: Db,
  claimType: 'email_recovery' | 'phone_number_recovery',
  value: string,
): Promise<User | undefined> => {
  const rows = await db
    .select({ user: users })
    .from(userClaims)
    .innerJoin(users, eq(users.id, userClaims.userId))
    .where(
      and(
        eq(userClaims.claimType, claimType),
        eq(userClaims.claimValue, value),
        // Only a recovery way confirmed by its code counts (issue 24 point 8).
        isNotNull(userClaims.confirmedAt),
        isNull(users.deletedAt),
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0]!.user : undefined;
};

export const countClaims = async (db: Db, userId: string) =>
  (await db.select({ n: count() }).from(userClaims).where(eq(userClaims.userId, userId)))[0]?.n ?? 0;
