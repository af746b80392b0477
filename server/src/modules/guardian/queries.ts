import { type AnyColumn, and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guardianConsents, guardianWaits, users } from '../../db/schema.js';

export type GuardianConsentRow = typeof guardianConsents.$inferSelect;

export const findGuardianConsent = async (db: Db, userId: string): Promise<GuardianConsentRow | undefined> =>
  (await db.select().from(guardianConsents).where(eq(guardianConsents.userId, userId)).limit(1))[0];

/** The birth dates of people a product names by id (the rule's only question about them); unknown ids are left out. */
export const findBirthdates = (db: Db, userIds: string[]): Promise<{ id: string; birthdate: string | null }[]> =>
  db.select({ id: users.id, birthdate: users.birthdate }).from(users).where(inArray(users.id, userIds));

/** Which of these children's guardians have consented. */
export const findConsentedAmong = async (db: Db, userIds: string[]): Promise<Set<string>> =>
  new Set(
    (
      await db
        .select({ userId: guardianConsents.userId })
        .from(guardianConsents)
        .where(and(inArray(guardianConsents.userId, userIds), isNotNull(guardianConsents.consentedAt)))
    ).map((row) => row.userId),
  );

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

/** The account is deleted: its guardian's record and its wait go. */
export async function deleteGuardianConsentOf(db: Db, userId: string): Promise<void> {
  await db.delete(guardianConsents).where(eq(guardianConsents.userId, userId));
  await db.delete(guardianWaits).where(eq(guardianWaits.userId, userId));
}

/** A live account younger than `age` years by its birth date, today in the database's calendar. */
const isChildSql = (age: number) =>
  and(
    isNull(users.deletedAt),
    sql`${users.birthdate} is not null and ${users.birthdate} > current_date - make_interval(years => ${age}::int)`,
  );

/**
 * A list of rows about people (`userId`, a column holding a user id) without the children waiting
 * for their guardian (`age` GUARDIAN_CONSENT_AGE, 0: everyone): a product's list fills its page
 * with people it may read. The door checks what is left by the rule's own clock
 * (server/src/http/endpoint.ts holdBackWaiting).
 */
export const notWaitingForGuardian = (userId: AnyColumn, age: number): SQL | undefined =>
  age > 0
    ? sql`not exists (select 1 from ${users} left join ${guardianConsents} on ${guardianConsents.userId} = ${users.id}
        where ${users.id} = ${userId} and ${isChildSql(age)} and ${guardianConsents.consentedAt} is null)`
    : undefined;

/**
 * Notes the children's accounts waiting for a guardian that have no wait yet: their wait starts
 * now (one housekeeping run after they began to wait, at most). Answers how many were noted.
 */
export async function noteWaitingChildren(db: Db, { age, limit }: { age: number; limit: number }): Promise<number> {
  const unnoted = db
    .select({ userId: users.id, since: sql<Date>`now()`.as('since') })
    .from(users)
    .leftJoin(guardianConsents, eq(guardianConsents.userId, users.id))
    .leftJoin(guardianWaits, eq(guardianWaits.userId, users.id))
    .where(and(isChildSql(age), isNull(guardianConsents.consentedAt), isNull(guardianWaits.userId)))
    .limit(limit);
  const rows = await db
    .insert(guardianWaits)
    .select(unnoted)
    .onConflictDoNothing()
    .returning({ userId: guardianWaits.userId });
  return rows.length;
}

/** When the account's wait was first noted; undefined before housekeeping saw it. */
export const findWaitSince = async (db: Db, userId: string): Promise<Date | undefined> =>
  (await db.select().from(guardianWaits).where(eq(guardianWaits.userId, userId)).limit(1))[0]?.since;

/**
 * Children's accounts whose guardian never consented and whose wait started before `before`: the
 * latest of when it was first noted, the account's last change (a birth date typed later) and the
 * last guardian asked. At most `limit`, oldest first.
 */
export async function findAbandonedChildren(
  db: Db,
  { age, before, limit }: { age: number; before: Date; limit: number },
): Promise<string[]> {
  const started = sql`greatest(${guardianWaits.since}, ${users.updatedAt}, coalesce(${guardianConsents.askedAt}, ${guardianWaits.since}))`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(guardianWaits, eq(guardianWaits.userId, users.id))
    .leftJoin(guardianConsents, eq(guardianConsents.userId, users.id))
    .where(
      and(
        isChildSql(age),
        isNull(guardianConsents.consentedAt),
        sql`${started} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(guardianWaits.since)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * A child's waiting state read for its erasure, its rows locked (the account's and its guardian's
 * record) so that a consent given meanwhile either commits first and is seen, or waits and then
 * finds the record gone. Undefined for an account already deleted.
 */
export async function lockWaitState(db: Db, userId: string) {
  const [user] = await db
    .select({ birthdate: users.birthdate, updatedAt: users.updatedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!user) return undefined;
  const [consent] = await db
    .select({ askedAt: guardianConsents.askedAt, consentedAt: guardianConsents.consentedAt })
    .from(guardianConsents)
    .where(eq(guardianConsents.userId, userId))
    .for('update');
  return { ...user, consent, since: await findWaitSince(db, userId) };
}
