import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { FLOW_KINDS, type FlowKind, type FlowState, type FromState, mayMove, type NextState } from './kinds.js';
import {
  countFlowAttempt,
  type FlowRow,
  findFlowBy,
  findFlowByTarget,
  findLiveFlow,
  listLiveFlows,
  moveFlow,
  purgeExpiredFlows,
  upsertFlow,
} from './queries.js';

/** A stored flow of kind K (server/src/db/schema.ts `flows`). */
export type Flow<K extends FlowKind = FlowKind> = Omit<FlowRow, 'kind' | 'state' | 'data'> & {
  kind: K;
  state: FlowState<K>;
  data: Record<string, unknown>;
};
/** The target (normalised e-mail, phone, username; '' for none) and the account (null while none is known). */
export type FlowTarget = { target: string; subject: string | null };
/**
 * What ties a flow to one browser: the interaction uid of the sign-in it belongs to, or a secret
 * kept in a cookie. Only its SHA-256 is stored; a bound flow is found only by presenting it.
 */
export type FlowBinding = string;
/** A step's changes besides the state: a fresh secret, a new lifetime, data merged in, a binding. */
export type StepChanges = {
  /** Issue a new step secret (the old one stops working); it is answered once, only its hash is stored. */
  secret?: boolean;
  /** The flow lives this long from now on (default: unchanged). */
  ttlSeconds?: number;
  data?: Record<string, unknown>;
  binding?: FlowBinding | null;
};
export type Stepped<K extends FlowKind> = { flow: Flow<K>; secret?: string };

/** Expired flows removed by each start (server/src/modules/flows/queries.ts purgeExpiredFlows). */
const PURGE_BATCH = 100;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const newSecret = () => randomBytes(32).toString('base64url');
const asFlow = <K extends FlowKind>(row: FlowRow | undefined, kind: K): Flow<K> | undefined =>
  row && row.kind === kind ? (row as Flow<K>) : undefined;

/**
 * Flows as stored objects, after Ory Kratos' self-service flows (a row with id, type, state and
 * expiry): a step reads the flow, checks its input and moves the state forward with a
 * compare-and-set, so two racing steps never both pass; resuming a flow is reading it. The moves
 * each kind allows are in server/src/modules/flows/kinds.ts. `now` is injectable for tests.
 */
export function createFlows(deps: Pick<AppDeps, 'database'>, opts: { now?: () => Date } = {}) {
  const db = deps.database.db;
  const now = opts.now ?? (() => new Date());
  const later = (t: Date, seconds: number) => new Date(t.getTime() + seconds * 1000);
  const bindingHash = (binding: FlowBinding | null | undefined) => (binding ? sha256(binding) : null);

  /**
   * One step: `from` -> `to` (a move of the kind's table), only while the flow is live and still
   * in `from`. Undefined when it is not (expired, replaced, or another request moved it first).
   * `tx` lets the move commit or roll back with the step's own writes.
   */
  async function advance<K extends FlowKind, S extends FromState<K>>(
    kind: K,
    id: string,
    from: S,
    to: NextState<K, S>,
    changes: StepChanges = {},
    tx: Db = db,
  ): Promise<Stepped<K> | undefined> {
    if (!mayMove(kind, from, to)) throw new Error(`flow ${kind}: no move from ${from} to ${to}`);
    const t = now();
    const stepSecret = changes.secret ? newSecret() : undefined;
    const row = await moveFlow(
      tx,
      { id, kind, from, to, now: t },
      {
        secretHash: stepSecret ? sha256(stepSecret) : undefined,
        expiresAt: changes.ttlSeconds === undefined ? undefined : later(t, changes.ttlSeconds),
        data: changes.data,
        binding: changes.binding === undefined ? undefined : bindingHash(changes.binding),
      },
    );
    return row ? { flow: row as Flow<K>, secret: stepSecret } : undefined;
  }

  return {
    advance,

    /**
     * Starts a flow of `kind` in its first state (kinds.ts), replacing the unfinished one of the
     * same kind, target and subject that is found by its target (its id stops working). A flow
     * whose client holds a secret (`secret` here, or given by a step) is not replaced: two browsers
     * that each got a registration token both keep it. Expired flows are purged on the way.
     */
    async start<K extends FlowKind>(
      kind: K,
      {
        target,
        subject,
        ttlSeconds,
        data = {},
        binding = null,
        secret = false,
      }: FlowTarget & StepChanges & { ttlSeconds: number },
      tx: Db = db,
    ): Promise<Stepped<K>> {
      const t = now();
      await purgeExpiredFlows(tx, t, PURGE_BATCH);
      const stepSecret = secret ? newSecret() : undefined;
      const row = await upsertFlow(tx, {
        id: newSecret(),
        kind,
        state: FLOW_KINDS[kind].first,
        target,
        subject,
        secretHash: stepSecret ? sha256(stepSecret) : null,
        binding: bindingHash(binding),
        data,
        expiresAt: later(t, ttlSeconds),
        now: t,
      });
      return { flow: row as Flow<K>, secret: stepSecret };
    },

    /**
     * The live (unfinished, unexpired) flow of that kind found by the target and subject: one no
     * client holds by a secret; a bound flow only with its binding.
     */
    async find<K extends FlowKind>(
      kind: K,
      { target, subject }: FlowTarget,
      binding?: FlowBinding,
      tx: Db = db,
    ): Promise<Flow<K> | undefined> {
      return asFlow(await findLiveFlow(tx, { kind, target, subject }, bindingHash(binding), now()), kind);
    },

    /** A live flow by id; a bound flow only with its binding. */
    async findById<K extends FlowKind>(kind: K, id: string, binding?: FlowBinding): Promise<Flow<K> | undefined> {
      if (!id || id.length > 200) return undefined;
      return asFlow(await findFlowBy(db, kind, { id }, bindingHash(binding), now()), kind);
    },

    /** A live flow by the step secret its client holds; a bound flow only with its binding. */
    async findBySecret<K extends FlowKind>(
      kind: K,
      secret: string,
      binding?: FlowBinding,
    ): Promise<Flow<K> | undefined> {
      if (!secret || secret.length > 200) return undefined;
      return asFlow(await findFlowBy(db, kind, { secretHash: sha256(secret) }, bindingHash(binding), now()), kind);
    },

    /**
     * The unexpired unbound flow of that kind with this target, whatever its subject or secret
     * (a QR code or push request found by its hub channel); `withDone` also one that ended.
     */
    async findByTarget<K extends FlowKind>(
      kind: K,
      target: string,
      opts: { withDone?: boolean } = {},
    ): Promise<Flow<K> | undefined> {
      if (!target || target.length > 300) return undefined;
      return asFlow(await findFlowByTarget(db, kind, target, now(), opts.withDone === true), kind);
    },

    /** The live unbound flows of that kind about an account, oldest first (at most 20). */
    async listLive<K extends FlowKind>(kind: K, subject: string): Promise<Flow<K>[]> {
      const rows = await listLiveFlows(db, kind, subject, now());
      return rows.map((row) => row as Flow<K>);
    },

    /** The last step: `from` -> done (the kind's table must allow it); undefined when another request finished it first. */
    finish<K extends FlowKind, S extends FromState<K>>(
      kind: K,
      id: string,
      from: 'done' extends NextState<K, S> ? S : never,
      tx: Db = db,
    ): Promise<Stepped<K> | undefined> {
      return advance(kind, id, from, 'done' as NextState<K, S>, {}, tx);
    },

    /** Counts one try of the step `state` of a live flow; undefined once `max` tries are used (or the flow moved on). */
    async countAttempt<K extends FlowKind>(
      kind: K,
      id: string,
      state: FromState<K>,
      max: number,
    ): Promise<Flow<K> | undefined> {
      return asFlow(await countFlowAttempt(db, { id, state, max, now: now() }), kind);
    },

    /** Removes up to `limit` expired flows; answers how many. */
    purge: (limit = PURGE_BATCH) => purgeExpiredFlows(db, now(), limit),
  };
}

export type Flows = ReturnType<typeof createFlows>;
