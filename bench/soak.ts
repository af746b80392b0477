// npm run bench:soak — the soak (issue 33 point 5). Three copies of the built server behind nginx on
// PostgreSQL + Redis (bench/lib/cluster.ts) under a load shaped like a term start, for SOAK_MINUTES
// (30 by default), with one fault every minute in rotation. At the end it checks every
// acknowledged write against the database, that sessions and refresh tokens issued before the
// faults still work, each copy's memory and that connections came back to their baseline; writes
// the table and a picture to bench/results/ and exits 1 when a check fails. See bench/README.md.
//
// Restarts this machine's PostgreSQL and Redis (SOAK_PG_RESTART, SOAK_REDIS_STOP, SOAK_REDIS_START
// override the commands). All traffic goes to 127.0.0.1; every loop ends at the deadline.
import { execSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { userContacts, users, userTwoFactor } from '../server/src/db/schema.js';
import { hashPassword } from '../server/src/lib/password.js';
import { codeAt, createSecretBox, newSecret } from '../server/src/modules/two-factor/index.js';
import { type Cluster, startCluster } from './lib/cluster.js';
import {
  authorizeUrl,
  type Browser,
  browser,
  FlowError,
  followToCode,
  openLoginPage,
  pkce,
  refreshGrant,
  signInFlow,
  type Tokens,
  tokenRequest,
} from './lib/flow.js';
import { BENCH_CLIENT, redisBase, root, seedUsers, userEmail } from './lib/server.js';
import { machine } from './report.js';
import { BENCH_PASSWORD } from './signin.js';
import { soakPicture } from './soak-picture.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SECONDS = Math.round(MINUTES * 60);
/** One fault this often; a short run spaces them so all six happen. */
const FAULT_EVERY = Number(process.env.SOAK_FAULT_SECONDS ?? (MINUTES >= 7 ? 60 : Math.floor(SECONDS / 7)));
const COPIES = Number(process.env.SOAK_COPIES ?? 3);
const PASSWORD_USERS = Number(process.env.SOAK_USERS ?? 10);
const TWO_STEP_USERS = Number(process.env.SOAK_TWO_STEP_USERS ?? 3);
const HUB_WAITERS = Number(process.env.SOAK_HUB_WAITERS ?? 20);
const WITNESSES = 4;
/** After a fault is over and every copy is ready, errors this long after still belong to it. */
const GRACE = Number(process.env.SOAK_GRACE_SECONDS ?? 10);
const SAMPLE_SECONDS = 10;
const PAUSE_SECONDS = 10;
const KILLED_SECONDS = 3;
const REDIS_DOWN_SECONDS = 4;
const pgVersion = (() => {
  try {
    return readdirSync('/etc/postgresql')[0] ?? '15';
  } catch {
    return '15';
  }
})();
const PG_RESTART =
  process.env.SOAK_PG_RESTART ?? `pg_ctlcluster --skip-systemctl-redirect ${pgVersion} main restart -m fast`;
const REDIS_STOP = process.env.SOAK_REDIS_STOP ?? 'redis-cli -p 6379 shutdown nosave';
const REDIS_START =
  process.env.SOAK_REDIS_START ??
  'mkdir -p /var/lib/redis /var/log/redis && redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log';

const log = (message: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- the copies, and who signs in ----
const twoStepSecrets = new Map<string, string>();
const cluster: Cluster = await startCluster({
  size: COPIES,
  name: 'soak',
  // A copy that ends on its own is a failure of the run; like an orchestrator, start it again.
  onUnexpectedExit: (i, how, logFile) => {
    log(`**copy ${i + 1} ended on its own (${how})**: ${logFile}`);
    void sleep(1000)
      .then(() => cluster.start(i))
      .catch((err) => log(`copy ${i + 1} did not start again: ${(err as Error).message}`));
  },
  async seed(database, encryptionKey) {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    await seedUsers(database.db, [
      { prefix: 'p', count: PASSWORD_USERS, passwordHash },
      { prefix: 't', count: TWO_STEP_USERS, passwordHash },
      { prefix: 'w', count: WITNESSES, passwordHash },
    ]);
    const box = createSecretBox(Buffer.from(encryptionKey, 'base64'));
    const rows = await database.db
      .select({ id: users.id, email: userContacts.value })
      .from(users)
      .innerJoin(userContacts, eq(userContacts.userId, users.id))
      .where(and(like(userContacts.value, 't-%'), eq(userContacts.type, 2)));
    for (const row of rows) {
      const secret = newSecret();
      twoStepSecrets.set(row.email, secret);
      await database.db
        .insert(userTwoFactor)
        .values({ userId: row.id, enabled: true, secret: box.seal(secret, row.id) });
    }
  },
});
const base = cluster.url;
log(`${COPIES} copies behind nginx at ${base}; ${MINUTES} min, a fault every ${FAULT_EVERY} s`);
const t0 = Date.now();
const at = () => (Date.now() - t0) / 1000;
const end = t0 + SECONDS * 1000;

// ---- counting what happens ----
type Op = 'sign-in' | 'two-step sign-in' | 'api-read' | 'profile-edit' | 'refresh' | 'hub wait';
/** `t` when the operation started, `end` when its answer (or error) came, in seconds of the run. */
type Outcome = { op: Op; t: number; end: number; ok: boolean; status?: number; kind?: string };
const outcomes: Outcome[] = [];
let hubReconnects = 0;

class ApiError extends Error {
  constructor(
    readonly status: number,
    key: string,
  ) {
    super(`${status}${key ? ` ${key}` : ''}`);
  }
}
const statusOf = (err: unknown): number | undefined =>
  err instanceof FlowError || err instanceof ApiError ? err.status : undefined;
const errorKind = (err: unknown): string => {
  if (err instanceof FlowError)
    return `${err.step} ${err.status}${/invalid_grant/.test(err.message) ? ' invalid_grant' : ''}`;
  if (err instanceof ApiError) return err.message;
  const cause = (err as { cause?: { code?: string } }).cause?.code;
  return cause ?? (err as Error).message.slice(0, 60);
};
/** A status a client may retry: the request did not happen, or try again later. */
const retryable = (o: Outcome) => o.status === undefined || [429, 502, 503, 504].includes(o.status);

async function record(op: Op, run: () => Promise<void>): Promise<boolean> {
  const t = at();
  try {
    await run();
    outcomes.push({ op, t, end: at(), ok: true });
    return true;
  } catch (err) {
    const status = statusOf(err);
    outcomes.push({ op, t, end: at(), ok: false, kind: `${op}: ${errorKind(err)}`, ...(status ? { status } : {}) });
    return false;
  }
}

async function apiCall(
  method: string,
  apiPath: string,
  token: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const res = await fetch(`${base}${apiPath}`, {
    method,
    headers: {
      ...headers,
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (!res.ok) {
    const key = /"messageKey":"(\w+)"/.exec(text)?.[1] ?? /"error":"(\w+)"/.exec(text)?.[1] ?? '';
    throw new ApiError(res.status, key);
  }
  return text;
}

/** Each virtual user comes from an address of its own (nginx appends 127.0.0.1; TRUST_PROXY takes the first). */
const from = (group: number, i: number) => ({ 'x-forwarded-for': `10.${group}.${i >> 8}.${i & 255}` });

// ---- the acknowledged writes ----
type Writes = { acked: string | null; attemptedSinceAck: string[] };
const writes = new Map<string, Writes>();

/** A user who signs in (with two-step when it has a secret), reads, edits and refreshes, in rounds. */
async function accountUser(username: string, headers: Record<string, string>, totp?: string) {
  const w: Writes = { acked: null, attemptedSinceAck: [] };
  writes.set(username, w);
  let tokens: Tokens | null = null;
  let lastStep = 0;
  const op: Op = totp ? 'two-step sign-in' : 'sign-in';
  for (let n = 0; Date.now() < end; n++) {
    // Two-step: a code is accepted once per 30 s step, so a new sign-in waits for the next step.
    const step = Math.floor(Date.now() / 30_000);
    const due = !tokens || (totp ? step > lastStep && n % 40 === 0 : n % 12 === 0);
    if (due) {
      if (totp) {
        while (Math.floor(Date.now() / 30_000) <= lastStep && Date.now() < end) await sleep(500);
        lastStep = Math.floor(Date.now() / 30_000);
      }
      const ok = await record(op, async () => {
        tokens = await signInFlow({
          base,
          username,
          password: BENCH_PASSWORD,
          headers,
          ...(totp ? { totpCode: () => codeAt(totp, new Date()) } : {}),
        });
      });
      if (!ok) {
        await sleep(500);
        continue;
      }
    }
    const current = tokens as Tokens | null;
    if (!current) continue;
    await record('api-read', async () => {
      await apiCall('GET', '/api/account/me', current.access_token, headers);
    });
    const bio = `${username}#${n}`;
    w.attemptedSinceAck.push(bio);
    const wrote = await record('profile-edit', async () => {
      await apiCall('PUT', '/api/account/info', current.access_token, headers, {
        firstName: 'Soak',
        lastName: 'User',
        birthdate: '2000-01-01',
        gender: 1,
        languageId: 'vi-VN',
        timezone: 'Asia/Saigon',
        bio,
      });
    });
    if (wrote) {
      w.acked = bio;
      w.attemptedSinceAck = [];
    }
    if (current.refresh_token) {
      const refreshed = await record('refresh', async () => {
        tokens = await refreshGrant(base, current.refresh_token ?? '', headers);
      });
      // A rotated token whose answer was lost is gone: sign in again.
      if (!refreshed) tokens = null;
    }
    await sleep(100);
  }
}

/**
 * A login page showing a QR code, waiting on the hub for a phone that never comes: a new code
 * (and sign-in) when the code expires, the same code again when the stream drops (a copy
 * stopping ends its streams; the browser's EventSource reconnects, web/src/hooks/useHub.ts).
 */
async function hubWaiter(i: number) {
  const headers = from(9, i);
  while (Date.now() < end) {
    let code = '';
    const opened = await record('hub wait', async () => {
      const b = browser(base, headers);
      const returnUrl = await openLoginPage({ base, browser: b, challenge: pkce().challenge });
      const qr = await fetch(`${base}/api/account/qr-code?returnUrl=${encodeURIComponent(returnUrl)}`, {
        headers: { ...headers, cookie: b.jar.header('/api/account/qr-code') },
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await qr.json().catch(() => ({}))) as { result?: { code?: string } };
      if (!qr.ok || !body.result?.code) throw new ApiError(qr.status, 'qr-code');
      code = body.result.code;
    });
    if (!opened) {
      await sleep(1000);
      continue;
    }
    // Hold the stream until the code expires (its `expired` event) or the stream drops.
    for (let attempt = 0; attempt < 20 && Date.now() < end; attempt++) {
      const left = Math.max(1000, end - Date.now());
      let expired = false;
      const ok = await record('hub wait', async () => {
        const res = await fetch(`${base}/api/hub?userId=${encodeURIComponent(code)}`, {
          headers,
          signal: AbortSignal.timeout(Math.min(150_000, left)),
        });
        if (!res.ok) throw new ApiError(res.status, 'hub');
        const text = await res.text().catch((err) => {
          // The run's deadline cut the wait short: not an error.
          if (Date.now() >= end - 1000) return '';
          throw err;
        });
        expired = /"type":"expired"/.test(text);
      });
      if (expired || Date.now() >= end) break;
      hubReconnects++;
      await sleep(ok ? 3000 : 1000);
    }
  }
}

// ---- witnesses: signed in before any fault, used again only at the end ----
type Witness = { username: string; browser: Browser; tokens: Tokens };
const witnesses: Witness[] = [];
for (let i = 0; i < WITNESSES; i++) {
  const username = userEmail('w', i);
  const b = browser(base, from(8, i));
  const tokens = await signInFlow({ base, username, password: BENCH_PASSWORD, browser: b, headers: from(8, i) });
  witnesses.push({ username, browser: b, tokens });
}

// ---- connections and memory at the start ----
const scratchName = new URL(cluster.databaseUrl).pathname.slice(1);
async function pgConnections(): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [scratchName],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
const redisConnections = () => {
  const info = execSync(`redis-cli -u ${redisBase()} info clients`, { encoding: 'utf8' });
  // Less the redis-cli asking.
  return Number(/connected_clients:(\d+)/.exec(info)?.[1] ?? 0) - 1;
};
// PostgreSQL: the copies idle before any load. Redis: read again just before the first fault, once
// every copy has its hub subscriber open (a copy opens it with its first stream).
await sleep(2000);
const baseline = { pg: await pgConnections(), redis: redisConnections() };

// ---- samples every 10 s: throughput, p99, RSS per copy ----
type Sample = { t: number; perSecond: number; p99: number; rss: number[] };
const samples: Sample[] = [];
const quantile = (values: number[], q: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const timed = (o: Outcome) => o.op !== 'hub wait';
async function sampler() {
  while (Date.now() < end) {
    await sleep(SAMPLE_SECONDS * 1000);
    const now = at();
    const recent = outcomes.filter((o) => timed(o) && o.end > now - SAMPLE_SECONDS && o.end <= now);
    samples.push({
      t: now,
      perSecond: recent.filter((o) => o.ok).length / SAMPLE_SECONDS,
      p99: quantile(
        recent.map((o) => (o.end - o.t) * 1000),
        0.99,
      ),
      rss: await Promise.all(Array.from({ length: COPIES }, (_, i) => cluster.rss(i))),
    });
  }
}

// ---- faults: one every FAULT_EVERY seconds, in rotation ----
type Fault = { name: string; down: number; back: number; check: string };
const faults: Fault[] = [];
const allReady = async () => {
  for (let i = 0; i < 600; i++) {
    const ready = await Promise.all(Array.from({ length: COPIES }, (_, c) => cluster.ready(c)));
    if (ready.every(Boolean)) return;
    await sleep(100);
  }
};
const redisUp = () => {
  try {
    return execSync(`redis-cli -u ${redisBase()} ping`, { encoding: 'utf8' }).includes('PONG');
  } catch {
    return false;
  }
};
const pgStartedAt = async () => {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  const { rows } = await client.query('select pg_postmaster_start_time()::text as t');
  await client.end();
  return String(rows[0]?.t);
};
const restartCopy = async (i: number, signal: NodeJS.Signals, pauseMs = 0) => {
  const gone = cluster.exited(i);
  cluster.signal(i, signal);
  const how = await gone;
  await sleep(pauseMs);
  await cluster.start(i);
  return how;
};

const kinds: { name: string; run(n: number): Promise<string> }[] = [
  {
    name: 'PostgreSQL connections killed',
    async run() {
      const client = new pg.Client({ connectionString: cluster.databaseUrl });
      await client.connect();
      const { rows } = await client.query(
        'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) t',
        [scratchName],
      );
      await client.end();
      return `${rows[0]?.n ?? 0} connections terminated`;
    },
  },
  {
    name: 'PostgreSQL restarted',
    async run() {
      const before = await pgStartedAt();
      execSync(PG_RESTART, { stdio: 'ignore' });
      return (await pgStartedAt()) !== before ? 'postmaster start time changed' : '**PostgreSQL did not restart**';
    },
  },
  {
    name: `Redis stopped ${REDIS_DOWN_SECONDS} s`,
    async run() {
      execSync(REDIS_STOP, { stdio: 'ignore' });
      const down = !redisUp();
      await sleep(REDIS_DOWN_SECONDS * 1000);
      execSync(REDIS_START, { stdio: 'ignore', shell: '/bin/bash' });
      for (let i = 0; i < 50 && !redisUp(); i++) await sleep(100);
      return down
        ? `PING failed while stopped${redisUp() ? ', PONG after' : ', **no PONG after**'}`
        : '**Redis did not stop**';
    },
  },
  {
    name: 'one copy SIGKILLed',
    async run(n) {
      const i = n % COPIES;
      const how = await restartCopy(i, 'SIGKILL', KILLED_SECONDS * 1000);
      return `copy ${i + 1}: ${how}, started again after ${KILLED_SECONDS} s`;
    },
  },
  {
    name: 'rolling restart (SIGTERM each copy in turn)',
    async run() {
      const how: string[] = [];
      for (let i = 0; i < COPIES; i++) how.push(`copy ${i + 1}: ${await restartCopy(i, 'SIGTERM')}`);
      return how.join('; ');
    },
  },
  {
    name: `one copy paused ${PAUSE_SECONDS} s (SIGSTOP)`,
    async run(n) {
      const i = n % COPIES;
      cluster.signal(i, 'SIGSTOP');
      await sleep(PAUSE_SECONDS * 1000);
      cluster.signal(i, 'SIGCONT');
      return `copy ${i + 1} stopped and continued`;
    },
  },
];

async function schedule() {
  for (let n = 0; ; n++) {
    const next = t0 + (n + 1) * FAULT_EVERY * 1000;
    // Leave the last stretch fault-free, so the end shows the copies recovered.
    if (next > end - Math.min(30, FAULT_EVERY / 2) * 1000) return;
    await sleep(next - Date.now());
    if (n === 0) {
      baseline.redis = redisConnections();
      log(
        `baseline connections: PostgreSQL ${baseline.pg} (idle, before the load), Redis ${baseline.redis} (under load)`,
      );
    }
    const kind = kinds[n % kinds.length];
    if (!kind) return;
    const f: Fault = { name: kind.name, down: at(), back: Number.NaN, check: '' };
    faults.push(f);
    log(`fault: ${kind.name}`);
    try {
      f.check = await kind.run(Math.floor(n / kinds.length));
    } catch (err) {
      f.check = `**${(err as Error).message.slice(0, 100)}**`;
    }
    await allReady();
    f.back = at();
    log(`back after ${(f.back - f.down).toFixed(1)} s: ${f.check}`);
  }
}

// ---- run ----
log(
  `${PASSWORD_USERS} password users, ${TWO_STEP_USERS} two-step users, ${HUB_WAITERS} QR pages on the hub, ${WITNESSES} witnesses`,
);
const faultsDone = schedule();
const sampling = sampler();
await Promise.all([
  ...Array.from({ length: PASSWORD_USERS }, (_, i) => accountUser(userEmail('p', i), from(1, i))),
  ...Array.from({ length: TWO_STEP_USERS }, (_, i) =>
    accountUser(userEmail('t', i), from(2, i), twoStepSecrets.get(userEmail('t', i))),
  ),
  ...Array.from({ length: HUB_WAITERS }, (_, i) => hubWaiter(i)),
]);
await faultsDone;
await sampling;
const loadEnd = at();
log('load over: checking');

// ---- checks ----
const failures: string[] = [];

// Every acknowledged write is in the database.
const stored = new Map<string, string | null>();
{
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `select c.value as email, u.bio from users u join user_contacts c on c.user_id = u.id where c.type = 2`,
  );
  await client.end();
  for (const r of rows as { email: string; bio: string | null }[]) stored.set(r.email, r.bio);
}
let ackedUsers = 0;
const lost: string[] = [];
for (const [username, w] of writes) {
  if (w.acked === null) continue;
  ackedUsers++;
  const value = stored.get(username) ?? null;
  // The last acknowledged value, or a later write whose answer was lost (it may have landed).
  if (value !== w.acked && !(value !== null && w.attemptedSinceAck.includes(value)))
    lost.push(`${username}: acknowledged ${w.acked}, stored ${value}`);
}
const ackedWrites = outcomes.filter((o) => o.op === 'profile-edit' && o.ok).length;
if (lost.length) failures.push(`${lost.length} acknowledged writes lost`);
for (const crash of cluster.unexpectedExits()) failures.push(crash);

// Sessions and refresh tokens issued before the faults still work.
const witnessLines: string[] = [];
for (const w of witnesses) {
  const checks: string[] = [];
  try {
    const refreshed = await refreshGrant(base, w.tokens.refresh_token ?? '', from(8, 0));
    await apiCall('GET', '/api/account/me', refreshed.access_token, from(8, 0));
    checks.push('refresh token ok, its new access token reads /me');
  } catch (err) {
    checks.push(`**refresh failed: ${errorKind(err)}**`);
    failures.push(`${w.username}: refresh token from before the faults refused`);
  }
  try {
    const { verifier, challenge } = pkce();
    const code = await followToCode(base, w.browser, authorizeUrl(base, challenge, 'none'), 'authorize (prompt=none)');
    await tokenRequest(base, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: BENCH_CLIENT.redirectUri,
      code_verifier: verifier,
    });
    checks.push('session signs in again without a password (prompt=none)');
  } catch (err) {
    checks.push(`**session lost: ${errorKind(err)}**`);
    failures.push(`${w.username}: session from before the faults lost`);
  }
  witnessLines.push(`- ${w.username}: ${checks.join('; ')}`);
}

// Errors by window: a fault's window runs from its start until GRACE seconds after every copy was ready again.
const windowOf = (o: Outcome) =>
  faults.find((f) => o.end >= f.down && o.t <= (Number.isNaN(f.back) ? Infinity : f.back + GRACE));
const errors = outcomes.filter((o) => !o.ok);
const outside = errors.filter((o) => !windowOf(o));
if (outside.length) failures.push(`${outside.length} errors outside the fault windows`);
const rolling = errors.filter((o) => windowOf(o)?.name.startsWith('rolling restart'));
const rollingHard = rolling.filter((o) => !retryable(o));
if (rollingHard.length)
  failures.push(`${rollingHard.length} requests failed with a non-retryable status in a rolling restart`);

// Connections back to their baseline once the pools' idle connections have closed (10 s).
await sleep(15_000);
const endConnections = { pg: await pgConnections(), redis: redisConnections() };
if (endConnections.pg > baseline.pg + COPIES)
  failures.push(`PostgreSQL connections ${endConnections.pg}, baseline ${baseline.pg}`);
if (endConnections.redis > baseline.redis)
  failures.push(`Redis connections ${endConnections.redis}, baseline ${baseline.redis}`);

// Memory (runs of 10 minutes or more): each copy's level once warm, the highest RSS sampled in
// minutes 5 to 10, against the highest in the last 5 minutes. Every copy is restarted by the rolling
// restarts (every 6 minutes) and by the SIGKILLs, so a single sample can catch a process a few
// seconds old; the highest of a 5-minute stretch is that slot's warm process.
const rssLines: string[] = [];
const mb = (b: number) => `${(b / 1048576).toFixed(0)} MB`;
const peakIn = (i: number, from: number, to: number) =>
  Math.max(0, ...samples.filter((x) => x.t >= from && x.t < to).map((x) => x.rss[i] ?? 0));
const at5 = (i: number) => samples.find((x) => x.t >= 300)?.rss[i] ?? 0;
for (let i = 0; i < COPIES; i++) {
  const first = samples.find((x) => (x.rss[i] ?? 0) > 0)?.rss[i] ?? 0;
  const last = samples[samples.length - 1]?.rss[i] ?? 0;
  const level = peakIn(i, 300, 600);
  const late = peakIn(i, loadEnd - 300, loadEnd + 1);
  const growth = level ? (late - level) / level : 0;
  rssLines.push(
    `| copy ${i + 1} | ${mb(first)} | ${mb(at5(i))} | ${mb(last)} | ${mb(level)} | ${mb(late)} | ${(growth * 100).toFixed(1)} % |`,
  );
  if (MINUTES >= 10 && growth > 0.1)
    failures.push(
      `copy ${i + 1}: RSS in the last 5 minutes ${(growth * 100).toFixed(1)} % above its level at 5–10 minutes`,
    );
}

// ---- per minute ----
const ops: Op[] = ['sign-in', 'two-step sign-in', 'api-read', 'profile-edit', 'refresh', 'hub wait'];
const minuteRows: string[] = [];
for (let m = 0; m < Math.ceil(loadEnd / 60); m++) {
  const inMinute = outcomes.filter((o) => o.end >= m * 60 && o.end < (m + 1) * 60);
  const seconds = Math.min(60, loadEnd - m * 60);
  const latencies = inMinute.filter(timed).map((o) => (o.end - o.t) * 1000);
  const bad = inMinute.filter((o) => !o.ok);
  const faultNames = faults.filter((f) => f.down >= m * 60 && f.down < (m + 1) * 60).map((f) => f.name);
  minuteRows.push(
    `| ${m + 1} | ${(inMinute.filter((o) => o.ok && timed(o)).length / seconds).toFixed(1)} | ${quantile(latencies, 0.5).toFixed(0)} | ${quantile(latencies, 0.99).toFixed(0)} | ${bad.filter((o) => windowOf(o)).length} | ${bad.filter((o) => !windowOf(o)).length} | ${faultNames.join(', ') || '–'} |`,
  );
}
const byKind = new Map<string, { inside: number; outside: number }>();
for (const o of errors) {
  const row = byKind.get(o.kind ?? '?') ?? { inside: 0, outside: 0 };
  if (windowOf(o)) row.inside++;
  else row.outside++;
  byKind.set(o.kind ?? '?', row);
}

await cluster.stop();

// ---- report ----
const m = machine();
const stamp = `${m.date.slice(0, 10)}-${m.date.slice(11, 16).replace(':', '')}`;
const host = os.hostname().replace(/[^\w-]/g, '');
const pictureName = `${stamp}-soak-${host}.svg`;
const lines = [
  `# Soak ${m.date} UTC: ${MINUTES} minutes, ${COPIES} copies behind nginx`,
  '',
  `- machine: ${m.cpu}, ${m.cores} cores; Node ${m.node}; commit ${m.commit}`,
  `- ${COPIES} copies of server/dist/main.js (NODE_ENV=production, the heap flags of npm start, SHUTDOWN_DRAIN_SECONDS=3) behind nginx (deploy/nginx/portico.conf), one PostgreSQL database, one Redis`,
  `- load: ${PASSWORD_USERS} password users and ${TWO_STEP_USERS} two-step (authenticator) users at the relying party \`${BENCH_CLIENT.id}\` (whole code flow; sign in again every 12 rounds, two-step every 40 and a new 30 s step), each round GET /api/account/me, PUT /api/account/info (an acknowledged write), a refresh grant (rotation on); ${HUB_WAITERS} login pages with a QR code waiting on the hub (a new code when it expires, the same again when the stream drops)`,
  `- a fault every ${FAULT_EVERY} s in rotation; a fault's window lasts until every copy answers /readyz again, plus ${GRACE} s`,
  '',
  '## Verdict',
  '',
  failures.length ? failures.map((f) => `- **${f}**`).join('\n') : '- every check passed',
  '',
  '## Checks',
  '',
  `- acknowledged writes: ${ackedWrites} profile edits acknowledged; for all ${ackedUsers} users with one, the database holds the last acknowledged value (or a later one whose answer was lost): **${lost.length} lost**`,
  ...lost.map((d) => `  - ${d}`),
  `- errors outside the fault windows: **${outside.length}**`,
  ...outside.slice(0, 20).map((o) => `  - ${o.kind}: ${o.t.toFixed(1)} → ${o.end.toFixed(1)} s`),
  `- rolling restarts: ${rolling.length} failed requests in their windows, **${rollingHard.length} with a non-retryable status**; hub streams reconnected ${hubReconnects} times in all`,
  ...rollingHard.slice(0, 20).map((o) => `  - ${o.kind}: ${o.t.toFixed(1)} → ${o.end.toFixed(1)} s`),
  `- signed in before the first fault, used again at the end:`,
  ...witnessLines.map((l) => `  ${l}`),
  `- connections: PostgreSQL ${baseline.pg} idle before the load, ${endConnections.pg} at the end (15 s after the load; a tolerance of one pooled connection per copy); Redis ${baseline.redis} under load before the first fault, ${endConnections.redis} at the end`,
  '',
  '| copy | RSS first sample | at 5 min | last sample | level: highest at 5–10 min | highest in the last 5 min | last 5 min vs level |',
  '|---|---|---|---|---|---|---|',
  ...rssLines,
  '',
  `Every copy is restarted by the rolling restarts (every 6 minutes) and one by each SIGKILL, so "a copy" is a slot (the process in it at that moment), and a single sample may catch a process seconds old: the check compares the highest RSS of minutes 5–10 with the highest of the last 5 minutes.`,
  '',
  '## Faults',
  '',
  '| fault | down at | back at | took | checked |',
  '|---|---|---|---|---|',
  ...faults.map(
    (f) =>
      `| ${f.name} | ${f.down.toFixed(1)} s | ${f.back.toFixed(1)} s | ${(f.back - f.down).toFixed(1)} s | ${f.check} |`,
  ),
  '',
  '## Per minute',
  '',
  'Operations per second answered OK (the hub waits not counted), p50 and p99 in ms, errors inside and outside the fault windows.',
  '',
  '| minute | ops/s | p50 | p99 | errors in windows | errors outside | fault started |',
  '|---|---|---|---|---|---|---|',
  ...minuteRows,
  '',
  '## Operations',
  '',
  '| operation | ok | errors |',
  '|---|---|---|',
  ...ops.map((op) => {
    const list = outcomes.filter((o) => o.op === op);
    return `| ${op} | ${list.filter((o) => o.ok).length} | ${list.filter((o) => !o.ok).length} |`;
  }),
  '',
  '## Errors by kind',
  '',
  '| kind | in a fault window | outside |',
  '|---|---|---|',
  ...[...byKind.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([k, r]) => `| ${k} | ${r.inside} | ${r.outside} |`),
  '',
  `![throughput, p99 and RSS over time](${pictureName})`,
  '',
];
const report = `${lines.join('\n')}\n`;
console.log(`\n${report}`);
if (!process.argv.includes('--no-record')) {
  const dir = path.join(root, 'bench/results');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${stamp}-soak-${host}.md`), report);
  await writeFile(path.join(dir, pictureName), soakPicture({ samples, faults, copies: COPIES, seconds: loadEnd }));
  // The samples themselves (every 10 s: ops/s, p99, each copy's RSS) and the faults, to look again.
  await writeFile(path.join(dir, `${stamp}-soak-${host}.json`), `${JSON.stringify({ samples, faults })}\n`);
  log(`recorded in bench/results/${stamp}-soak-${host}.md and .svg`);
}
process.exit(failures.length ? 1 : 0);
