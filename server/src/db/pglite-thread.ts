// PGlite in a worker thread (issue 27 point 2): the embedded database's queries run beside the
// main thread, as PostgreSQL's run in their own process, so a request's JavaScript (argon2's hand-off,
// token signing, rendering) goes on while another request's query runs. This is the main thread's
// end: the part of PGlite's interface that Drizzle's PGlite driver uses (query, transaction) and
// the change feed's listen; server/src/db/pglite-worker.ts runs the database.
import { Worker } from 'node:worker_threads';

/** A PostgreSQL error's fields (code, constraint, detail ...) as they cross the thread. */
export type WireError = { message: string; name?: string; [field: string]: string | number | boolean | undefined };

type RowMode = 'array' | 'object';
export type Request =
  | { op: 'query'; id: number; sql: string; params?: unknown[]; rowMode?: RowMode; textTypes?: number[]; tx?: number }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'close'; id: number };
/** A request before it is given its id. */
type Unsent = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;
export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  | { notify: string; payload: string };

export type Results = { rows: unknown[]; affectedRows?: number; fields: { name: string; dataTypeID: number }[] };
/**
 * Drizzle passes parsers only to keep dates, times and intervals as the text PostgreSQL sent
 * (drizzle-orm/pglite/session.js); functions cannot cross a thread, so the worker is told which
 * types to keep as text and does that itself.
 */
type QueryOptions = { rowMode?: RowMode; parsers?: Record<number, unknown> };
type Queryable = { query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> };

export type PGliteThread = Queryable & {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** `onLost` hears the thread stop (it does not come back: the process must restart). */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLost?: (err: Error) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** The error a failed query throws: an Error with the same fields as PGlite's own DatabaseError. */
function fromWire(wire: WireError): Error {
  const err = new Error(wire.message);
  for (const [key, value] of Object.entries(wire)) {
    if (key !== 'message') (err as unknown as Record<string, unknown>)[key] = value;
  }
  return err;
}

/** The worker's file beside this one: the TypeScript source under tsx and Vitest, else the build's. */
const workerUrl = () =>
  new URL(import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);

/** Starts PGlite in its own thread on `dataDir` ('memory://' for none); resolves once it answers. */
export async function openPGliteThread(dataDir: string): Promise<PGliteThread> {
  const worker = new Worker(workerUrl(), { workerData: { dataDir } });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let stopped: Error | undefined;

  // Like a socket: the thread keeps the process alive only while something waits on it.
  worker.unref();
  const settle = (id: number) => {
    const entry = waiting.get(id);
    waiting.delete(id);
    if (waiting.size === 0) worker.unref();
    return entry;
  };

  worker.on('message', (reply: Reply) => {
    if ('notify' in reply) {
      for (const listener of listeners.get(reply.notify) ?? []) listener(reply.payload);
      return;
    }
    const entry = settle(reply.id);
    if (reply.ok) entry?.resolve(reply.value);
    else entry?.reject(fromWire(reply.error));
  });
  const lostListeners = new Set<(err: Error) => void>();
  const stop = (err: Error) => {
    if (stopped) return;
    stopped = err;
    for (const id of [...waiting.keys()]) settle(id)?.reject(err);
    for (const lost of lostListeners) lost(err);
  };
  worker.on('error', (err) => stop(new Error(`the embedded database stopped: ${err.message}`, { cause: err })));
  worker.on('exit', (code) => stop(new Error(`the embedded database stopped (thread exit ${code})`)));

  const ask = <T>(request: Unsent): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id } as Request);
    });
  };
  const query =
    (tx?: number): Queryable['query'] =>
    (sql, params, options) =>
      ask<Results>({
        op: 'query',
        sql,
        params,
        rowMode: options?.rowMode,
        textTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
        tx,
      });

  const thread: PGliteThread = {
    query: query(),
    async transaction(fn) {
      const id = nextId; // the begin's own id names its transaction
      await ask({ op: 'begin' });
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn({ query: query(id) });
      } catch (err) {
        await ask({ op: 'end', tx: id, commit: false }).catch(() => {});
        throw err;
      }
      await ask({ op: 'end', tx: id, commit: true });
      return result;
    },
    async listen(channel, onPayload, onLost) {
      // Registered once LISTEN holds: a failed one is tried again by the next call.
      if (!listeners.has(channel)) await ask({ op: 'listen', channel });
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(onPayload);
      if (onLost) lostListeners.add(onLost);
      // The channel stays listened to in the thread; nothing is delivered once no one listens.
      return async () => {
        set.delete(onPayload);
        if (onLost) lostListeners.delete(onLost);
      };
    },
    async close() {
      if (stopped) return;
      await ask({ op: 'close' });
      stopped = new Error('the embedded database stopped: closed');
      await worker.terminate();
    },
  };
  // The first answer: PGlite is open (a folder it cannot open fails here).
  await thread.query('select 1').catch(async (err: Error) => {
    await worker.terminate();
    throw err;
  });
  return thread;
}
