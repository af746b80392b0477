import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
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

export const deleteExpiredPayloads = (db: Db) =>
  db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
