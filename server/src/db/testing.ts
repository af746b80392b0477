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
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
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
