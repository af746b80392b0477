import { and, eq, gt, inArray, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fromExcluded } from '../../db/excluded.js';
import { flows } from '../../db/schema.js';

export type FlowRow = typeof flows.$inferSelect;
/** Which flow found by its target: one unfinished per kind, target and subject (the flows_live_uq index). */
export type FlowKey = { kind: string; target: string; subject: string | null };

// The predicate of flows_live_uq (server/src/db/schema.ts): unfinished and not held by a secret.
const byTarget = and(ne(flows.state, 'done'), isNull(flows.secretHash));
const keyOf = ({ kind, target, subject }: FlowKey) =>
  and(
    eq(flows.kind, kind),
    eq(flows.target, target),
    subject === null ? isNull(flows.subject) : eq(flows.subject, subject),
    byTarget,
  );
const bindingIs = (binding: string | null) => (binding === null ? isNull(flows.binding) : eq(flows.binding, binding));

/**
 * A new flow, replacing the unfinished one of the same kind, target and subject that no client
 * holds by a secret, in the same statement (ON CONFLICT on flows_live_uq): two racing starts leave
 * one row, the last one's, and the replaced flow's id dies with it. A flow started with a secret
 * is outside the index and replaces nothing.
 */
export async function upsertFlow(
  db: Db,
  row: FlowKey & {
    id: string;
    state: string;
    secretHash: string | null;
    binding: string | null;
    data: Record<string, unknown>;
    expiresAt: Date;
    now: Date;
  },
): Promise<FlowRow> {
  const values = {
    id: row.id,
    kind: row.kind,
    state: row.state,
    subject: row.subject,
    target: row.target,
    secretHash: row.secretHash,
    binding: row.binding,
    data: row.data,
    attempts: 0,
    expiresAt: row.expiresAt,
    createdAt: row.now,
    updatedAt: row.now,
  };
  const [saved] = await db
    .insert(flows)
    .values(values)
    .onConflictDoUpdate({
      target: [flows.kind, flows.target, flows.subjectKey],
      targetWhere: sql`${flows.state} <> 'done' and ${flows.secretHash} is null`,
      set: {
        ...fromExcluded(flows, ['id', 'state', 'secretHash', 'binding', 'data', 'expiresAt', 'createdAt', 'updatedAt']),
        attempts: 0,
      },
    })
    .returning();
  return saved!;
}

/**
 * The unfinished flow of that kind, target and subject that no client holds by a secret, if it
 * has not expired; seen only with its binding (null: unbound flows only).
 */
export async function findLiveFlow(
  db: Db,
  key: FlowKey,
  binding: string | null,
  now: Date,
): Promise<FlowRow | undefined> {
  const [row] = await db
    .select()
    .from(flows)
    .where(and(keyOf(key), bindingIs(binding), gt(flows.expiresAt, now)))
    .limit(1);
  return row;
}

/** A live (unfinished, unexpired) flow of that kind by id or by the hash of its step secret, seen only with its binding (null: unbound flows only). */
export async function findFlowBy(
  db: Db,
  kind: string,
  by: { id: string } | { secretHash: string },
  binding: string | null,
  now: Date,
): Promise<FlowRow | undefined> {
  const which = 'id' in by ? eq(flows.id, by.id) : eq(flows.secretHash, by.secretHash);
  const [row] = await db
    .select()
    .from(flows)
    .where(and(which, eq(flows.kind, kind), ne(flows.state, 'done'), bindingIs(binding), gt(flows.expiresAt, now)))
    .limit(1);
  return row;
}

/**
 * The unexpired flow of that kind with this target, whatever its subject and whether a client
 * holds it by a secret (a QR code or a push request found by its hub channel), unbound flows only;
 * `withDone` also finds one that ended (the hub tells a page how it ended).
 */
export async function findFlowByTarget(
  db: Db,
  kind: string,
  target: string,
  now: Date,
  withDone: boolean,
): Promise<FlowRow | undefined> {
  const [row] = await db
    .select()
    .from(flows)
    .where(
      and(
        eq(flows.kind, kind),
        eq(flows.target, target),
        isNull(flows.binding),
        gt(flows.expiresAt, now),
        withDone ? undefined : ne(flows.state, 'done'),
      ),
    )
    .limit(1);
  return row;
}

/** The live unbound flows of that kind about an account, oldest first (the push requests it has to answer). */
export const listLiveFlows = (db: Db, kind: string, subject: string, now: Date) =>
  db
    .select()
    .from(flows)
    .where(
      and(
        eq(flows.kind, kind),
        eq(flows.subject, subject),
        ne(flows.state, 'done'),
        isNull(flows.binding),
        gt(flows.expiresAt, now),
      ),
    )
    .orderBy(flows.createdAt)
    .limit(20);

/**
 * Compare-and-set: moves the flow from `from` to `to` only if it is still in `from` and live.
 * Of two steps racing on one flow exactly one gets the row back; the other gets undefined.
 */
export async function moveFlow(
  db: Db,
  move: { id: string; kind: string; from: string; to: string; now: Date },
  set: { secretHash?: string | null; expiresAt?: Date; data?: Record<string, unknown>; binding?: string | null },
): Promise<FlowRow | undefined> {
  const changes: Record<string, unknown> = { state: move.to, updatedAt: move.now };
  if (set.secretHash !== undefined) changes.secretHash = set.secretHash;
  if (set.binding !== undefined) changes.binding = set.binding;
  if (set.expiresAt) changes.expiresAt = set.expiresAt;
  // The step's data is merged into what the earlier steps stored.
  if (set.data) changes.data = sql`${flows.data} || ${JSON.stringify(set.data)}::jsonb`;
  const [row] = await db
    .update(flows)
    .set(changes as Partial<typeof flows.$inferInsert>)
    .where(
      and(eq(flows.id, move.id), eq(flows.kind, move.kind), eq(flows.state, move.from), gt(flows.expiresAt, move.now)),
    )
    .returning();
  return row;
}

/** Counts one try of the flow's current step, if it is live, in `state` and has tries left; the row with the new count. */
export async function countFlowAttempt(
  db: Db,
  at: { id: string; state: string; max: number; now: Date },
): Promise<FlowRow | undefined> {
  const [row] = await db
    .update(flows)
    .set({ attempts: sql`${flows.attempts} + 1`, updatedAt: at.now })
    .where(and(eq(flows.id, at.id), eq(flows.state, at.state), lt(flows.attempts, at.max), gt(flows.expiresAt, at.now)))
    .returning();
  return row;
}

/** Deletes up to `limit` flows that expired at or before `before`; answers how many went. */
export async function purgeExpiredFlows(db: Db, before: Date, limit: number): Promise<number> {
  const expired = db
    .select({ id: flows.id })
    .from(flows)
    .where(lte(flows.expiresAt, before) as SQL)
    .limit(limit);
  const gone = await db.delete(flows).where(inArray(flows.id, expired)).returning({ id: flows.id });
  return gone.length;
}

export const deleteFlowsOfSubject = (db: Db, userId: string) => db.delete(flows).where(eq(flows.subject, userId));
