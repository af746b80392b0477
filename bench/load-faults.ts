// npm run bench:faults — load and faults (issue 10, part 3). Two copies of the built server
// (node server/dist/main.js) behind nginx on loopback, sharing one scratch PostgreSQL database
// and Redis; N virtual users sign in, read the API, refresh tokens and edit their profile (an
// acknowledged write whose value is recorded) for a set time while the script restarts
// PostgreSQL, stops and starts Redis, and SIGKILLs one copy (then starts it again). Afterwards
// it checks that every acknowledged write is in the database and counts errors by kind and by
// phase. Writes the table to bench/results/<date>-faults-<machine>.md. See bench/README.md.
//
// Needs: nginx (Debian: apt-get install -y nginx), PostgreSQL and Redis of this machine (the
// commands below restart them: FAULT_PG_RESTART, FAULT_REDIS_STOP, FAULT_REDIS_START override).
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/harness.js';
import { openDatabase } from '../server/src/db/client.js';
import { userContacts, users } from '../server/src/db/schema.js';
import { createScratchDatabase } from '../server/src/db/testing.js';
import { hashPassword } from '../server/src/lib/password.js';
import { FlowError, refreshGrant, signInFlow, type Tokens } from './lib/flow.js';
import { benchClientMetadata, postgresBase, redisBase, root, userEmail } from './lib/server.js';
import { machine } from './report.js';
import { BENCH_PASSWORD } from './signin.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 100);
const USERS = Number(process.env.LOAD_USERS ?? 8);
const PG_RESTART = process.env.FAULT_PG_RESTART ?? 'pg_ctlcluster 15 main restart -m fast';
// This machine's Redis runs without a config file (no init script knows its pid): it is stopped
// with SHUTDOWN and started again with the settings it ran with (CONFIG GET dir, save, appendonly).
const REDIS_STOP = process.env.FAULT_REDIS_STOP ?? 'redis-cli -p 6379 shutdown nosave';
const REDIS_START =
  process.env.FAULT_REDIS_START ??
  "redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no --dir /var/lib/redis --pidfile /var/run/redis.pid";
const REDIS_DOWN_SECONDS = Number(process.env.FAULT_REDIS_DOWN_SECONDS ?? 4);
const KILLED_SECONDS = Number(process.env.FAULT_KILLED_SECONDS ?? 3);
/** After a dependency is back, errors within this many seconds count as "recovering". */
const GRACE_SECONDS = Number(process.env.FAULT_GRACE_SECONDS ?? 5);

const log = (message: string) => console.log(`[faults ${new Date().toISOString().slice(11, 19)}] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const nginxPath = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => {
  try {
    execSync(`test -x ${p}`);
    return true;
  } catch {
    return false;
  }
});
if (!nginxPath) {
  console.error("nginx is missing: install Debian's package (apt-get install -y nginx) and run again.");
  process.exit(1);
}

// ---- the database, the two copies, nginx ----
const scratch = await createScratchDatabase(postgresBase());
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-faults-'));
const clientsFile = path.join(dataDir, 'clients.json');
await writeFile(clientsFile, JSON.stringify([benchClientMetadata()]));
{
  const database = await openDatabase({ url: scratch.url });
  const hash = await hashPassword(BENCH_PASSWORD);
  const rows = Array.from({ length: USERS }, (_, i) => ({ id: crypto.randomUUID(), email: userEmail('f', i) }));
  await database.db
    .insert(users)
    .values(rows.map((u) => ({ id: u.id, firstName: 'Load', lastName: 'User', passwordHash: hash })));
  await database.db.insert(userContacts).values(
    rows.map((u) => ({
      userId: u.id,
      type: 2,
      value: u.email,
      isConfirmed: true,
      isPrimary: true,
      allowLogin: true,
    })),
  );
  await database.close();
}

const nginxPort = await freePort();
const publicUrl = `http://127.0.0.1:${nginxPort}`;
const copyPorts = [await freePort(), await freePort()];
const redisPrefix = `portico-faults-${Date.now()}:`;
const copies: (ChildProcess | null)[] = [null, null];

async function startCopy(i: number) {
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(copyPorts[i]),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'true',
      // One DATA_DIR: the generated cookie, signing and encryption keys are the same on both.
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      REDIS_URL: redisBase(),
      REDIS_PREFIX: redisPrefix,
      OIDC_CLIENTS_FILE: clientsFile,
      CAPTCHA_PROVIDER: 'none',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      LOGIN_LOCK_FAILURES: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', () => undefined);
  copies[i] = child;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${copyPorts[i]}/readyz`)).ok) return;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  throw new Error(`copy ${i} did not become ready`);
}

const nginxDir = path.join(dataDir, 'nginx');
await mkdir(nginxDir, { recursive: true });
const nginxConf = path.join(nginxDir, 'nginx.conf');
await writeFile(
  nginxConf,
  `worker_processes 1;
daemon off;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  upstream portico {
    server 127.0.0.1:${copyPorts[0]} max_fails=1 fail_timeout=2s;
    server 127.0.0.1:${copyPorts[1]} max_fails=1 fail_timeout=2s;
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${nginxPort};
    location / {
      proxy_pass http://portico;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A copy that refuses the connection: the request goes to the other one.
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
    }
  }
}
`,
);

log(`starting copies on ${copyPorts.join(', ')} and nginx on ${nginxPort}`);
await startCopy(0);
await startCopy(1);
const nginx = spawn(nginxPath, ['-c', nginxConf, '-p', nginxDir], { stdio: ['ignore', 'ignore', 'inherit'] });
for (let i = 0; i < 50; i++) {
  try {
    if ((await fetch(`${publicUrl}/readyz`)).ok) break;
  } catch {
    await sleep(100);
  }
}

// ---- faults: each an outage window [down, back] ----
type Fault = { name: string; down: number; back: number; check: string };
const faults: Fault[] = [];
const t0 = Date.now();
const at = () => (Date.now() - t0) / 1000;
const waitReady = async (url: string, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await sleep(100);
  }
};
const fault = async (name: string, run: (f: Fault) => Promise<void>) => {
  const f: Fault = { name, down: at(), back: Number.NaN, check: '' };
  faults.push(f);
  log(`fault: ${name}`);
  await run(f);
  f.back = at();
  log(`back: ${name} after ${(f.back - f.down).toFixed(1)} s`);
};
const copyReady = (i: number) => `http://127.0.0.1:${copyPorts[i]}/readyz`;

async function schedule() {
  const step = SECONDS / 5;
  await sleep(step * 1000);
  const pgStarted = async () => {
    const pg = await import('pg');
    const c = new pg.default.Client({ connectionString: postgresBase() });
    await c.connect();
    const { rows } = await c.query('select pg_postmaster_start_time()::text as t');
    await c.end();
    return String(rows[0]?.t);
  };
  const redisUp = () => {
    try {
      return execSync(`redis-cli -u ${redisBase()} ping`, { encoding: 'utf8' }).includes('PONG');
    } catch {
      return false;
    }
  };
  await fault('PostgreSQL restart', async (f) => {
    const before = await pgStarted();
    execSync(PG_RESTART, { stdio: 'ignore' });
    f.check = (await pgStarted()) !== before ? 'postmaster start time changed' : '**PostgreSQL did not restart**';
    await Promise.all([waitReady(copyReady(0)), waitReady(copyReady(1))]);
  });
  await sleep(Math.max(0, t0 + 2 * step * 1000 - Date.now()));
  await fault(`Redis stopped ${REDIS_DOWN_SECONDS} s`, async (f) => {
    execSync(REDIS_STOP, { stdio: 'ignore' });
    const down = !redisUp();
    await sleep(REDIS_DOWN_SECONDS * 1000);
    execSync(REDIS_START, { stdio: 'ignore' });
    for (let i = 0; i < 50 && !redisUp(); i++) await sleep(100);
    f.check = down
      ? `PING failed while stopped${redisUp() ? ', PONG after' : ', **no PONG after**'}`
      : '**Redis did not stop**';
    await Promise.all([waitReady(copyReady(0)), waitReady(copyReady(1))]);
  });
  await sleep(Math.max(0, t0 + 3 * step * 1000 - Date.now()));
  await fault(`copy 2 SIGKILLed, restarted after ${KILLED_SECONDS} s`, async (f) => {
    const killed = copies[1];
    killed?.kill('SIGKILL');
    await sleep(200);
    f.check = killed?.signalCode === 'SIGKILL' ? 'ended by SIGKILL' : '**copy 2 did not end**';
    await sleep(KILLED_SECONDS * 1000);
    await startCopy(1);
  });
}

// ---- the virtual users ----
type Op = 'sign-in' | 'api-read' | 'refresh' | 'profile-edit';
/** `t` when the operation started, `end` when its answer (or error) came, in seconds of the run. */
type Outcome = { op: Op; t: number; end: number; ok: boolean; kind?: string };
const outcomes: Outcome[] = [];
type Writes = { acked: string | null; attemptedSinceAck: string[] };
const writes = new Map<number, Writes>();

const errorKind = (err: unknown): string => {
  if (err instanceof FlowError)
    return `${err.step} ${err.status}${/invalid_grant/.test(err.message) ? ' invalid_grant' : ''}`;
  const cause = (err as { cause?: { code?: string } }).cause?.code;
  return cause ?? (err as Error).message.slice(0, 60);
};

async function apiCall(method: string, apiPath: string, token: string, body?: unknown) {
  const res = await fetch(`${publicUrl}${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) {
    const key = /"messageKey":"(\w+)"/.exec(text)?.[1] ?? /"error":"(\w+)"/.exec(text)?.[1] ?? '';
    throw new Error(`${res.status}${key ? ` ${key}` : ''}`);
  }
}

async function virtualUser(vu: number, end: number) {
  const username = userEmail('f', vu);
  const w: Writes = { acked: null, attemptedSinceAck: [] };
  writes.set(vu, w);
  let tokens: Tokens | null = null;
  const record = async (op: Op, run: () => Promise<void>) => {
    const t = at();
    try {
      await run();
      outcomes.push({ op, t, end: at(), ok: true });
      return true;
    } catch (err) {
      outcomes.push({ op, t, end: at(), ok: false, kind: `${op}: ${errorKind(err)}` });
      return false;
    }
  };
  for (let n = 0; Date.now() < end; n++) {
    if (!tokens || n % 12 === 0) {
      const ok = await record('sign-in', async () => {
        tokens = await signInFlow({ base: publicUrl, username, password: BENCH_PASSWORD });
      });
      if (!ok) {
        await sleep(250);
        continue;
      }
    }
    const current = tokens as Tokens | null;
    if (!current) continue;
    await record('api-read', () => apiCall('GET', '/api/account/me', current.access_token));
    const bio = `vu${vu}-write${n}`;
    w.attemptedSinceAck.push(bio);
    const wrote = await record('profile-edit', () =>
      apiCall('PUT', '/api/account/info', current.access_token, {
        firstName: 'Load',
        lastName: 'User',
        birthdate: '2000-01-01',
        gender: 1,
        languageId: 'vi-VN',
        timezone: 'Asia/Saigon',
        bio,
      }),
    );
    if (wrote) {
      w.acked = bio;
      w.attemptedSinceAck = [];
    }
    if (current.refresh_token) {
      const refreshed = await record('refresh', async () => {
        tokens = await refreshGrant(publicUrl, current.refresh_token ?? '');
      });
      // A rotated token whose answer was lost is gone: sign in again.
      if (!refreshed) tokens = null;
    }
    await sleep(50);
  }
}

log(
  `${USERS} virtual users for ${SECONDS} s; faults at ${SECONDS / 5} s, ${(2 * SECONDS) / 5} s, ${(3 * SECONDS) / 5} s`,
);
const end = Date.now() + SECONDS * 1000;
const faultsDone = schedule();
await Promise.all(Array.from({ length: USERS }, (_, vu) => virtualUser(vu, end)));
await faultsDone;

// ---- checks ----
const pg = await import('pg');
const client = new pg.default.Client({ connectionString: scratch.url });
await client.connect();
const { rows } = await client.query(
  `select c.value as email, u.bio from users u join user_contacts c on c.user_id = u.id where c.value like 'f-%'`,
);
await client.end();
const bioOf = new Map<string, string | null>(rows.map((r: { email: string; bio: string | null }) => [r.email, r.bio]));
let acked = 0;
let lost = 0;
const lostDetails: string[] = [];
for (const [vu, w] of writes) {
  if (w.acked === null) continue;
  acked++;
  const stored = bioOf.get(userEmail('f', vu)) ?? null;
  // The last acknowledged value, or a later write whose answer was lost (it may have landed).
  if (stored !== w.acked && !(stored !== null && w.attemptedSinceAck.includes(stored))) {
    lost++;
    lostDetails.push(`vu${vu}: acknowledged ${w.acked}, stored ${stored}`);
  }
}
const ackedWrites = outcomes.filter((o) => o.op === 'profile-edit' && o.ok).length;

type Phase = 'before any fault' | 'during an outage' | 'recovering (≤ grace after back)' | 'after recovery';
// An operation in flight when a fault began (started before it, answered after) belongs to the
// outage, like one started during it: a copy killed mid-request loses that request.
const phaseOf = ({ t, end }: Outcome): Phase => {
  if (!faults.length || end < (faults[0]?.down ?? Number.POSITIVE_INFINITY)) return 'before any fault';
  for (const f of faults) {
    if (end >= f.down && (Number.isNaN(f.back) || t <= f.back)) return 'during an outage';
    if (t > f.back && t <= f.back + GRACE_SECONDS) return 'recovering (≤ grace after back)';
  }
  return 'after recovery';
};
const phases: Phase[] = ['before any fault', 'during an outage', 'recovering (≤ grace after back)', 'after recovery'];
const ops: Op[] = ['sign-in', 'api-read', 'profile-edit', 'refresh'];
const byKind = new Map<string, Record<Phase, number>>();
for (const o of outcomes) {
  if (o.ok || !o.kind) continue;
  const row = byKind.get(o.kind) ?? (Object.fromEntries(phases.map((p) => [p, 0])) as Record<Phase, number>);
  row[phaseOf(o)]++;
  byKind.set(o.kind, row);
}

const lateErrors = outcomes.filter((o) => !o.ok && phaseOf(o) !== 'during an outage');

// ---- stop everything ----
nginx.kill('SIGTERM');
for (const c of copies) c?.kill('SIGTERM');
await sleep(1500);
for (const c of copies) if (c && c.exitCode === null) c.kill('SIGKILL');
await scratch.drop();
await rm(dataDir, { recursive: true, force: true });

// ---- report ----
const m = machine();
const lines = [
  `# Load and faults ${m.date} UTC`,
  '',
  `- machine: ${m.cpu}, ${m.cores} cores; Node ${m.node}; commit ${m.commit}`,
  `- two copies of server/dist/main.js behind nginx (loopback), one PostgreSQL database, one Redis; ${USERS} virtual users for ${SECONDS} s`,
  '- each user: sign-in (whole flow; again every 12 rounds or after a failure), then per round GET /api/account/me, PUT /api/account/info (bio = a value recorded when acknowledged), refresh grant (rotation on)',
  '',
  '## Faults',
  '',
  '| fault | down at | back at | outage | checked |',
  '|---|---|---|---|---|',
  ...faults.map(
    (f) =>
      `| ${f.name} | ${f.down.toFixed(1)} s | ${f.back.toFixed(1)} s | ${(f.back - f.down).toFixed(1)} s | ${f.check} |`,
  ),
  '',
  `"back" is when the command finished and both copies answered /readyz again. Errors within ${GRACE_SECONDS} s after that count as "recovering".`,
  '',
  '## Acknowledged writes',
  '',
  `- ${ackedWrites} profile edits acknowledged; for all ${acked} users with one, the database holds the last acknowledged value (or a later one whose answer was lost): **${lost} lost**`,
  ...lostDetails.map((d) => `  - ${d}`),
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
  '## Errors by kind and phase',
  '',
  `| kind | ${phases.join(' | ')} |`,
  `|---|${phases.map(() => '---').join('|')}|`,
  ...[...byKind.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([kind, row]) => `| ${kind} | ${phases.map((p) => row[p]).join(' | ')} |`),
  '',
  ...(lateErrors.length
    ? [
        'Errors outside an outage (started → answered, seconds of the run):',
        '',
        ...lateErrors.map((o) => `- ${o.kind}: ${o.t.toFixed(2)} → ${o.end.toFixed(2)} s (${phaseOf(o)})`),
        '',
      ]
    : []),
];
const report = `${lines.join('\n')}\n`;
console.log(`\n${report}`);
const file = path.join(
  root,
  'bench/results',
  `${m.date.slice(0, 10)}-${m.date.slice(11, 16).replace(':', '')}-faults-${os.hostname().replace(/[^\w-]/g, '')}.md`,
);
if (!process.argv.includes('--no-record')) {
  await writeFile(file, report);
  log(`recorded in ${path.relative(root, file)}`);
}
process.exit(0);
