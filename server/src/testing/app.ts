import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../db/testing.js';
import type { AppDeps } from '../deps.js';
import { closeDeps, createDeps } from '../deps.js';

export type TestApp = { app: FastifyInstance; deps: AppDeps; close(): Promise<void> };

/**
 * The whole app on a fresh database (PGlite, or PostgreSQL when DATABASE_URL is set) with
 * Redis when REDIS_URL is set, under a random key prefix, and a temporary DATA_DIR.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { webDist?: string } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  return startTestApp(
    database,
    {
      PUBLIC_URL: 'http://localhost:3000',
      REDIS_URL: process.env.REDIS_URL,
      // Suites simulate clients at different addresses with X-Forwarded-For.
      TRUST_PROXY: 'true',
      ...env,
    },
    opts,
  );
}

/**
 * The whole app on the given database (closed with the app), with a temporary DATA_DIR and a
 * random key prefix: suites that reach the database or Redis through a proxy start it so.
 */
export async function startTestApp(
  database: Database,
  env: Record<string, string | undefined>,
  opts: { webDist?: string; log?: Logger } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const deps = await createDeps(config, database, {
    log: opts.log ?? pino({ level: 'silent' }),
    kvPrefix: `portico-test:${randomBytes(4).toString('hex')}:`,
  });
  const app = await buildApp(deps, { webDist: opts.webDist ?? false });
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      await closeDeps(deps);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test app of the describe block (or file) it is called in: started before its tests, closed
 * after them. Use `t.app` and `t.deps` inside tests and hooks (before the start they throw); hooks
 * registered after this call run after the app has started.
 */
export function useTestApp(env: Record<string, string> = {}, opts: { webDist?: string } = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env, opts);
  });
  afterAll(() => current?.close());
  const started = () => {
    if (!current) throw new Error('useTestApp: the app starts in beforeAll; use it inside tests and hooks');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get deps() {
      return started().deps;
    },
    close: () => started().close(),
  };
}

/** Limits raised for suites that sign many users in and send many codes from one address. */
export const MANY_USERS_ENV = {
  OTP_SENDS_PER_IP: '100000',
  OTP_SENDS_PER_TARGET: '1000',
  LOGIN_CAPTCHA_AFTER_FAILURES: '1000',
};

/** Writes the OIDC clients file (OIDC_CLIENTS_FILE) that a suite's app starts with. */
export const writeClientsFile = (file: string, clients: Record<string, unknown>[]) =>
  writeFile(file, JSON.stringify(clients));
