import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userContacts, users } from '../../db/schema.js';
import { deleteGrants, deleteSessions } from '../../oidc/queries.js';

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
export const deleteOtherSessions = (db: Db, accountId: string, keepSessionUid: string | undefined) =>
  deleteSessions(db, accountId, keepSessionUid);

/** Revokes every grant of an account but `keepGrantId`, with its codes, access and refresh tokens. */
export const deleteOtherGrants = (db: Db, accountId: string, keepGrantId: string | undefined) =>
  deleteGrants(db, accountId, { keep: keepGrantId });

/** The account has no password again (the undo of a first password, server/src/modules/password/events.ts). */
export const clearPasswordHash = (db: Db, userId: string) =>
  db.update(users).set({ passwordHash: null, updatedAt: sql`now()` }).where(eq(users.id, userId));
