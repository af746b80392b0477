import type { AppDeps } from '../../deps.js';
import { AppError, tooMany } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import type { User } from '../users/index.js';

/** The counters' name for an account (unknown sign-in names use `n:<name>`, server/src/features/auth/service.ts). */
const ACCOUNT_PREFIX = 'u:';
export const accountSubject = (userId: string) => `${ACCOUNT_PREFIX}${userId}`;

/**
 * Failed sign-in counters in the shared key-value store.
 * - consecutive failures per account and per IP: at the threshold the captcha is required
 *   (isErrorMulti); a success clears both;
 * - failures per account in a fixed window: at the limit the account is locked until the window ends.
 * - second-step failures per account (authenticator, e-mail and recovery codes at login step 3)
 *   in their own window, which only a completed second step or a new password clears: a correct
 *   password must not buy new guesses at the second factor (issue 24 point 1). Each try is counted
 *   before it is checked; the LOGIN_SECOND_STEP_FAILURES-th wrong one closes the second step for
 *   LOGIN_SECOND_STEP_BLOCK_SECONDS (every sign-in of the account then answers account_locked,
 *   like the lock), and no further try is checked until the window ends.
 * `subject` names the account (its id, or the typed name when no account has it, so unknown names
 * behave exactly like known ones).
 */
export function createLoginLimits({
  kv,
  config,
  events,
  metrics,
}: Pick<AppDeps, 'kv' | 'config' | 'events' | 'metrics'>) {
  const accountKey = (subject: string) => `login:fail:a:${subject}`;
  const ipKey = (ip: string) => `login:fail:ip:${ip}`;
  const lockKey = (subject: string) => `login:lock:${subject}`;
  const secondStepKey = (subject: string) => `login:fail:2nd:${subject}`;
  const secondStepBlockKey = (subject: string) => `login:block:2nd:${subject}`;
  const count = async (key: string) => Number((await kv.get(key)) ?? 0);
  const threshold = config.LOGIN_CAPTCHA_AFTER_FAILURES;
  const lockedBy = (lock: string | null | undefined, secondStepBlock: string | null | undefined) =>
    Number(lock ?? 0) >= config.LOGIN_LOCK_FAILURES || secondStepBlock != null;

  return {
    /** Whether the account is locked and whether the captcha is required: one read of the four counters. */
    async state(subject: string, ip: string): Promise<{ locked: boolean; captchaRequired: boolean }> {
      const [lock, byAccount, byIp, block] = await kv.getMany([
        lockKey(subject),
        accountKey(subject),
        ipKey(ip),
        secondStepBlockKey(subject),
      ]);
      return {
        locked: lockedBy(lock, block),
        captchaRequired: Number(byAccount ?? 0) >= threshold || Number(byIp ?? 0) >= threshold,
      };
    },
    async captchaRequired(subject: string, ip: string): Promise<boolean> {
      const [byAccount, byIp] = await Promise.all([count(accountKey(subject)), count(ipKey(ip))]);
      return byAccount >= threshold || byIp >= threshold;
    },

    /** Whether the account's own consecutive failures reached the captcha threshold. */
    async streakReached(subject: string): Promise<boolean> {
      return (await count(accountKey(subject))) >= threshold;
    },

    /** Locked by its failures, or its second step closed (one read). */
    async isLocked(subject: string): Promise<boolean> {
      const [lock, block] = await kv.getMany([lockKey(subject), secondStepBlockKey(subject)]);
      return lockedBy(lock, block);
    },

    /** Whether the second step is closed, and whether the account's run of failures asks for a sign-in first: one read. */
    async secondStepState(subject: string): Promise<{ closed: boolean; streakReached: boolean }> {
      const [block, byAccount] = await kv.getMany([secondStepBlockKey(subject), accountKey(subject)]);
      return { closed: block !== null, streakReached: Number(byAccount ?? 0) >= threshold };
    },

    /** Counts one second-factor try before it is checked (a burst of parallel guesses cannot pass the limit); answers the count. */
    countSecondStepTry(subject: string): Promise<number> {
      return kv.incr(secondStepKey(subject), config.LOGIN_SECOND_STEP_WINDOW_SECONDS);
    },

    /** Closes the second step for LOGIN_SECOND_STEP_BLOCK_SECONDS. */
    async closeSecondStep(subject: string): Promise<void> {
      await kv.set(secondStepBlockKey(subject), '1', config.LOGIN_SECOND_STEP_BLOCK_SECONDS);
    },

    /** A completed second step or a new password: the second-step count and its block go. */
    async clearSecondStep(subject: string): Promise<void> {
      await Promise.all([kv.del(secondStepKey(subject)), kv.del(secondStepBlockKey(subject))]);
    },

    /**
     * Counts a failure; answers whether the captcha is now required. `lock: false` leaves the
     * account's lock count alone (a code tried where none was issued: nothing was guessed, and a
     * stranger must not lock an account that way). The failure that locks an account tells its
     * owner (`account.locked`, a security e-mail).
     */
    async recordFailure(
      subject: string,
      ip: string,
      opts: { lock?: boolean; step?: 'password' | 'code' | 'second_step' } = {},
    ): Promise<boolean> {
      const window = config.LOGIN_FAILURE_WINDOW_SECONDS;
      const lock = opts.lock ?? true;
      metrics.signInFailures.inc({ step: opts.step ?? 'password' });
      const [byAccount, byIp, locks] = await Promise.all([
        kv.incr(accountKey(subject), window),
        kv.incr(ipKey(ip), window),
        lock ? kv.incr(lockKey(subject), config.LOGIN_LOCK_WINDOW_SECONDS) : 0,
      ]);
      if (locks === config.LOGIN_LOCK_FAILURES && subject.startsWith(ACCOUNT_PREFIX))
        await events.publish('account.locked', { userId: subject.slice(ACCOUNT_PREFIX.length), ip });
      return byAccount >= threshold || byIp >= threshold;
    },

    /** An operator lifts the pause (the admin console): the lock, the streak and a closed second step all go; IPs' counts stay. */
    async clearLock(subject: string): Promise<void> {
      await Promise.all([lockKey, accountKey, secondStepKey, secondStepBlockKey].map((key) => kv.del(key(subject))));
    },

    /** Clears the account's streak only: signing in to one's own account must not reset an IP's. */
    async recordSuccess(subject: string, _ip: string): Promise<void> {
      await kv.del(accountKey(subject));
    },
  };
}

/**
 * The one check of an account's own password outside sign-in (recovery ways, delete account,
 * change password, two-factor later). It shares sign-in's counters (createLoginLimits): a
 * locked account is refused like sign-in refuses it; a wrong password counts toward the streak
 * and the lock; a right one clears the streak only. These pages have no captcha, so once the
 * streak reaches the captcha threshold they stop checking until a sign-in (with the captcha)
 * or the window clears it.
 */
export function createPasswordCheck(deps: AppDeps) {
  const limits = createLoginLimits(deps);
  return async function checkAccountPassword(user: User, password: string, ip: string): Promise<boolean> {
    const subject = accountSubject(user.id);
    if (await limits.isLocked(subject)) throw new AppError(429, 'account_locked');
    if (await limits.streakReached(subject)) throw tooMany();
    if (await verifyPassword(user.passwordHash, password)) {
      await limits.recordSuccess(subject, ip);
      return true;
    }
    await limits.recordFailure(subject, ip);
    return false;
  };
}

/**
 * Runs one check of a second factor (login step 3, the account pages' step-up) under the account's
 * own second-step count (createLoginLimits): a closed second step refuses as the lock does; a wrong
 * code (false, or a 400 of the code service) counts, and the failure that closes the step tells
 * the owner (second-step.closed).
 */
export function createSecondStepCount(deps: Pick<AppDeps, 'kv' | 'config' | 'events' | 'metrics'>) {
  const limits = createLoginLimits(deps);
  const max = deps.config.LOGIN_SECOND_STEP_FAILURES;
  return async function counted(userId: string, ip: string, check: () => Promise<boolean>): Promise<boolean> {
    const subject = accountSubject(userId);
    const locked = () => new AppError(429, 'account_locked');
    const state = await limits.secondStepState(subject);
    if (state.closed) throw locked();
    // Refused by the account's run of failures (as every check is): nothing is tried, nothing counted.
    if (state.streakReached) throw tooMany();
    // Counted before it is checked; past the limit (guesses in flight took the last tries) nothing is checked.
    const tries = await limits.countSecondStepTry(subject);
    if (tries > max) throw locked();
    const wrong = async () => {
      if (tries < max) return;
      await limits.closeSecondStep(subject);
      await deps.events.publish('second-step.closed', { userId, ip });
    };
    try {
      if (await check()) {
        // A completed second step: its count starts again.
        await limits.clearSecondStep(subject);
        return true;
      }
    } catch (err) {
      if (err instanceof AppError && err.status === 400) await wrong();
      throw err;
    }
    await wrong();
    return false;
  };
}
