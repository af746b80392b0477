import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/keys.js';

/**
 * An account page's hub key: it hears that account's new push requests (`promptAsked`), nothing
 * else. Signed, not stored: `u.<userId>.<expiry>.<mac>`, the MAC under a key derived from the
 * server's encryption key, so any copy checks it without a lookup. It names no secret of the
 * account; it expires with `ttlSeconds`.
 */
const PREFIX = 'u';
// The MAC key is derived for this use only (server/src/lib/keys.ts, which keeps it once derived),
// never the encryption key itself.
const macOf = (secret: Buffer, body: string) =>
  createHmac('sha256', deriveKey(secret, 'hub-page-key')).update(body).digest('base64url');

export function userHubKey(secret: Buffer, userId: string, ttlSeconds: number, now = Date.now()): string {
  const body = `${PREFIX}.${userId}.${Math.floor(now / 1000) + ttlSeconds}`;
  return `${body}.${macOf(secret, body)}`;
}

/** The account a valid, unexpired page key is for, and when it expires; null for anything else. */
export function readUserHubKey(
  secret: Buffer,
  key: string,
  now = Date.now(),
): { userId: string; expiresAt: number } | null {
  const parts = key.split('.');
  if (parts.length !== 4 || parts[0] !== PREFIX) return null;
  const [, userId, expiry, mac] = parts as [string, string, string, string];
  const body = `${PREFIX}.${userId}.${expiry}`;
  const expected = Buffer.from(macOf(secret, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d+$/.test(expiry) || Number(expiry) * 1000 <= now) return null;
  return { userId, expiresAt: Number(expiry) * 1000 };
}
