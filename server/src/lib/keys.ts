import { hkdfSync } from 'node:crypto';

/**
 * A 32-byte key for one purpose, derived from the configured encryption key, so one secret
 * serves every HMAC without the uses being able to stand in for each other.
 */
export const deriveKey = (secret: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `portico:${purpose}`, 32));
