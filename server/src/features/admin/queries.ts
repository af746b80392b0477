import { ADMIN_SEARCH_LIMIT, CLAIM_TYPES } from '@portico/contracts';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { kycVerifications, userClaims, userContacts, users, userTwoFactor } from '../../db/schema.js';

const LINK_CLAIMS = [CLAIM_TYPES.googleLink, CLAIM_TYPES.facebookLink, CLAIM_TYPES.zaloLink];

/** `%…%` for ILIKE with the query's own % and _ taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Accounts whose id is the query, or one of whose e-mails or phones (stored normalised: e-mails
 * lower-case, phones digits) or whose name holds it; live ones first, newest first.
 */
export async function searchUsers(db: Db, q: string) {
  const text = containing(q.toLowerCase());
  const digits = q.replace(/\D/g, '');
  const contactMatch = db
    .select({ id: userContacts.userId })
    .from(userContacts)
    .where(
      or(
        sql`${userContacts.value} ilike ${text}`,
        digits.length >= 3 ? sql`${userContacts.value} like ${containing(digits)}` : undefined,
      ),
    );
  const ids = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        eq(users.id, q),
        inArray(users.id, contactMatch),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${text}`,
        sql`(${users.lastName} || ' ' || ${users.firstName}) ilike ${text}`,
      ),
    )
    .orderBy(sql`${users.deletedAt} is not null`, desc(users.createdAt))
    .limit(ADMIN_SEARCH_LIMIT);
  return describeUsers(
    db,
    ids.map((r) => r.id),
  );
}

/** The rows of the search table for these accounts, in the given order. */
async function describeUsers(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const [rows, contacts] = await Promise.all([
    db.select().from(users).where(inArray(users.id, ids)),
    db
      .select()
      .from(userContacts)
      .where(inArray(userContacts.userId, ids))
      .orderBy(desc(userContacts.isPrimary), asc(userContacts.id)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const user = byId.get(id);
    if (!user) return [];
    const mine = contacts.filter((c) => c.userId === id);
    return [
      {
        user,
        email: mine.find((c) => c.type === 2)?.value ?? null,
        phone: mine.find((c) => c.type === 1)?.value ?? null,
      },
    ];
  });
}

export const findUserRow = async (db: Db, userId: string) => (await describeUsers(db, [userId]))[0];

export const listContacts = (db: Db, userId: string) =>
  db
    .select()
    .from(userContacts)
    .where(eq(userContacts.userId, userId))
    .orderBy(asc(userContacts.type), desc(userContacts.isPrimary), asc(userContacts.id));

export async function securityState(db: Db, userId: string) {
  const [[twoFactor], [kyc], links] = await Promise.all([
    db.select({ enabled: userTwoFactor.enabled }).from(userTwoFactor).where(eq(userTwoFactor.userId, userId)),
    db.select({ status: kycVerifications.status }).from(kycVerifications).where(eq(kycVerifications.userId, userId)),
    db
      .select({ type: userClaims.claimType })
      .from(userClaims)
      .where(and(eq(userClaims.userId, userId), inArray(userClaims.claimType, LINK_CLAIMS))),
  ]);
  return {
    twoFactor: twoFactor?.enabled ?? false,
    kycStatus: kyc?.status ?? null,
    providers: links.map((l) => l.type.replace(/_link$/, '')).sort(),
  };
}
