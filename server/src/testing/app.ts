import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
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
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    REDIS_URL: process.env.REDIS_URL,
    LOG_LEVEL: 'silent',
    // Suites simulate clients at different addresses with X-Forwarded-For.
    TRUST_PROXY: 'true',
    ...env,
  });
  const database = await openTestDatabase();
  const deps = await createDeps(config, database, {
    log: pino({ level: 'silent' }),
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
