import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

type Rows<T> = { rows: T[] };

// One key space for every job's advisory lock (the migration lock is 727_001, server/src/db/client.ts).
const LOCK_SPACE = 727_002;

/**
 * Claims a due job for this copy inside the caller's transaction: a transaction-scoped advisory
 * lock (another copy running it now: answer false at once, never wait), then moving last_run_at
 * forward only if the last run is at least `everySeconds` old. The claim and the job's own writes
 * commit together; a job that throws leaves the job due again.
 */
export async function claimDueRun(tx: Db, name: string, everySeconds: number): Promise<boolean> {
  const lock = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${LOCK_SPACE}, hashtext(${name})) as locked`,
  )) as unknown as Rows<{ locked: boolean }>;
  if (!lock.rows[0]?.locked) return false;
  const claimed = (await tx.execute(sql`
    insert into scheduled_runs (name, last_run_at) values (${name}, now())
    on conflict (name) do update set last_run_at = excluded.last_run_at
    where scheduled_runs.last_run_at <= now() - make_interval(secs => ${everySeconds})
    returning name`)) as unknown as Rows<{ name: string }>;
  return claimed.rows.length > 0;
}

export async function recordRunResult(tx: Db, name: string, result: Record<string, number>) {
  await tx.execute(sql`update scheduled_runs set last_result = ${JSON.stringify(result)}::jsonb where name = ${name}`);
}

/** An expiring table: rows whose `column` is older than `keepSeconds` ago serve nothing. */
export type Expiring = { table: string; column: string; keepSeconds: number };

/**
 * Deletes at most `limit` rows of the table whose time column passed `keepSeconds` ago (by ctid, so
 * one statement serves tables with any primary key); answers how many went.
 */
export async function deleteExpiredRows(tx: Db, { table, column, keepSeconds }: Expiring, limit: number) {
  const gone = (await tx.execute(sql`
    delete from ${sql.identifier(table)} where ctid = any(array(
      select ctid from ${sql.identifier(table)}
      where ${sql.identifier(column)} < now() - make_interval(secs => ${keepSeconds})
      limit ${limit}))
    returning 1`)) as unknown as Rows<unknown>;
  return gone.rows.length;
}
