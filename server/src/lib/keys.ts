import { hkdfSync } from 'node:crypto';

// Derived once per secret and purpose: services are built per request in places
// (modules/sign-in/complete-sign-in.ts builds the two-factor service), and HKDF showed in the
// sign-in profile (issue 27 point 3).
const derived = new WeakMap<Buffer, Map<string, Buffer>>();

/**
 * A 32-byte key for one purpose, derived from the configured encryption key, so one secret
 * serves every HMAC without the uses being able to stand in for each other. Callers read it,
 * never write to it (it is shared).
 */
export const deriveKey = (secret: Buffer, purpose: string): Buffer => {
  const keys = derived.get(secret) ?? new Map<string, Buffer>();
  derived.set(secret, keys);
  const key = keys.get(purpose) ?? Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `portico:${purpose}`, 32));
  keys.set(purpose, key);
  return key;
};
