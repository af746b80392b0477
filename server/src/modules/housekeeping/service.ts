import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { claimDueRun, deleteExpiredRows, type Expiring, recordRunResult } from './queries.js';

/** Periodic work: runs at most once per `everySeconds` across every copy (claimDueRun). */
export type Job = {
  name: string;
  everySeconds: number;
  /** Runs inside the claiming transaction; answers counts for the log and scheduled_runs.last_result. */
  run(tx: Db): Promise<Record<string, number>>;
};

/** Rows deleted per statement, and statements per table per run: short transactions, bounded work. */
const PURGE_BATCH = 2_000;
const PURGE_BATCHES = 10;

/**
 * What expires and serves nothing after: oidc-provider's rows (sessions, grants, tokens, codes),
 * flows (registration, reset, QR and push requests), verification codes (kept a day past expiry:
 * their send times answer resend questions), remembered browsers, and the browsers an account
 * signed in from that it has not used for 400 days (their cookie is gone: server/src/modules/sign-in/browser-key.ts).
 */
export const EXPIRING: Expiring[] = [
  { table: 'oidc_payloads', column: 'expires_at', keepSeconds: 3_600 },
  { table: 'flows', column: 'expires_at', keepSeconds: 86_400 },
  { table: 'verification_codes', column: 'expires_at', keepSeconds: 86_400 },
  { table: 'remembered_browsers', column: 'expires_at', keepSeconds: 0 },
  { table: 'known_browsers', column: 'last_seen_at', keepSeconds: 400 * 86_400 },
];

export const purgeExpiredJob = (tables: Expiring[] = EXPIRING, everySeconds = 300): Job => ({
  name: 'purge-expired',
  everySeconds,
  async run(tx) {
    const result: Record<string, number> = {};
    for (const table of tables) {
      let gone = 0;
      for (let batch = 0; batch < PURGE_BATCHES; batch++) {
        const n = await deleteExpiredRows(tx, table, PURGE_BATCH);
        gone += n;
        if (n < PURGE_BATCH) break;
      }
      result[table.table] = gone;
    }
    return result;
  },
});

export type Housekeeping = {
  /** Runs every due job once (on this copy, if no other copy has); answers the names run here. */
  tick(): Promise<string[]>;
  start(): void;
  /** Stops the timer and waits for a tick in progress. */
  stop(): Promise<void>;
};

export function createHousekeeping(opts: {
  db: Db;
  log: Pick<Logger, 'info' | 'warn'>;
  jobs: Job[];
  /** How often a copy looks for due jobs; jittered so copies do not wake together. */
  tickSeconds?: number;
}): Housekeeping {
  const { db, log, jobs, tickSeconds = 60 } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<string[]> | undefined;
  let stopped = false;

  const runJob = async (job: Job) =>
    db.transaction(async (tx) => {
      if (!(await claimDueRun(tx, job.name, job.everySeconds))) return false;
      const result = await job.run(tx);
      await recordRunResult(tx, job.name, result);
      log.info({ job: job.name, result }, 'housekeeping: ran');
      return true;
    });

  const tick = async () => {
    const ran: string[] = [];
    for (const job of jobs) {
      try {
        if (await runJob(job)) ran.push(job.name);
      } catch (err) {
        // The database away (restart, failover): the job stays due and the next tick tries again.
        log.warn({ err, job: job.name }, 'housekeeping: job failed');
      }
    }
    return ran;
  };

  const schedule = () => {
    if (stopped) return;
    const delay = tickSeconds * 1000 * (0.75 + Math.random() * 0.5);
    timer = setTimeout(() => {
      running = tick();
      void running.finally(schedule);
    }, delay);
    timer.unref();
  };

  return {
    tick: () => {
      running = tick();
      return running;
    },
    start: schedule,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
