import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { APP_CODE_SECONDS } from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import { tooMany } from '../../lib/errors.js';
import { createFlows } from '../flows/index.js';

const KIND = 'app_code';
const TARGET = 'app';
/** Codes one account may have shown in ten minutes (a page shows a new one every 30 s: 20). */
const CODES_PER_TEN_MINUTES = 40;

const digest = (userId: string, code: string) => createHash('sha256').update(`${userId}\0${code}`).digest();

/**
 * The `app` second factor (issue 26 point 5): a signed-in session asks for a 6-digit code
 * (GET /api/account/app-code, the sign-in code page) and the person types it at login step 3 on
 * another browser. One live code per account (a new one replaces the last), APP_CODE_SECONDS,
 * used once: the code is an `app_code` flow, its hash in the data, its use a compare-and-set.
 * Wrong codes count in the account's second-step failures like any code (second-factor.ts).
 */
export function createAppCodes(deps: Pick<AppDeps, 'database' | 'kv'>) {
  const flows = createFlows(deps);
  return {
    async issue(userId: string): Promise<{ code: string; expirySecond: number }> {
      if ((await deps.kv.incr(`app-code:${userId}`, 600)) > CODES_PER_TEN_MINUTES) throw tooMany();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await flows.start(KIND, {
        target: TARGET,
        subject: userId,
        ttlSeconds: APP_CODE_SECONDS,
        data: { hash: digest(userId, code).toString('base64url') },
      });
      return { code, expirySecond: APP_CODE_SECONDS };
    },

    /** Whether `code` is the account's live code; a right one is used up (of two racing checks, one passes). */
    async take(userId: string, code: string): Promise<boolean> {
      const flow = await flows.find(KIND, { target: TARGET, subject: userId });
      if (!flow || typeof flow.data.hash !== 'string') return false;
      const stored = Buffer.from(flow.data.hash, 'base64url');
      const given = digest(userId, code.trim());
      if (stored.length !== given.length || !timingSafeEqual(stored, given)) return false;
      return (await flows.finish(KIND, flow.id, 'shown')) !== undefined;
    },
  };
}
