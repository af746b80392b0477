import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createScratchDatabase } from '../server/src/db/testing.js';
import { waitUntilReady } from '../server/src/testing/ready.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export type RunningServer = {
  url: string;
  dataDir: string;
  /** What a second copy shares with this one (startServer's `copyOf`). */
  shared: { databaseUrl: string; redisPrefix: string; dataDir: string };
  /** Messages in the local outbox for one recipient, newest first. */
  outbox(to: string): Promise<{ channel: string; to: string; subject: string; text: string; code: string | null }[]>;
  stop(): Promise<void>;
};

/**
 * Starts the real server (as `npm start` does, web app already built) on a free port with a
 * temporary DATA_DIR, and a scratch PostgreSQL database when DATABASE_URL is set.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: {
    /**
     * Another copy of that server, as behind a load balancer: the same database, Redis prefix and
     * data directory (its secrets), its own port; the first server owns and removes what they share.
     */
    copyOf?: RunningServer;
    /** A data directory the test prepared (the command line ran on it) and removes itself. */
    dataDir?: string;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const own = !opts.copyOf;
  const dataDir =
    opts.copyOf?.shared.dataDir ?? opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'portico-e2e-')));
  const scratch = own && process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
  const databaseUrl = opts.copyOf?.shared.databaseUrl ?? scratch?.url ?? '';
  // Rate-limit counters live in Redis when it is configured: each server gets its own keys,
  // so earlier runs on the same Redis do not count against this one.
  const redisPrefix = opts.copyOf?.shared.redisPrefix ?? `portico-e2e-${port}-${Date.now()}:`;
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
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
      REDIS_PREFIX: redisPrefix,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));

  await waitUntilReady(url, { exited: () => exited });

  return {
    url,
    dataDir,
    shared: { databaseUrl, redisPrefix, dataDir },
    async outbox(to) {
      const res = await fetch(`${url}/dev/outbox?to=${encodeURIComponent(to)}`);
      return (await res.json()).result;
    },
    async stop() {
      if (!exited) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
        if (!exited) child.kill('SIGKILL');
      }
      await scratch?.drop();
      if (own && !opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, never a downloaded browser. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** Where screenshots of e2e runs go (looked at by people, never asserted on). */
export const screenshotPath = (name: string) => path.join(root, '.tmp/screenshots', `${name}.png`);

/**
 * A server and a browser for one describe block: started before its tests, stopped after them.
 * Read them inside the tests (`env.server`), once beforeAll has run.
 */
export function serverAndBrowser(serverEnv: Record<string, string> = {}) {
  const env = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(serverEnv), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
