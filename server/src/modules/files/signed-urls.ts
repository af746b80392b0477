import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/keys.js';

/** Where private files are served (server/src/features/uploads/routes.ts). */
export const PRIVATE_FILES_PATH = '/files';
/** How long a signed URL of a private file holds. */
export const SIGNED_URL_SECONDS = 5 * 60;

// Signed, not stored: any copy checks a URL without a lookup. The MAC key is derived for this
// use only (server/src/lib/keys.ts), never the encryption key itself.
const macOf = (secret: Buffer, name: string, expiry: number) =>
  createHmac('sha256', deriveKey(secret, 'private-file-url')).update(`${name}\n${expiry}`).digest('base64url');

/**
 * A URL that serves one private file until `ttlSeconds` from now: whoever holds it may read the
 * file, so it is given only to the file's owner or a reviewer, and expires soon.
 */
export function signedFileUrl(
  secret: Buffer,
  publicUrl: string,
  name: string,
  ttlSeconds = SIGNED_URL_SECONDS,
  now = Date.now(),
): string {
  const expiry = Math.floor(now / 1000) + ttlSeconds;
  return `${publicUrl}${PRIVATE_FILES_PATH}/${name}?exp=${expiry}&sig=${macOf(secret, name, expiry)}`;
}

/** Whether a signed URL's parts are ours and unexpired. */
export function signatureHolds(secret: Buffer, name: string, exp: unknown, sig: unknown, now = Date.now()): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
  const expiry = Number(exp);
  if (expiry * 1000 <= now) return false;
  const expected = Buffer.from(macOf(secret, name, expiry));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
