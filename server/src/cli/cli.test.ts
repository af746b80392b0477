import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AuditEntry, adminEndpoints } from '@portico/contracts';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/env.js';
import { generateSecrets, loadSecrets, RETIRED_KEY_SECONDS, rotateSigningKeys } from '../config/secrets.js';
import { openDatabase } from '../db/client.js';
import { openTestDatabase } from '../db/testing.js';
import { startTestApp, type TestApp } from '../testing/app.js';
import { bearer, signInWithPassword } from '../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../testing/users.js';
import { run } from './main.js';

/** Runs a command as `npm run cli` would, answering its exit code and what it printed. */
async function cli(...argv: string[]) {
  const printed: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    printed.push(String(chunk));
    return true;
  });
  try {
    const code = await run(argv);
    return { code, out: printed.join('') };
  } finally {
    spy.mockRestore();
  }
}

describe('the command line', () => {
  // The commands read the environment as the server does; here an embedded database of their own.
  const saved = { ...process.env };
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-cli-'));
    delete process.env.DATABASE_URL;
    delete process.env.REDIS_URL;
    delete process.env.JWKS;
    process.env.DATA_DIR = dataDir;
    process.env.NODE_ENV = 'test';
    process.env.LOG_LEVEL = 'silent';
  });
  afterAll(async () => {
    process.env = saved;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates, makes the first admin and a client, exports and imports accounts, rotates the keys', async () => {
    expect(await cli('migrate')).toMatchObject({ code: 0, out: 'migrations applied (pglite)\n' });
    const made = await cli('admin', 'create', '--email', 'Ops@Example.com', '--password', 'Operator@2026x');
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/^administrator: ops@example\.com \(/);
    expect(made.out).not.toContain('password:');
    await expect(cli('admin', 'create', '--email', 'weak@example.com', '--password', 'short')).rejects.toThrow(
      /password rule/,
    );
    const client = await cli(
      'clients',
      'create',
      '--id',
      'cli-app',
      '--name',
      'Từ dòng lệnh',
      '--redirect-uri',
      'https://cli.example.com/cb',
      '--first-party',
    );
    expect(client.out).toMatch(/^client: cli-app\nsecret: \S{40,}\n$/);
    expect((await cli('clients', 'list')).out).toMatch(/^cli-app\tconsole\tauthorization_code,refresh_token\t/m);
    expect((await cli('bogus')).code).toBe(1);

    const exported = (await cli('users', 'export')).out.trim().split('\n');
    expect(exported).toHaveLength(1);
    const line = JSON.parse(exported[0] ?? '{}');
    expect(line.contacts).toEqual([
      { type: 'email', value: 'ops@example.com', confirmed: true, primary: true, allowLogin: true },
    ]);
    expect(line.passwordHash).toMatch(/^\$argon2id\$/);

    const before = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'));
    expect((await cli('keys', 'rotate')).out).toMatch(/^rotated .*secrets\.json: RS256 \w+, ES256 \w+, EdDSA \w+/);
    const after = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'));
    expect(after.jwks.keys).toHaveLength(before.jwks.keys.length + 3);
    expect(after.encryptionKey).toBe(before.encryptionKey);

    // The server on that database: the admin signs in and holds the console; the audit log says how.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const t = await startTestApp(database, { PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: 'true' });
    try {
      const { tokens } = await signInWithPassword(t.app, { username: 'ops@example.com', password: 'Operator@2026x' });
      const access = await t.app.inject({
        method: 'GET',
        url: adminEndpoints.access.path,
        headers: bearer(tokens.access_token),
      });
      expect(access.json().result.permissions).toEqual(
        expect.arrayContaining(['accounts:read', 'accounts:write', 'clients:write', 'audit:read']),
      );
      const audit = await t.app.inject({
        method: 'GET',
        url: adminEndpoints.audit.path,
        headers: bearer(tokens.access_token),
      });
      const rows = audit.json().result.rows as AuditEntry[];
      expect(rows.map((r) => [r.action, r.actorId])).toEqual([
        ['users_export', null],
        ['client_create', null],
        ['admin_create', null],
      ]);
      expect(await t.app.oidc.Client.find('cli-app')).toBeTruthy();
    } finally {
      await t.close();
    }

    // Imported into another installation: the account signs in there with the same password.
    const file = path.join(dataDir, 'users.jsonl');
    await writeFile(file, `${exported.join('\n')}\n`);
    process.env.DATA_DIR = path.join(dataDir, 'second');
    expect((await cli('users', 'import', file)).out).toBe('imported 1, skipped 0\n');
    expect((await cli('users', 'import', file)).out).toBe('imported 0, skipped 1\n');
    const second = await openDatabase({ dataDir: path.join(dataDir, 'second', 'pglite') });
    const t2 = await startTestApp(second, { PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: 'true' });
    try {
      await signInWithPassword(t2.app, { username: 'ops@example.com', password: 'Operator@2026x' });
    } finally {
      await t2.close();
      process.env.DATA_DIR = dataDir;
    }
  }, 180_000);
});

describe('signing key rotation', () => {
  let before: TestApp;
  let after: TestApp;
  let rotated: Awaited<ReturnType<typeof rotateSigningKeys>>;
  beforeAll(async () => {
    const { jwks } = await generateSecrets();
    rotated = await rotateSigningKeys(jwks);
    const env = { PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: 'true' };
    before = await startTestApp(await openTestDatabase(), { ...env, JWKS: JSON.stringify(jwks) });
    after = await startTestApp(await openTestDatabase(), { ...env, JWKS: JSON.stringify(rotated) });
  });
  afterAll(async () => {
    await before?.close();
    await after?.close();
  });

  const idTokenOf = async (t: TestApp, email: string) => {
    await createUser(t.deps.database.db, { email });
    return (await signInWithPassword(t.app, { username: email, password: TEST_PASSWORD })).tokens.id_token;
  };

  it('signs with the new key, and keeps verifying tokens of the old one until they expire, then drops it', async () => {
    const old = await idTokenOf(before, 'rotate-old@example.com');
    const fresh = await idTokenOf(after, 'rotate-new@example.com');
    const [newKey] = rotated.keys;
    expect(decodeProtectedHeader(fresh).kid).toBe(newKey?.kid);
    expect(decodeProtectedHeader(old).kid).not.toBe(newKey?.kid);
    // Both verify against what the rotated server publishes (its jwks_uri).
    const published = (await after.app.inject({ method: 'GET', url: '/oidc/jwks' })).json();
    expect(published.keys.every((k: Record<string, unknown>) => !('d' in k) && !('retired_at' in k))).toBe(true);
    const keySet = createLocalJWKSet(published);
    const issuer = 'http://localhost:3000/oidc';
    await expect(jwtVerify(old, keySet, { issuer })).resolves.toBeTruthy();
    await expect(jwtVerify(fresh, keySet, { issuer })).resolves.toBeTruthy();

    // A start more than RETIRED_KEY_SECONDS after the rotation no longer has the old keys.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), JWKS: JSON.stringify(rotated) });
    const later = await loadSecrets(config, Date.now() + (RETIRED_KEY_SECONDS + 60) * 1000);
    expect(later.jwks.keys.map((k) => k.kid)).toEqual(rotated.keys.slice(0, 3).map((k) => k.kid));
    const soon = await loadSecrets(config, Date.now() + 60_000);
    expect(soon.jwks.keys).toHaveLength(rotated.keys.length);
  });

  it('publishes keys ahead: until their time they only verify and the old ones sign; then they sign and the old retire', async () => {
    const { jwks } = await generateSecrets();
    const staged = await rotateSigningKeys(jwks, Date.now(), { signAfterSeconds: 3600 });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), JWKS: JSON.stringify(staged) });
    const kidsAt = async (offsetMs: number) =>
      (await loadSecrets(config, Date.now() + offsetMs)).jwks.keys.map((k) => k.kid);
    const oldKids = jwks.keys.map((k) => k.kid);
    const newKids = staged.keys.slice(0, 3).map((k) => k.kid);
    // Now: the old ones first (they sign), the new ones published after them.
    expect(await kidsAt(0)).toEqual([...oldKids, ...newKids]);
    // Past the hour: the new ones sign; the old ones verify a day more, then go.
    expect(await kidsAt(3601_000)).toEqual([...newKids, ...oldKids]);
    expect(await kidsAt((3600 + RETIRED_KEY_SECONDS + 60) * 1000)).toEqual(newKids);

    // A copy started now signs with the old key and publishes the new one.
    const app = await startTestApp(await openTestDatabase(), {
      PUBLIC_URL: 'http://localhost:3000',
      JWKS: JSON.stringify(staged),
    });
    try {
      const published = (await app.app.inject({ method: 'GET', url: '/oidc/jwks' })).json() as {
        keys: { kid: string }[];
      };
      expect(published.keys.map((k) => k.kid)).toEqual([...oldKids, ...newKids]);
      await createUser(app.deps.database.db, { email: 'rotate-staged@example.com' });
      const token = (
        await signInWithPassword(app.app, { username: 'rotate-staged@example.com', password: TEST_PASSWORD })
      ).tokens.id_token;
      expect(oldKids).toContain(decodeProtectedHeader(token).kid);
    } finally {
      await app.close();
    }
  });
});
