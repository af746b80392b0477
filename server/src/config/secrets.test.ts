import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';
import { loadSecrets } from './secrets.js';

describe('secrets', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const d = await mkdtemp(path.join(os.tmpdir(), 'portico-secrets-'));
    dirs.push(d);
    return d;
  };
  afterEach(async () => Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true }))));

  it('generates secrets into DATA_DIR on first start and reuses them after', async () => {
    const dir = await tempDir();
    const first = await loadSecrets(loadConfig({ DATA_DIR: dir }));
    const second = await loadSecrets(loadConfig({ DATA_DIR: dir }));
    expect(first.encryptionKey).toHaveLength(32);
    expect(first.jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(second).toEqual(first);
    const stored = JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8'));
    expect(stored.cookieKeys).toEqual(first.cookieKeys);
  });

  it('generates an RS256 signing key first, then ES256 and EdDSA ones; an older key set gets those two added', async () => {
    const dir = await tempDir();
    const first = await loadSecrets(loadConfig({ DATA_DIR: dir }));
    expect(first.jwks.keys.map((k) => [k.kty, k.alg, k.crv])).toEqual([
      ['RSA', 'RS256', undefined],
      ['EC', 'ES256', 'P-256'],
      ['OKP', 'EdDSA', 'Ed25519'],
    ]);
    // A secrets.json from before: only the RS256 key. It stays, first and the same.
    const file = path.join(dir, 'secrets.json');
    const stored = JSON.parse(await readFile(file, 'utf8'));
    const rsa = stored.jwks.keys[0];
    await writeFile(file, JSON.stringify({ ...stored, jwks: { keys: [rsa] } }));
    const upgraded = await loadSecrets(loadConfig({ DATA_DIR: dir }));
    expect(upgraded.jwks.keys[0]).toEqual(rsa);
    expect(upgraded.jwks.keys.map((k) => k.alg)).toEqual(['RS256', 'ES256', 'EdDSA']);
    expect(JSON.parse(await readFile(file, 'utf8')).jwks).toEqual(upgraded.jwks);
  });

  it('refuses a secrets.json it cannot read rather than replacing it (its encryption key is irreplaceable)', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'secrets.json'), '{"cookieKeys": [');
    await expect(loadSecrets(loadConfig({ DATA_DIR: dir }))).rejects.toThrow(/secrets\.json: not JSON/);
    expect(await readFile(path.join(dir, 'secrets.json'), 'utf8')).toBe('{"cookieKeys": [');
  });

  it('refuses to generate secrets in production', async () => {
    const dir = await tempDir();
    await expect(
      loadSecrets(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', DEV_OUTBOX: 'true' })),
    ).rejects.toThrow(/COOKIE_KEYS.*\n.*ENCRYPTION_KEY.*\n.*JWKS/);
  });

  it('takes secrets from configuration', async () => {
    const dir = await tempDir();
    const generated = await loadSecrets(loadConfig({ DATA_DIR: await tempDir() }));
    const secrets = await loadSecrets(
      loadConfig({
        DATA_DIR: dir,
        NODE_ENV: 'production',
        DEV_OUTBOX: 'true',
        COOKIE_KEYS: 'a,b',
        ENCRYPTION_KEY: generated.encryptionKey.toString('base64'),
        JWKS: JSON.stringify(generated.jwks),
      }),
    );
    expect(secrets.cookieKeys).toEqual(['a', 'b']);
    expect(secrets.jwks).toEqual(generated.jwks);
  });

  it('rejects an encryption key of the wrong size', async () => {
    await expect(loadSecrets(loadConfig({ DATA_DIR: await tempDir(), ENCRYPTION_KEY: 'c2hvcnQ=' }))).rejects.toThrow(
      /ENCRYPTION_KEY/,
    );
  });
});
