import { createHash } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { KeyValueStore } from '../kv/index.js';
import type { Captcha } from './port.js';

/**
 * ALTCHA: a self-hosted proof of work. Challenges are signed with `hmacKey` and expire; a solved
 * payload is remembered in the key-value store until its expiry so it is accepted only once.
 */
export function createAltchaCaptcha(opts: {
  hmacKey: string;
  kv: KeyValueStore;
  maxNumber: number;
  ttlSeconds: number;
}): Captcha {
  return {
    kind: 'altcha',
    async challenge() {
      const challenge = await createChallenge({
        hmacKey: opts.hmacKey,
        maxnumber: opts.maxNumber,
        expires: new Date(Date.now() + opts.ttlSeconds * 1000),
      });
      return { ...challenge };
    },
    async verify(answer) {
      let ok = false;
      try {
        ok = await verifySolution(answer, opts.hmacKey, true);
      } catch {
        return false;
      }
      if (!ok) return false;
      const expires = Number(extractParams(answer).expires);
      const ttl = Number.isFinite(expires) ? Math.max(1, Math.ceil(expires - Date.now() / 1000)) : opts.ttlSeconds;
      // incr is atomic: of two requests racing with the same payload only one sees 1.
      const key = `captcha:used:${createHash('sha256').update(answer).digest('base64url')}`;
      return (await opts.kv.incr(key, ttl)) === 1;
    },
  };
}
