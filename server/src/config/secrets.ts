import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import type { Config } from './env.js';
import { ConfigError } from './env.js';

export type Secrets = {
  cookieKeys: string[];
  /** 32 bytes for AES-256-GCM (TOTP secrets at rest). */
  encryptionKey: Buffer;
  jwks: { keys: Record<string, unknown>[] };
};

type StoredSecrets = { cookieKeys: string[]; encryptionKey: string; jwks: Secrets['jwks'] };

async function generate(): Promise<StoredSecrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return {
    cookieKeys: [randomBytes(32).toString('base64url')],
    encryptionKey: randomBytes(32).toString('base64'),
    jwks: { keys: [{ ...jwk, use: 'sig', alg: 'RS256', kid: randomBytes(8).toString('hex') }] },
  };
}

function fromConfig(config: Config): Partial<StoredSecrets> {
  const out: Partial<StoredSecrets> = {};
  if (config.COOKIE_KEYS)
    out.cookieKeys = config.COOKIE_KEYS.split(',')
      .map((k) => k.trim())
      .filter(Boolean);
  if (config.ENCRYPTION_KEY) out.encryptionKey = config.ENCRYPTION_KEY;
  if (config.JWKS) {
    try {
      out.jwks = JSON.parse(config.JWKS);
    } catch {
      throw new ConfigError('Invalid configuration:\n  JWKS: must be JSON text of a key set');
    }
  }
  return out;
}

/**
 * Secrets come from configuration; what configuration leaves out is generated once into
 * DATA_DIR/secrets.json and reused, so an embedded start needs nothing. Production refuses that.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  const given = fromConfig(config);
  const missing = (['cookieKeys', 'encryptionKey', 'jwks'] as const).filter((k) => !given[k]);
  let stored: StoredSecrets | undefined;
  if (missing.length > 0) {
    if (config.production) {
      const names = { cookieKeys: 'COOKIE_KEYS', encryptionKey: 'ENCRYPTION_KEY', jwks: 'JWKS' };
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${names[k]}: required when NODE_ENV=production`).join('\n')}`,
      );
    }
    const file = path.join(config.dataDir, 'secrets.json');
    try {
      stored = JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
    } catch {
      stored = await generate();
      await mkdir(config.dataDir, { recursive: true });
      await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
  }
  const merged = { ...stored, ...given } as StoredSecrets;
  const encryptionKey = Buffer.from(merged.encryptionKey, 'base64');
  if (encryptionKey.length !== 32)
    throw new ConfigError('Invalid configuration:\n  ENCRYPTION_KEY: must be 32 bytes, base64');
  if (!merged.cookieKeys.length) throw new ConfigError('Invalid configuration:\n  COOKIE_KEYS: at least one key');
  return { cookieKeys: merged.cookieKeys, encryptionKey, jwks: merged.jwks };
}
