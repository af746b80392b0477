import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnavailable, isUniqueViolation } from './errors.js';
import { openPGliteThread, type PGliteThread } from './pglite-thread.js';

// The embedded database in its own thread (server/src/db/pglite-worker.ts) keeps PGlite's
// meaning: answers, errors, transactions that hold others back, notifications in order.
describe('PGlite in a worker thread', () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = await openPGliteThread('memory://');
    await db.query(
      `create table t (id int primary key, at timestamptz not null default now(), name text, constraint t_name unique (name))`,
    );
    await db.query(`create function tell() returns trigger language plpgsql as $$
      begin perform pg_notify('chan', 'row:' || new.id); return new; end $$`);
    await db.query(`create trigger t_tell after insert on t for each row execute function tell()`);
  });
  afterAll(async () => await db.close());

  it('answers rows by name or by position, and keeps dates as text when asked (as Drizzle asks)', async () => {
    await db.query('insert into t (id, name) values ($1, $2)', [1, 'one']);
    const byName = await db.query('select id, name, at from t where id = $1', [1]);
    expect(byName.rows[0]).toMatchObject({ id: 1, name: 'one' });
    expect((byName.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
    const byPosition = await db.query('select id, at from t where id = 1', [], {
      rowMode: 'array',
      parsers: { [types.TIMESTAMPTZ]: (v: string) => v },
    });
    const [id, at] = byPosition.rows[0] as [number, unknown];
    expect(id).toBe(1);
    expect(typeof at).toBe('string');
    expect(byPosition.fields.map((f) => f.name)).toEqual(['id', 'at']);
  });

  it("throws PostgreSQL's error with its fields (a unique index is named)", async () => {
    const err = await db.query('insert into t (id, name) values (2, $1)', ['one']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_name' });
    expect(isUniqueViolation(err, 't_name')).toBe(true);
    const syntax = await db.query('select from where').catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
  });

  it('commits a transaction, rolls back one that throws, and holds other queries until it ends', async () => {
    let outside: Promise<unknown> | undefined;
    let outsideDone = false;
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (10, $1)', ['ten']);
      outside = db.query('select count(*)::int as n from t where id = 10').then((r) => {
        outsideDone = true;
        return r.rows[0];
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideDone).toBe(false);
    });
    expect(await outside).toEqual({ n: 1 });

    const boom = new Error('boom');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (11, $1)', ['eleven']);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect((await db.query('select count(*)::int as n from t where id = 11')).rows[0]).toEqual({ n: 0 });

    // A failed statement inside: the transaction is rolled back and the database stays usable.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (12, $1)', ['twelve']);
        await tx.query('insert into t (id, name) values (13, $1)', ['twelve']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('select count(*)::int as n from t where id in (12, 13)')).rows[0]).toEqual({ n: 0 });
  });

  it('delivers a notification before the answer of the statement that caused it', async () => {
    const heard: string[] = [];
    const stop = await db.listen('chan', (payload) => heard.push(payload));
    await db.query('insert into t (id) values (20)');
    expect(heard).toEqual(['row:20']);
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id) values (21)');
      expect(heard).toEqual(['row:20']); // sent at commit, not before
    });
    expect(heard).toEqual(['row:20', 'row:21']);
    await stop();
    await db.query('insert into t (id) values (22)');
    expect(heard).toEqual(['row:20', 'row:21']);
  });

  it('refuses queries once closed', async () => {
    const other = await openPGliteThread('memory://');
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/closed/);
    // The server answers 503 for it (server/src/lib/errors.ts), as for PostgreSQL away.
    expect(isUnavailable(await other.query('select 1').catch((e: unknown) => e))).toBe(true);
  });
});
