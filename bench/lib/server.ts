// Starts the built server (server/dist/main.js, what `npm start` runs) for one bench target:
// embedded PGlite in a temporary DATA_DIR, or a scratch PostgreSQL database beside DATABASE_URL
// plus Redis under a prefix of its own. Users are seeded into the database before the server
// starts, the same rows registration writes (server/src/modules/users/queries.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientMetadata } from 'oidc-provider';
import { freePort } from '../../e2e/harness.js';
import { openDatabase } from '../../server/src/db/client.js';
import { userContacts, users } from '../../server/src/db/schema.js';
import { createScratchDatabase } from '../../server/src/db/testing.js';
import { waitUntilReady } from '../../server/src/testing/ready.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The confidential first-party client the load generator signs in with (no consent screen). */
export const BENCH_CLIENT = {
  id: 'bench-rp',
  secret: 'bench-rp-secret-0123456789-0123456789',
  redirectUri: 'http://127.0.0.1:9/cb',
};

export const benchClientMetadata = (): ClientMetadata => ({
  client_id: BENCH_CLIENT.id,
  client_secret: BENCH_CLIENT.secret,
  client_name: 'Bench RP',
  redirect_uris: [BENCH_CLIENT.redirectUri],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'client_secret_basic',
  first_party: true,
  // RS256 unless BENCH_ID_TOKEN_ALG names ES256 or EdDSA (the keys beside it, server/src/config/secrets.ts).
  ...(process.env.BENCH_ID_TOKEN_ALG
    ? { id_token_signed_response_alg: process.env.BENCH_ID_TOKEN_ALG as ClientMetadata['id_token_signed_response_alg'] }
    : {}),
});

export type Target = 'pglite' | 'postgres';

export type SeedUsers = { count: number; prefix: string; passwordHash: string };

export const userEmail = (prefix: string, i: number) => `${prefix}-${i}@bench.example`;

export type BenchServer = {
  url: string;
  pid: number;
  target: Target;
  /** Lines the server printed on stderr (the SQL counting hook writes there). */
  onStderrLine(listener: (line: string) => void): () => void;
  /** VmRSS of the server process, in bytes. */
  rss(): Promise<number>;
  /** Whether the process has ended (with its exit code or signal). */
  exited(): string | null;
  stop(): Promise<void>;
};

export type StartOptions = {
  target: Target;
  seed?: SeedUsers[];
  env?: Record<string, string>;
  /** Connect the server here instead of to PostgreSQL / Redis themselves (the counting proxies). */
  databaseUrlFor?: (scratchUrl: string) => Promise<string>;
  redisUrl?: string;
};

/** Inserts users with a confirmed e-mail that may sign in, in batches. */
export async function seedUsers(db: Awaited<ReturnType<typeof openDatabase>>['db'], groups: SeedUsers[]) {
  for (const group of groups) {
    for (let start = 0; start < group.count; start += 500) {
      const batch = Array.from({ length: Math.min(500, group.count - start) }, (_, k) => ({
        id: randomUUID(),
        email: userEmail(group.prefix, start + k),
      }));
      await db.transaction(async (tx) => {
        await tx
          .insert(users)
          .values(
            batch.map((u) => ({ id: u.id, firstName: 'Bench', lastName: 'User', passwordHash: group.passwordHash })),
          );
        await tx.insert(userContacts).values(
          batch.map((u) => ({
            userId: u.id,
            type: 2 /* CONTACT_EMAIL */,
            value: u.email,
            isConfirmed: true,
            isPrimary: true,
            allowLogin: true,
          })),
        );
      });
    }
  }
}

export async function startBenchServer(opts: StartOptions): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-bench-'));
  const url = `http://127.0.0.1:${port}`;
  let scratch: { url: string; drop(): Promise<void> } | undefined;
  let databaseUrl = '';
  if (opts.target === 'postgres') {
    scratch = await createScratchDatabase(postgresBase());
    databaseUrl = scratch.url;
  }
  // Migrate and seed before the server starts (PGlite's folder has one owner at a time).
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
  await seedUsers(database.db, opts.seed ?? []);
  await database.close();

  const clientsFile = path.join(dataDir, 'clients.json');
  await writeFile(clientsFile, JSON.stringify([benchClientMetadata()]));
  const serverDatabaseUrl = databaseUrl && opts.databaseUrlFor ? await opts.databaseUrlFor(databaseUrl) : databaseUrl;

  // The heap flags `npm start` runs the server with (package.json), then BENCH_NODE_ARGS, e.g.
  // `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under the bench's load (NODE_OPTIONS
  // refuses --cpu-prof).
  const nodeArgs = [...startFlags(), ...(process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // Stopped between tests: no balancer to drain from (server/src/http/drain.ts).
      SHUTDOWN_DRAIN_SECONDS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: serverDatabaseUrl,
      REDIS_URL: opts.target === 'postgres' ? (opts.redisUrl ?? redisBase()) : '',
      REDIS_PREFIX: `portico-bench-${port}-${Date.now()}:`,
      OIDC_CLIENTS_FILE: clientsFile,
      CAPTCHA_PROVIDER: 'none',
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      // Sign-in failures never happen here; keep the lock far away all the same.
      LOGIN_LOCK_FAILURES: '100000',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  const listeners = new Set<(line: string) => void>();
  let buffered = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('[sql]')) process.stderr.write(`${line}\n`);
      for (const l of listeners) l(line);
    }
  });
  let exited = false;
  let stopping = false;
  let exitedWith: string | null = null;
  child.once('exit', (code, signal) => {
    exited = true;
    exitedWith = signal ?? `exit code ${code}`;
    if (!stopping) process.stderr.write(`[bench] the ${opts.target} server (pid ${child.pid}) ended: ${exitedWith}\n`);
  });

  await waitUntilReady(url, { exited: () => exited, name: `${opts.target} server` });

  return {
    url,
    pid: child.pid ?? 0,
    target: opts.target,
    onStderrLine(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    rss: () => processRss(child.pid ?? 0),
    exited: () => exitedWith,
    async stop() {
      stopping = true;
      if (!exited) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
        if (!exited) child.kill('SIGKILL');
      }
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const postgresBase = () => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const redisBase = () => process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** VmRSS of a process (Linux /proc), in bytes. */
/** The node flags of `npm start` (package.json scripts.start: `exec node <flags> scripts/start.mjs`). */
export function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

export async function processRss(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}
