// The embedded database's own thread (issue 27 point 2): PGlite runs here, so a query's work never
// holds up a request on the main thread. server/src/db/pglite-thread.ts is the other end.
//
// This file imports nothing of Portico's at run time: Node runs it as it is from the sources
// (type stripping) and esbuild bundles it on its own into server/dist/pglite-worker.js
// (scripts/ensure-built.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import type { Reply, Request, WireError } from './pglite-thread.js';

const port = parentPort;
if (!port) throw new Error('server/src/db/pglite-worker.ts runs as a worker thread only');
const post = (reply: Reply) => port.postMessage(reply);

const keepText = (value: string) => value;
const textParsers = new Map<string, Record<number, (value: string) => string>>();
/** The parsers that hand the named types back as the text PostgreSQL sent (Drizzle's dates). */
function parsersFor(textTypes: number[] | undefined) {
  if (!textTypes?.length) return undefined;
  const key = textTypes.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(textTypes.map((oid) => [oid, keepText]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

/** A PostgreSQL error as plain fields (code, constraint, detail ...), which cross threads intact. */
function wireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: WireError = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value as string | number | boolean;
  }
  return fields;
}

const dataDir = (workerData as { dataDir: string }).dataDir;
const db = new PGlite(dataDir);
// PGlite adds a parser for each of the database's ~290 array types at start, and copies its whole
// parser map at every query (a third of a small query's time, issue 27 point 3). No column or
// answer of ours is an array (server/src/db/schema.ts): its scalar parsers are all it needs.
const ready = db.waitReady.then(() => {
  db.parsers = { ...types.parsers };
});

/** Open transactions by id: the queries sent for one run on it, and `end` finishes it. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
/** How each open transaction ends: resolved once committed or rolled back as asked. */
const ends = new Map<number, Promise<void>>();
const ROLLBACK = Symbol('rollback');

async function handle(msg: Request): Promise<void> {
  await ready;
  switch (msg.op) {
    case 'query': {
      const on = msg.tx === undefined ? db : open.get(msg.tx)?.tx;
      if (!on) throw new Error('transaction is over');
      const result = await on.query(msg.sql, msg.params, {
        rowMode: msg.rowMode,
        parsers: parsersFor(msg.textTypes),
      });
      post({
        id: msg.id,
        ok: true,
        value: { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields },
      });
      return;
    }
    case 'begin': {
      // PGlite's own transaction holds its lock: other queries wait for it here as they would
      // in the main thread. It ends when the main thread says so (`end`).
      let begun = false;
      const done = db
        .transaction(async (tx) => {
          const commit = await new Promise<boolean>((resolve) => {
            open.set(msg.id, { tx, end: resolve });
            begun = true;
            post({ id: msg.id, ok: true, value: null });
          });
          if (!commit) throw ROLLBACK;
        })
        .catch((err: unknown) => {
          if (err !== ROLLBACK) throw err;
        })
        .finally(() => open.delete(msg.id));
      ends.set(msg.id, done);
      // BEGIN itself failed: the begin hears it; later failures are the end's to tell.
      done.catch((err: unknown) => {
        if (begun) return;
        ends.delete(msg.id);
        post({ id: msg.id, ok: false, error: wireError(err) });
      });
      return;
    }
    case 'end': {
      const entry = open.get(msg.tx);
      const done = ends.get(msg.tx);
      ends.delete(msg.tx);
      if (!entry || !done) throw new Error('transaction is over');
      entry.end(msg.commit);
      await done;
      post({ id: msg.id, ok: true, value: null });
      return;
    }
    case 'listen': {
      await db.listen(msg.channel, (payload) => post({ notify: msg.channel, payload }));
      post({ id: msg.id, ok: true, value: null });
      return;
    }
    case 'close': {
      await db.close();
      post({ id: msg.id, ok: true, value: null });
      return;
    }
  }
}
port.on('message', (msg: Request) => {
  handle(msg).catch((err: unknown) => post({ id: msg.id, ok: false, error: wireError(err) }));
});
