import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/env.js';
import { openTestDatabase } from '../../db/testing.js';
import { closeDeps, createDeps } from '../../deps.js';

// Production never shows or logs codes unless the outbox is allowed by name (issue 8, point 12).
async function productionSecrets() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256', kid: 'k1' };
  return {
    COOKIE_KEYS: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    JWKS: JSON.stringify({ keys: [jwk] }),
  };
}

const opened: { app: FastifyInstance; close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const o of opened) await o.close();
});

async function productionApp(env: Record<string, string>) {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'portico-prod-')),
    PUBLIC_URL: 'https://id.example.com',
    ...(await productionSecrets()),
    ...env,
  });
  const database = await openTestDatabase();
  const deps = await createDeps(config, database, { log, kvPrefix: `portico-test:${randomBytes(4).toString('hex')}:` });
  const app = await buildApp(deps, { webDist: false });
  opened.push({
    app,
    close: async () => {
      await app.close();
      await closeDeps(deps);
    },
  });
  return { app, deps, lines, config };
}

describe('production defaults', () => {
  it('serves no mailbox and seeds no demo account when real mail and SMS are configured', async () => {
    const { app, config } = await productionApp({ SMTP_URL: 'smtp://127.0.0.1:1', SMS_URL: 'http://127.0.0.1:1/sms' });
    expect(config.SEED_DEMO).toBe(false);
    expect((await app.inject('/dev/mailbox')).statusCode).toBe(404);
    expect((await app.inject('/dev/outbox?to=a@example.com')).statusCode).toBe(404);
  });

  it('with DEV_OUTBOX=true keeps the outbox but never writes a code to the log', async () => {
    const { app, deps, lines } = await productionApp({ DEV_OUTBOX: 'true' });
    await deps.mailer.send({ to: 'ann@example.com', subject: 'Code', text: 'Your code: 481516', code: '481516' });
    await deps.sms.send({ to: '0912345678', text: 'Ma: 234234', code: '234234' });
    expect((await app.inject('/dev/mailbox')).statusCode).toBe(200);
    const log = lines.join('\n');
    expect(log).toContain('outbox: email to ann@example.com');
    expect(log).not.toContain('481516');
    expect(log).not.toContain('234234');
  });
});
