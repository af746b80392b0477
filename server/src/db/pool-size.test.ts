import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.js';
import { createScratchDatabase } from './testing.js';

// DATABASE_POOL_SIZE (docs/scaling.md "Capacity"): a copy never opens more pooled connections than
// it is given, however many requests wait; the rest queue for one.
const PG = process.env.DATABASE_URL;

describe.skipIf(!PG)('the PostgreSQL pool size', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase(PG as string);
    database = await openDatabase({ url: scratch.url, poolSize: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('opens at most poolSize connections and queues the other queries', async () => {
    // A Drizzle query runs once awaited: each async wrapper starts one.
    const busy = Array.from({ length: 5 }, async () => database.db.execute(sql`select pg_sleep(0.5)`));
    await expect.poll(() => database.pool?.().total, { interval: 20 }).toBe(2);
    expect(database.pool?.().waiting).toBe(3);
    await Promise.all(busy);
    expect(database.pool?.().total).toBeLessThanOrEqual(2);
  });
});
