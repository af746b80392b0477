import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { ConfigError } from '../config/env.js';
import { CHANGE_CHANNEL, CHANGE_FEED_APPLICATION, type ChangeFeed, createChangeFeed } from './change-feed.js';
import { lockDataDir } from './data-dir-lock.js';
import { schema } from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The first row of a select (only one is read), or undefined: the shape of every find-one query. */
export const firstRow = async <T>(query: { limit(n: number): PromiseLike<T[]> }): Promise<T | undefined> =>
  (await query.limit(1))[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers when the database does; used by /readyz. */
  ping(): Promise<void>;
  /** What changed, as every copy hears it (server/src/db/change-feed.ts). */
  changes: ChangeFeed;
  /** PostgreSQL's pool by state, for the metrics; absent on the embedded database. */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any fixed number works; every Portico copy uses the same so only one migrates at a time.
const MIGRATION_LOCK = 727_001;

type Warn = (message: string) => void;

/** The URL without its password, for messages. */
const redact = (url: string) => url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');

// PORTICO_SQL_TRACE=1: one "[sql] <statement>" line on stderr per statement Drizzle sends, so
// the bench counts statements per sign-in on PGlite too (bench/README.md). Off by default.
const logger =
  process.env.PORTICO_SQL_TRACE === '1'
    ? { logQuery: (query: string) => void process.stderr.write(`[sql] ${query.replace(/\s+/g, ' ')}\n`) }
    : undefined;

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when dataDir is
 * 'memory://'), and applies the committed migrations. A database that cannot be reached at start
 * is a ConfigError naming DATABASE_URL; one that goes away later only costs the requests made
 * meanwhile (server/src/lib/errors.ts answers them 503) and the pool reconnects by itself.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  warn?: Warn;
  /** PostgreSQL connections the pool may open (DATABASE_POOL_SIZE). */
  poolSize?: number;
}): Promise<Database> {
  if (opts.url) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.default.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // A request waits at most this long for a connection while the database is away.
      connectionTimeoutMillis: 5000,
    });
    // An idle connection the server ends (restart, failover, pg_terminate_backend) is reported
    // here; without a listener the process would die. The pool drops it and opens a new one later.
    pool.on('error', (err) => (opts.warn ?? console.warn)(`database connection lost: ${err.message}`));
    const db = drizzle(pool, { schema, logger }) as unknown as Db;
    const url = opts.url;
    // One connection of its own listens, so the feed is live only while changes are heard
    // (server/src/db/change-feed.ts). Every pooled connection listens too: PostgreSQL hands a
    // session its own notifications before the answer to its COMMIT, so a change this copy makes
    // is heard before the code that made it goes on (a logout refuses the token on the next call).
    const changes = createChangeFeed(
      async (onPayload, onLost) => {
        const listener = new pg.default.Client({
          connectionString: url,
          connectionTimeoutMillis: 5000,
          application_name: CHANGE_FEED_APPLICATION,
        });
        let ended = false;
        const lose = (err: Error) => {
          if (ended) return;
          ended = true;
          listener.end().catch(() => {});
          onLost(err);
        };
        listener.on('error', lose);
        listener.on('end', () => lose(new Error('connection closed')));
        listener.on('notification', (m) => m.channel === CHANGE_CHANNEL && onPayload(m.payload ?? ''));
        try {
          await listener.connect();
          await listener.query(`LISTEN ${CHANGE_CHANNEL}`);
        } catch (err) {
          ended = true;
          await listener.end().catch(() => {});
          throw err;
        }
        return async () => {
          ended = true;
          await listener.end();
        };
      },
      { warn: opts.warn ?? console.warn },
    );
    pool.on('connect', (client) => {
      // The pool listens for errors only while a connection is idle. One checked out between two
      // statements (a transaction waiting on the app) that the server ends (pg_terminate_backend,
      // failover) emits 'error' with no listener, which would end the process (found by the soak,
      // bench/soak.ts). Heard here, the connection's next statement fails and the pool drops it.
      client.on('error', (err) => (opts.warn ?? console.warn)(`database connection lost: ${err.message}`));
      client.on('notification', (m) => m.channel === CHANGE_CHANNEL && changes.hear(m.payload ?? ''));
      // Queued before any query the pool hands this connection.
      client.query(`LISTEN ${CHANGE_CHANNEL}`).catch(() => {});
    });
    const client = await pool.connect().catch(async (err: Error) => {
      await pool.end().catch(() => {});
      throw new ConfigError(
        `Invalid configuration:\n  DATABASE_URL: cannot connect to ${redact(opts.url ?? '')} (${err.message})`,
      );
    });
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      changes,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { openPGliteThread } = await import('./pglite-thread.js');
  const dir = opts.dataDir ?? 'memory://';
  const onDisk = !dir.startsWith('memory://');
  if (onDisk) await mkdir(dir, { recursive: true });
  // One process at a time on the files (server/src/db/data-dir-lock.ts): the command line beside
  // the running server is refused, not let corrupt them.
  const release = onDisk ? await lockDataDir(dir) : async () => {};
  // In a thread of its own (server/src/db/pglite-worker.ts): Drizzle's PGlite driver uses only
  // `query` and `transaction`, which the thread's client answers the same way.
  const client = await openPGliteThread(dir).catch(async (err: unknown) => {
    await release();
    throw err;
  });
  const db = drizzle(client as unknown as PGlite, { schema, logger });
  await migrate(db, { migrationsFolder }).catch(async (err: unknown) => {
    await client.close().catch(() => {});
    await release();
    throw err;
  });
  // Heard in order with the answers, so a change is heard before the query that made it returns;
  // if the thread stops, the feed is lost (memory is not trusted) and cannot come back.
  const changes = createChangeFeed(
    async (onPayload, onLost) => await client.listen(CHANGE_CHANNEL, onPayload, onLost),
    { warn: opts.warn ?? console.warn },
  );
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    changes,
    close: async () => {
      await changes.close();
      await client.close();
      await release();
    },
  };
}
