import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { deriveKey } from '../../lib/keys.js';

// The authenticator secret (RFC 6238 TOTP) and the recovery codes: what authenticator apps
// expect (SHA1, 6 digits, 30-second steps), the secret encrypted at rest, codes stored as an HMAC.

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one: a phone clock a little off still works. */
export const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

/** A new 160-bit secret (RFC 4226 §4 recommends 160 bits), in Base32 as apps take it. */
export const newSecret = (): string => new Secret({ size: 20 }).base32;

const totp = (base32: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(base32),
  });

/** The time step of a moment (seconds since the epoch / 30). */
export const timeStep = (at: Date): number => TOTP.counter({ period: TOTP_PERIOD, timestamp: at.getTime() });

/**
 * The time step the code belongs to, within one step of drift each way of `at`, or null.
 * Replay is refused by the caller: it accepts a step only once (queries.ts acceptStep).
 */
export function matchStep(base32: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(base32).validate({ token: code, timestamp: at.getTime(), window: TOTP_DRIFT_STEPS });
  return delta === null ? null : timeStep(at) + delta;
}

/** The code of a moment (tests and the e2e journey compute codes like an app would). */
export const codeAt = (base32: string, at: Date): string => totp(base32).generate({ timestamp: at.getTime() });

/** otpauth://totp/Issuer:label?secret=...&issuer=...: what the QR code carries. */
export const authenticatorUri = (base32: string, label: string, issuer: string): string =>
  totp(base32, label, issuer).toString();

/** The shared key for typing by hand: lower case, in groups of four (spec account §3 sharedKey). */
export const formatSharedKey = (base32: string): string => (base32.toLowerCase().match(/.{1,4}/g) ?? []).join(' ');

// ---- Encryption at rest ----------------------------------------------------------------------

const VERSION = 'v1';

/**
 * AES-256-GCM with a random 96-bit IV, under a key derived from ENCRYPTION_KEY for this purpose
 * only (server/src/lib/keys.ts). The user id is the additional data: a ciphertext copied to
 * another account's row does not decrypt.
 */
export function createSecretBox(encryptionKey: Buffer) {
  const key = deriveKey(encryptionKey, 'totp-secrets');
  return {
    seal(base32: string, userId: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string, userId: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

// ---- Recovery codes --------------------------------------------------------------------------

// No 0/o, 1/l/i: codes are read off paper and typed.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** xxxxx-xxxxx from 31 symbols: about 50 bits each. */
export function newRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** What a person may type: any case, spaces or dashes anywhere. */
export const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * HMAC-SHA-256 under a key derived from ENCRYPTION_KEY: the codes are random, so no slow hash is
 * needed, and a copy of the database alone cannot test guesses offline.
 */
export function createRecoveryCodeHasher(encryptionKey: Buffer) {
  const key = deriveKey(encryptionKey, 'recovery-codes');
  return (userId: string, code: string) =>
    createHmac('sha256', key)
      .update(`${userId}\n${normalizeRecoveryCode(code)}`)
      .digest('base64url');
}
