import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oidcPayloads, userContacts, users } from '../../db/schema.js';

const accountIs = (accountId: string) => sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`;

/** Sets a user's password hash. */
export const setPasswordHash = (db: Db, userId: string, passwordHash: string) =>
  db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));

/** Sets the first password only while the account has none; false when it already had one. */
export const setFirstPasswordHash = async (db: Db, userId: string, passwordHash: string): Promise<boolean> => {
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return rows.length > 0;
};

/** The confirmed, primary e-mail (type 2) or phone (type 1) of a user. */
export const findConfirmedPrimaryContact = async (db: Db, userId: string, type: number) => {
  const [row] = await db
    .select()
    .from(userContacts)
    .where(
      and(
        eq(userContacts.userId, userId),
        eq(userContacts.type, type),
        eq(userContacts.isPrimary, true),
        eq(userContacts.isConfirmed, true),
      ),
    )
    .limit(1);
  return row;
};

/** Ends every provider session of an account but `keepSessionUid`; answers the ended sessions' uids. */
export const deleteOtherSessions = async (db: Db, accountId: string, keepSessionUid: string | undefined) => {
  const rows = await db
    .delete(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, 'Session'),
        accountIs(accountId),
        keepSessionUid ? or(isNull(oidcPayloads.uid), ne(oidcPayloads.uid, keepSessionUid)) : undefined,
      ),
    )
    .returning({ uid: oidcPayloads.uid });
  return rows.map((r) => r.uid).filter((uid): uid is string => !!uid);
};

/** Revokes every grant of an account but `keepGrantId`, with its codes, access and refresh tokens. */
export const deleteOtherGrants = async (
  db: Db,
  accountId: string,
  keepGrantId: string | undefined,
): Promise<number> => {
  const grants = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, 'Grant'),
        accountIs(accountId),
        keepGrantId ? ne(oidcPayloads.id, keepGrantId) : undefined,
      ),
    );
  const ids = grants.map((g) => g.id);
  if (ids.length === 0) return 0;
  await db
    .delete(oidcPayloads)
    .where(or(inArray(oidcPayloads.grantId, ids), and(eq(oidcPayloads.type, 'Grant'), inArray(oidcPayloads.id, ids))));
  return ids.length;
};
