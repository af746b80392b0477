import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { flows, oidcPayloads } from '../../db/schema.js';
import { createScratchDatabase } from '../../db/testing.js';
import { createHousekeeping, type Job, purgeExpiredJob } from './service.js';

// Three copies: on PostgreSQL (DATABASE_URL set) three pools on one scratch database, as three
// server processes would hold; on the embedded database, three schedulers on its one connection.
const quiet = { info: () => {}, warn: () => {} };

describe('housekeeping: work that runs once across copies', () => {
  let copies: Database[] = [];
  let drop = async () => {};
  beforeAll(async () => {
    const base = process.env.DATABASE_URL;
    if (base) {
      const scratch = await createScratchDatabase(base);
      drop = scratch.drop;
      for (let i = 0; i < 3; i++) copies.push(await openDatabase({ url: scratch.url }));
    } else {
      const one = await openDatabase({ dataDir: 'memory://' });
      copies = [one, one, one];
    }
  });
  afterAll(async () => {
    for (const c of new Set(copies)) await c.close();
    await drop();
  });

  it('three copies waking together run a due job once, and not again before its interval', async () => {
    let runs = 0;
    const job: Job = {
      name: 'count-test',
      everySeconds: 3600,
      async run(tx) {
        runs++;
        // Long enough that the other copies arrive while this one holds the claim.
        await tx.execute(sql`select pg_sleep(0.2)`);
        return { runs };
      },
    };
    const three = copies.map((c) => createHousekeeping({ db: c.db, log: quiet, jobs: [job] }));
    const ran = await Promise.all(three.map((h) => h.tick()));
    expect(runs).toBe(1);
    expect(ran.flat()).toEqual(['count-test']);
    expect((await Promise.all(three.map((h) => h.tick()))).flat()).toEqual([]);
    expect(runs).toBe(1);
    // Due again once the interval has passed (last_run_at moved back an hour).
    await copies[0]?.db.execute(sql`update scheduled_runs set last_run_at = now() - interval '1 hour'`);
    await Promise.all(three.map((h) => h.tick()));
    expect(runs).toBe(2);
  });

  it('a job that fails stays due and runs on the next tick', async () => {
    let attempts = 0;
    const job: Job = {
      name: 'fail-once',
      everySeconds: 3600,
      async run() {
        attempts++;
        if (attempts === 1) throw new Error('database away');
        return {};
      },
    };
    const h = createHousekeeping({ db: copies[1]?.db as Database['db'], log: quiet, jobs: [job] });
    expect(await h.tick()).toEqual([]);
    expect(await h.tick()).toEqual(['fail-once']);
    expect(attempts).toBe(2);
  });

  it('purges expired rows past their keep time and leaves the live ones, once across copies', async () => {
    const db = copies[0]?.db as Database['db'];
    const hour = 3_600_000;
    const at = (ms: number) => new Date(Date.now() + ms);
    await db.insert(oidcPayloads).values([
      { id: 'old', type: 'Session', payload: {}, expiresAt: at(-2 * hour) },
      { id: 'recent', type: 'Session', payload: {}, expiresAt: at(-hour / 2) },
      { id: 'live', type: 'Session', payload: {}, expiresAt: at(hour) },
      { id: 'forever', type: 'Client', payload: {} },
    ]);
    const flow = { kind: 'register', state: 'started', target: 't@example.com', data: {} };
    await db.insert(flows).values([
      { ...flow, id: 'f-old', target: 'a@example.com', expiresAt: at(-25 * hour) },
      { ...flow, id: 'f-live', target: 'b@example.com', expiresAt: at(hour) },
    ]);
    const three = copies.map((c) => createHousekeeping({ db: c.db, log: quiet, jobs: [purgeExpiredJob()] }));
    expect((await Promise.all(three.map((h) => h.tick()))).flat()).toEqual(['purge-expired']);
    const left = await db.select({ id: oidcPayloads.id }).from(oidcPayloads);
    expect(left.map((r) => r.id).sort()).toEqual(['forever', 'live', 'recent']);
    const flowsLeft = await db.select({ id: flows.id }).from(flows);
    expect(flowsLeft.map((r) => r.id)).toEqual(['f-live']);
    const [row] = (
      (await db.execute(sql`select last_result from scheduled_runs where name = 'purge-expired'`)) as unknown as {
        rows: { last_result: Record<string, number> }[];
      }
    ).rows;
    expect(row?.last_result).toMatchObject({ oidc_payloads: 1, flows: 1 });
  });
});
