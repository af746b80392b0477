import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guardianConsents, users } from '../../db/schema.js';

export type GuardianConsentRow = typeof guardianConsents.$inferSelect;

export const findGuardianConsent = async (db: Db, userId: string): Promise<GuardianConsentRow | undefined> =>
  (await db.select().from(guardianConsents).where(eq(guardianConsents.userId, userId)).limit(1))[0];

/** A person's birth date by id (the rule's only question about someone a product names). */
export const findBirthdate = async (db: Db, userId: string): Promise<{ birthdate: string | null } | undefined> =>
  (await db.select({ birthdate: users.birthdate }).from(users).where(eq(users.id, userId)).limit(1))[0];

/** The child named (again) a guardian: a new request, which replaces an earlier one not yet answered. */
export const saveGuardianAsked = (
  db: Db,
  row: Pick<GuardianConsentRow, 'userId' | 'guardian' | 'askedAt' | 'childAgreedAt'>,
) =>
  db
    .insert(guardianConsents)
    .values(row)
    .onConflictDoUpdate({
      target: guardianConsents.userId,
      set: { guardian: row.guardian, askedAt: row.askedAt, childAgreedAt: row.childAgreedAt },
    });

/** The guardian consented: recorded once, on the request they were asked (same guardian, not yet consented). */
export const recordGuardianConsent = async (
  db: Db,
  userId: string,
  consent: Required<Pick<GuardianConsentRow, 'consentedAt' | 'method' | 'textLocale' | 'text' | 'ip' | 'userAgent'>> & {
    guardian: string;
  },
): Promise<boolean> => {
  const { guardian, ...fields } = consent;
  const rows = await db
    .update(guardianConsents)
    .set(fields)
    .where(
      and(
        eq(guardianConsents.userId, userId),
        eq(guardianConsents.guardian, guardian),
        isNull(guardianConsents.consentedAt),
      ),
    )
    .returning({ userId: guardianConsents.userId });
  return rows.length === 1;
};

export const deleteGuardianConsentOf = (db: Db, userId: string) =>
  db.delete(guardianConsents).where(eq(guardianConsents.userId, userId));

/**
 * Live accounts younger than `age` years whose guardian never consented, waiting since before
 * `since`: the latest of the account's creation, its last change (a birth date typed later moves
 * it) and the last guardian asked. At most `limit`, for one housekeeping run.
 */
export async function findAbandonedChildren(
  db: Db,
  { age, since, limit }: { age: number; since: Date; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(guardianConsents, eq(guardianConsents.userId, users.id))
    .where(
      and(
        isNull(users.deletedAt),
        sql`${users.birthdate} is not null and ${users.birthdate} > current_date - make_interval(years => ${age}::int)`,
        isNull(guardianConsents.consentedAt),
        sql`greatest(${users.createdAt}, ${users.updatedAt}, coalesce(${guardianConsents.askedAt}, ${users.createdAt})) < ${since.toISOString()}::timestamptz`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}
