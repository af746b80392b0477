import { randomBytes } from 'node:crypto';
import { type Database, openDatabase } from './client.js';

/** Creates an empty PostgreSQL database beside the one `baseUrl` names; `drop` removes it. */
export async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = await import('pg');
  const name = `portico_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.default.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    // pool.end() resolves before its sockets have closed; a forced drop racing them makes pg emit
    // an unhandled "terminating connection" error, so wait (briefly) for them to go first.
    for (let i = 0; i < 50; i++) {
      const client = new pg.default.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        const active = 'select count(*)::int as n from pg_stat_activity where datname = $1';
        const { rows } = await client.query(active, [name]);
        if (rows[0].n === 0) break;
      } finally {
        await client.end();
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await admin(`drop database if exists ${name} with (force)`);
  };
  return { url: url.toString(), drop };
}

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database (created and dropped here) when DATABASE_URL is set, so the same
 * suites run on both.
 */
export async function openTestDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  if (!base) return openDatabase({ dataDir: 'memory://' });
  const scratch = await createScratchDatabase(base);
  const database = await openDatabase({ url: scratch.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
