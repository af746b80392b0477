import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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

export type StoredSecrets = { cookieKeys: string[]; encryptionKey: string; jwks: Secrets['jwks'] };

/**
 * The signing keys a generated key set holds: RS256 first (what a client gets unless it asks,
 * `id_token_signed_response_alg`), then ES256 and EdDSA (Ed25519) for the clients that ask: a
 * tenth of RS256's signing cost, and smaller tokens (issue 27 point 3). oidc-provider signs with
 * the first key of the algorithm a client uses.
 */
const SIGNING_KEYS = [
  { alg: 'RS256', options: {} },
  { alg: 'ES256', options: {} },
  { alg: 'EdDSA', options: { crv: 'Ed25519' } },
] as const;

async function signingKey({ alg, options }: (typeof SIGNING_KEYS)[number]): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, ...options });
  return { ...(await exportJWK(privateKey)), use: 'sig', alg, kid: randomBytes(8).toString('hex') };
}

/** The generated signing keys a key set lacks (a secrets.json written before ES256 and EdDSA). */
const missingSigningKeys = async (jwks: Secrets['jwks']) =>
  Promise.all(SIGNING_KEYS.filter(({ alg }) => !jwks.keys.some((key) => key.alg === alg)).map(signingKey));

/**
 * How long a replaced signing key keeps verifying (`keys rotate`, server/src/cli): longer than
 * anything it signed lives (ID and JWT access tokens: an hour, TTL in server/src/oidc/provider.ts),
 * with a day to spare for an ID token a relying party hands back as `id_token_hint` at logout.
 */
export const RETIRED_KEY_SECONDS = 25 * 60 * 60;

/**
 * A key of the set: a JWK, when it was (or will be) replaced, and when it starts to sign
 * (members RFC 7517 §4 lets others ignore; neither is ever published).
 */
type StoredKey = Record<string, unknown> & { retired_at?: number; signs_from?: number };

/**
 * The set after a rotation: a new key for each algorithm, the keys it replaces retired, those
 * retired long enough gone. `signAfterSeconds` publishes the new keys first: until then they only
 * verify and the old ones go on signing (every copy restarted in that time publishes both, so a
 * relying party has the new keys before any token they sign); the old ones retire then.
 */
export async function rotateSigningKeys(
  jwks: Secrets['jwks'],
  now = Date.now(),
  { signAfterSeconds = 0 }: { signAfterSeconds?: number } = {},
): Promise<Secrets['jwks']> {
  const at = Math.floor(now / 1000);
  const switchAt = at + signAfterSeconds;
  const fresh = (await Promise.all(SIGNING_KEYS.map(signingKey))).map((key) =>
    signAfterSeconds > 0 ? { ...key, signs_from: switchAt } : key,
  );
  const kept = (jwks.keys as StoredKey[])
    .filter((key) => !expired(key, at))
    .map((key) => (key.retired_at ? key : { ...key, retired_at: switchAt }));
  return { keys: [...fresh, ...kept] };
}

const expired = (key: StoredKey, at: number) =>
  typeof key.retired_at === 'number' && key.retired_at + RETIRED_KEY_SECONDS <= at;

/** Signs at `at`: not retired yet, and its signing time (if any) come. */
const signing = (key: StoredKey, at: number) =>
  (key.retired_at === undefined || key.retired_at > at) && (key.signs_from === undefined || key.signs_from <= at);

/**
 * The keys the provider gets at a start: those signing now first (oidc-provider signs with the
 * first key of an algorithm), then the ones published ahead or retired (verifying only), expired
 * ones left out.
 */
export function usableKeys(jwks: Secrets['jwks'], now = Date.now()): Secrets['jwks'] {
  const at = Math.floor(now / 1000);
  const keys = (jwks.keys as StoredKey[]).filter((key) => !expired(key, at));
  const strip = ({ retired_at: _retired, signs_from: _from, ...key }: StoredKey) => key;
  return {
    keys: [...keys.filter((k) => signing(k, at)), ...keys.filter((k) => !signing(k, at))].map(strip),
  };
}

/** New production secrets: what `npm run cli -- secrets generate` prints for COOKIE_KEYS, ENCRYPTION_KEY and JWKS. */
export const generateSecrets = () => generate();

async function generate(): Promise<StoredSecrets> {
  return {
    cookieKeys: [randomBytes(32).toString('base64url')],
    encryptionKey: randomBytes(32).toString('base64'),
    jwks: { keys: await Promise.all(SIGNING_KEYS.map(signingKey)) },
  };
}

/** Where an embedded start keeps what configuration leaves out. */
export const secretsFileOf = (dataDir: string) => path.join(dataDir, 'secrets.json');

/** Written whole or not at all (a rename), readable by this user only. */
export async function saveSecretsFile(dataDir: string, secrets: StoredSecrets): Promise<void> {
  const file = secretsFileOf(dataDir);
  await mkdir(dataDir, { recursive: true });
  await writeFile(`${file}.tmp`, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  await rename(`${file}.tmp`, file);
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
export async function loadSecrets(config: Config, now = Date.now()): Promise<Secrets> {
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
    const file = secretsFileOf(config.dataDir);
    const write = (secrets: StoredSecrets) => saveSecretsFile(config.dataDir, secrets);
    let text: string | undefined;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (text === undefined) {
      stored = await generate();
      await write(stored);
    } else {
      try {
        stored = JSON.parse(text) as StoredSecrets;
      } catch {
        // Never replaced by new ones: the encryption key in it is what stored TOTP secrets need.
        throw new ConfigError(`Invalid configuration:\n  ${file}: not JSON; restore it or remove it to start afresh`);
      }
    }
    // A key set generated before ES256 and EdDSA gets them beside its RS256 key (which stays
    // first); where the file cannot be written, the server goes on with the keys it has.
    const added = !given.jwks && stored.jwks ? await missingSigningKeys(stored.jwks) : [];
    if (added.length > 0) {
      const upgraded = { ...stored, jwks: { keys: [...stored.jwks.keys, ...added] } };
      const before = stored;
      stored = await write(upgraded).then(
        () => upgraded,
        () => before,
      );
    }
  }
  const merged = { ...stored, ...given } as StoredSecrets;
  const encryptionKey = Buffer.from(merged.encryptionKey, 'base64');
  if (encryptionKey.length !== 32)
    throw new ConfigError('Invalid configuration:\n  ENCRYPTION_KEY: must be 32 bytes, base64');
  if (!merged.cookieKeys.length) throw new ConfigError('Invalid configuration:\n  COOKIE_KEYS: at least one key');
  return { cookieKeys: merged.cookieKeys, encryptionKey, jwks: usableKeys(merged.jwks, now) };
}
