import { createHash, randomBytes } from 'node:crypto';
import type { KeyValueStore } from '../adapters/kv/index.js';

/**
 * Random single-use tokens kept in the key-value store (shared by every copy of the server):
 * only the token's SHA-256 is a key, the payload is JSON. `consume` is atomic (an increment), so
 * of two requests racing with the same token exactly one wins.
 */
export function createOneTimeTokens<T>(kv: KeyValueStore, prefix: string) {
  const keyOf = (token: string) => `${prefix}:${createHash('sha256').update(token).digest('base64url')}`;
  return {
    async issue(payload: T, ttlSeconds: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await kv.set(keyOf(token), JSON.stringify(payload), ttlSeconds);
      return token;
    },

    /** The payload of a live, unused token; undefined otherwise. */
    async peek(token: string): Promise<T | undefined> {
      if (!token || token.length > 200) return undefined;
      const key = keyOf(token);
      const [raw, used] = await Promise.all([kv.get(key), kv.get(`${key}:used`)]);
      if (!raw || used) return undefined;
      return JSON.parse(raw) as T;
    },

    /** Uses the token up; false when it was already used (or never existed). */
    async consume(token: string): Promise<boolean> {
      const key = keyOf(token);
      const ttl = await kv.ttl(key);
      if (ttl <= 0) return false;
      const first = (await kv.incr(`${key}:used`, ttl + 1)) === 1;
      if (first) await kv.del(key);
      return first;
    },
  };
}
