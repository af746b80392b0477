import { randomBytes } from 'node:crypto';
import { type Database, openDatabase } from './client.js';

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database (created and dropped here) when DATABASE_URL is set, so the same
 * suites run on both.
 */
export async function openTestDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  if (!base) return openDatabase({ dataDir: 'memory://' });
  const pg = await import('pg');
  const name = `portico_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.default.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const again = new pg.default.Client({ connectionString: base });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
