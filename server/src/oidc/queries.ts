import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { oidcPayloads } from '../db/schema.js';

export type OidcRow = typeof oidcPayloads.$inferSelect;

const alive = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

export const upsertPayload = (db: Db, row: typeof oidcPayloads.$inferInsert) =>
  db
    .insert(oidcPayloads)
    .values(row)
    .onConflictDoUpdate({
      target: [oidcPayloads.id, oidcPayloads.type],
      set: {
        payload: row.payload,
        grantId: row.grantId,
        userCode: row.userCode,
        uid: row.uid,
        expiresAt: row.expiresAt,
        consumedAt: null,
      },
    });

export const findPayloadBy = async (
  db: Db,
  type: string,
  column: 'id' | 'uid' | 'userCode',
  value: string,
): Promise<OidcRow | undefined> => {
  // A client-sent id with U+0000 cannot be stored, so it names nothing (PostgreSQL would refuse the query).
  if (value.includes('\u0000')) return undefined;
  const [row] = await db
    .select()
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.type, type), eq(oidcPayloads[column], value), alive()))
    .limit(1);
  return row;
};

export const consumePayload = (db: Db, type: string, id: string) =>
  db
    .update(oidcPayloads)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oidcPayloads.type, type), eq(oidcPayloads.id, id)));

export const deletePayload = (db: Db, type: string, id: string) =>
  db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, type), eq(oidcPayloads.id, id)));

/** A grant's tokens and codes are stored under several types; revoking the grant removes all of them. */
export const deleteByGrantId = (db: Db, grantId: string) =>
  db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));

export const deleteExpiredPayloads = (db: Db) => db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));

const accountIs = (accountId: string) => sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`;

/** The newest live grant an account gave a client, to reuse consent already given. */
export const findLatestGrantId = async (db: Db, accountId: string, clientId: string): Promise<string | undefined> => {
  const [row] = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, 'Grant'),
        accountIs(accountId),
        sql`${oidcPayloads.payload}->>'clientId' = ${clientId}`,
        alive(),
      ),
    )
    .orderBy(sql`${oidcPayloads.expiresAt} desc nulls first`)
    .limit(1);
  return row?.id;
};

/** Ends an account's provider sessions (all, or all but `keepUid`); answers the ended sessions' uids. */
export const deleteSessions = async (db: Db, accountId: string, keepUid?: string): Promise<string[]> => {
  const rows = await db
    .delete(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, 'Session'),
        accountIs(accountId),
        keepUid ? or(isNull(oidcPayloads.uid), ne(oidcPayloads.uid, keepUid)) : undefined,
      ),
    )
    .returning({ uid: oidcPayloads.uid });
  return rows.map((r) => r.uid).filter((uid): uid is string => !!uid);
};

/** Ends every provider session of an account; answers the sessions' uids. */
export const deleteSessionsOfAccount = (db: Db, accountId: string) => deleteSessions(db, accountId);

/**
 * Revokes an account's grants (all, all but `keep`, or only `ids`) with everything issued under
 * them (codes, access and refresh tokens); answers how many.
 */
export const deleteGrants = async (
  db: Db,
  accountId: string,
  opts: { keep?: string; ids?: string[] } = {},
): Promise<number> => {
  if (opts.ids?.length === 0) return 0;
  const owned = (
    await db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.type, 'Grant'),
          accountIs(accountId),
          opts.keep ? ne(oidcPayloads.id, opts.keep) : undefined,
          opts.ids ? inArray(oidcPayloads.id, opts.ids) : undefined,
        ),
      )
  ).map((g) => g.id);
  if (owned.length === 0) return 0;
  await db
    .delete(oidcPayloads)
    .where(
      or(inArray(oidcPayloads.grantId, owned), and(eq(oidcPayloads.type, 'Grant'), inArray(oidcPayloads.id, owned))),
    );
  return owned.length;
};

/** Revokes every grant of an account with everything issued under it. */
export const deleteGrantsOfAccount = (db: Db, accountId: string) => deleteGrants(db, accountId);

/** Ends one provider session of an account by its uid; answers the grant ids it held (empty when there was none). */
export const deleteSessionByUid = async (db: Db, accountId: string, uid: string): Promise<string[]> => {
  const rows = await db
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.type, 'Session'), eq(oidcPayloads.uid, uid), accountIs(accountId)))
    .returning({ payload: oidcPayloads.payload });
  const grants = new Set<string>();
  for (const { payload } of rows) {
    const authorizations = (payload as { authorizations?: Record<string, { grantId?: string }> }).authorizations ?? {};
    for (const a of Object.values(authorizations)) if (a.grantId) grants.add(a.grantId);
  }
  return [...grants];
};

/** Revokes grants of an account by id, with everything issued under them (codes, access and refresh tokens). */
export const deleteGrantsById = async (db: Db, accountId: string, ids: string[]): Promise<void> => {
  await deleteGrants(db, accountId, { ids });
};
