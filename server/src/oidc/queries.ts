import { and, desc, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fromExcluded } from '../db/excluded.js';
import { preparedFor } from '../db/prepared.js';
import { oidcPayloads } from '../db/schema.js';

export type OidcRow = typeof oidcPayloads.$inferSelect;

const alive = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

const value = (name: string) => sql.placeholder(name);

// The adapter's statements (server/src/oidc/adapter.ts) run several times per sign-in and per
// token request: prepared once per database (server/src/db/prepared.ts).
const statements = preparedFor((db) => {
  const findBy = (column: 'id' | 'uid' | 'userCode') =>
    db
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, value('type')), eq(oidcPayloads[column], value('value')), alive()))
      .limit(1)
      .prepare(`oidc_find_by_${column}`);
  const byTypeAndId = and(eq(oidcPayloads.type, value('type')), eq(oidcPayloads.id, value('id')));
  return {
    upsert: db
      .insert(oidcPayloads)
      .values({
        id: value('id'),
        type: value('type'),
        payload: value('payload'),
        grantId: value('grantId'),
        userCode: value('userCode'),
        uid: value('uid'),
        // Raw, not through the column's encoder, which cannot take null.
        expiresAt: sql`${value('expiresAt')}::timestamptz`,
      })
      .onConflictDoUpdate({
        target: [oidcPayloads.id, oidcPayloads.type],
        set: {
          ...fromExcluded(oidcPayloads, ['payload', 'grantId', 'userCode', 'uid', 'expiresAt']),
          consumedAt: null,
        },
      })
      .prepare('oidc_upsert'),
    findBy: { id: findBy('id'), uid: findBy('uid'), userCode: findBy('userCode') },
    consume: db.update(oidcPayloads).set({ consumedAt: sql`now()` }).where(byTypeAndId).prepare('oidc_consume'),
    delete: db.delete(oidcPayloads).where(byTypeAndId).prepare('oidc_delete'),
    deleteByGrantId: db
      .delete(oidcPayloads)
      .where(eq(oidcPayloads.grantId, value('grantId')))
      .prepare('oidc_delete_by_grant'),
  };
});

export const upsertPayload = async (db: Db, row: typeof oidcPayloads.$inferInsert) => {
  await statements(db).upsert.execute({
    id: row.id,
    type: row.type,
    payload: row.payload,
    grantId: row.grantId ?? null,
    userCode: row.userCode ?? null,
    uid: row.uid ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  });
};

export const findPayloadBy = async (
  db: Db,
  type: string,
  column: 'id' | 'uid' | 'userCode',
  found: string,
): Promise<OidcRow | undefined> => {
  // A client-sent id with U+0000 cannot be stored, so it names nothing (PostgreSQL would refuse the query).
  if (found.includes('\u0000')) return undefined;
  const [row] = await statements(db).findBy[column].execute({ type, value: found });
  return row;
};

export const consumePayload = async (db: Db, type: string, id: string) => {
  await statements(db).consume.execute({ type, id });
};

export const deletePayload = async (db: Db, type: string, id: string) => {
  await statements(db).delete.execute({ type, id });
};

/** A grant's tokens and codes are stored under several types; revoking the grant removes all of them. */
export const deleteByGrantId = async (db: Db, grantId: string) => {
  await statements(db).deleteByGrantId.execute({ grantId });
};

export const deleteExpiredPayloads = (db: Db) => db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));

const accountIs = (accountId: string) => sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`;
/** The grants of an account, narrowed by `more`. */
const grantsOf = (accountId: string, ...more: (SQL | undefined)[]) =>
  and(eq(oidcPayloads.type, 'Grant'), accountIs(accountId), ...more);

/** The newest live grant an account gave a client, to reuse consent already given. */
export const findLatestGrantId = async (db: Db, accountId: string, clientId: string): Promise<string | undefined> => {
  const [row] = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(grantsOf(accountId, sql`${oidcPayloads.payload}->>'clientId' = ${clientId}`, alive()))
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
        grantsOf(
          accountId,
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

type SessionPayload = { loginTs?: number; amr?: string[]; authorizations?: Record<string, unknown> };

/** The live provider sessions of an account, newest first (the admin console's account view): when, how, into which apps. */
export const listSessionsOfAccount = async (db: Db, accountId: string, limit = 50) => {
  const rows = await db
    .select({ payload: oidcPayloads.payload, expiresAt: oidcPayloads.expiresAt })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.type, 'Session'), accountIs(accountId), alive()))
    .orderBy(desc(sql`(${oidcPayloads.payload}->>'loginTs')::bigint`))
    .limit(limit);
  return rows.map(({ payload, expiresAt }) => {
    const session = payload as SessionPayload;
    return {
      signedInAt: new Date((session.loginTs ?? 0) * 1000),
      expiresAt,
      methods: Array.isArray(session.amr) ? session.amr.map(String) : [],
      clients: Object.keys(session.authorizations ?? {}),
    };
  });
};

// Clients made in the admin console or on the command line are rows of the `Client` model, which
// oidc-provider reads through the adapter at each use (server/src/oidc/client-store.ts).
const storedClient = (clientId: string) => and(eq(oidcPayloads.type, 'Client'), eq(oidcPayloads.id, clientId));

export const listStoredClients = (db: Db) =>
  db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(eq(oidcPayloads.type, 'Client'))
    .orderBy(oidcPayloads.id);

export const findStoredClient = async (db: Db, clientId: string) => {
  const [row] = await db.select({ payload: oidcPayloads.payload }).from(oidcPayloads).where(storedClient(clientId));
  return row?.payload as Record<string, unknown> | undefined;
};

/** Adds a client; false when one of that id is stored already (the primary key decides a race). */
export const insertStoredClient = async (db: Db, clientId: string, metadata: Record<string, unknown>) => {
  const rows = await db
    .insert(oidcPayloads)
    .values({ id: clientId, type: 'Client', payload: metadata })
    .onConflictDoNothing()
    .returning({ id: oidcPayloads.id });
  return rows.length > 0;
};

export const updateStoredClient = async (db: Db, clientId: string, metadata: Record<string, unknown>) => {
  const rows = await db
    .update(oidcPayloads)
    .set({ payload: metadata })
    .where(storedClient(clientId))
    .returning({ id: oidcPayloads.id });
  return rows.length > 0;
};

/** Removes a client and everything issued to it (grants, codes, tokens). */
export const deleteStoredClient = async (db: Db, clientId: string) => {
  const rows = await db.delete(oidcPayloads).where(storedClient(clientId)).returning({ id: oidcPayloads.id });
  if (rows.length === 0) return false;
  await db
    .delete(oidcPayloads)
    .where(and(ne(oidcPayloads.type, 'Client'), sql`${oidcPayloads.payload}->>'clientId' = ${clientId}`));
  return true;
};

/** A client's client-credentials tokens (its secret rotated: what the old secret bought goes too). */
export const deleteClientCredentialTokens = (db: Db, clientId: string) =>
  db
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.type, 'ClientCredentials'), sql`${oidcPayloads.payload}->>'clientId' = ${clientId}`));

/**
 * The live grants of an account with what each covers and when a token was last issued under it
 * (a sign-in or a refresh): the connected apps page (server/src/features/connected-apps).
 */
export const listGrantsWithLastUse = async (db: Db, accountId: string) => {
  const rows = await db
    .select({
      id: oidcPayloads.id,
      clientId: sql<string>`${oidcPayloads.payload}->>'clientId'`,
      scope: sql<string | null>`${oidcPayloads.payload}->'openid'->>'scope'`,
      grantedAt: sql<string | null>`${oidcPayloads.payload}->>'iat'`,
      lastUsedAt: sql<string | null>`(
        select max((t.payload->>'iat')::bigint) from oidc_payloads t
        where t.grant_id = oidc_payloads.id and t.type in ('AccessToken', 'RefreshToken')
      )::text`,
    })
    .from(oidcPayloads)
    .where(grantsOf(accountId, alive()));
  return rows.map((r) => ({
    id: r.id,
    clientId: r.clientId,
    scopes: (r.scope ?? '').split(' ').filter(Boolean),
    grantedAt: r.grantedAt ? new Date(Number(r.grantedAt) * 1000) : null,
    lastUsedAt: r.lastUsedAt ? new Date(Number(r.lastUsedAt) * 1000) : null,
  }));
};

/**
 * Takes a client out of every provider session of an account (oidc-provider keeps each client's
 * sign-in in `authorizations`), so that client's session ends while the browser's stays; answers
 * how many sessions held it.
 */
export const removeClientFromSessions = async (db: Db, accountId: string, clientId: string): Promise<number> => {
  const rows = await db
    .update(oidcPayloads)
    .set({ payload: sql`${oidcPayloads.payload} #- array['authorizations', ${clientId}::text]` })
    .where(
      and(
        eq(oidcPayloads.type, 'Session'),
        accountIs(accountId),
        sql`jsonb_exists(${oidcPayloads.payload}->'authorizations', ${clientId}::text)`,
      ),
    )
    .returning({ id: oidcPayloads.id });
  return rows.length;
};
