import { maskLoginName, type TwoFactorMethod } from '@portico/contracts';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { AppError, tooMany } from '../../lib/errors.js';
import { inTransaction } from '../events/index.js';
import { accountSubject, createLoginLimits } from '../login-limits/index.js';
import { CONTACT_EMAIL, findPrimaryContact } from '../users/index.js';
import {
  acceptStep,
  activatePendingSecret,
  clearAuthenticator,
  consumeRecoveryCodeRow,
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  findTwoFactor,
  lockTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  setEnabled,
} from './queries.js';
import {
  authenticatorUri,
  createRecoveryCodeHasher,
  createSecretBox,
  formatSharedKey,
  matchStep,
  newRecoveryCode,
  newSecret,
  RECOVERY_CODE_COUNT,
} from './secret.js';

/** A setup not finished within this time must start again (the QR code on a screen goes stale). */
export const PENDING_SETUP_SECONDS = 30 * 60;

export type TwoFactorStatus = { enabled: boolean; hasAuthenticator: boolean; recoveryCodesLeft: number };
/** Who acts, for the failure counters, the activity log and the alert. */

/**
 * Two-step verification of an account (spec account §2, §4; spec sign-in §3): the authenticator
 * (RFC 6238 TOTP), its setup, the recovery codes and the on/off state. Every check of a second
 * factor shares the account's sign-in failure counters (server/src/modules/login-limits/login-limits.ts):
 * a locked account is refused, a run of failures stops the checks until a sign-in with the
 * captcha or the window clears it, a success clears the run.
 * `now` is injectable so tests can move time.
 */
/** An address confirmed this recently through the account pages receives no second step: a day. */
export const SECOND_STEP_ADDRESS_MIN_AGE_SECONDS = 86_400;

export function createTwoFactor(deps: AppDeps, opts: { now?: () => Date } = {}) {
  const db = deps.database.db;
  const now = opts.now ?? (() => new Date());
  const box = createSecretBox(deps.secrets.encryptionKey);
  const hashCode = createRecoveryCodeHasher(deps.secrets.encryptionKey);
  const limits = createLoginLimits(deps);

  /** Runs `check` under the account's failure counters: true clears the run, false counts a failure. */
  async function limited(userId: string, ip: string, check: () => Promise<boolean>): Promise<boolean> {
    const subject = accountSubject(userId);
    if (await limits.isLocked(subject)) throw new AppError(429, 'account_locked');
    if (await limits.streakReached(subject)) throw tooMany();
    if (await check()) {
      await limits.recordSuccess(subject, ip);
      return true;
    }
    await limits.recordFailure(subject, ip, { step: 'second_step' });
    return false;
  }

  /**
   * Where an e-mail second step may go: the confirmed primary e-mail, unless the account pages
   * confirmed it within SECOND_STEP_ADDRESS_MIN_AGE_SECONDS (a stolen access token that planted an
   * address must not receive the second step there too; issue 24 point 5).
   */
  async function secondStepEmail(userId: string): Promise<string | undefined> {
    const email = await findPrimaryContact(db, userId, CONTACT_EMAIL);
    if (!email?.isConfirmed) return undefined;
    const since = email.confirmedAt ? now().getTime() - email.confirmedAt.getTime() : Number.POSITIVE_INFINITY;
    return since >= SECOND_STEP_ADDRESS_MIN_AGE_SECONDS * 1000 ? email.value : undefined;
  }

  async function newRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await replaceRecoveryCodes(
      tx,
      userId,
      codes.map((c) => hashCode(userId, c)),
    );
    return codes;
  }

  const pendingValid = (since: Date | null) =>
    !!since && now().getTime() - since.getTime() < PENDING_SETUP_SECONDS * 1000;

  return {
    async status(userId: string): Promise<TwoFactorStatus> {
      const row = await findTwoFactor(db, userId);
      return {
        enabled: !!row?.enabled,
        hasAuthenticator: !!row?.secret,
        recoveryCodesLeft: row?.secret ? await countUnusedRecoveryCodes(db, userId) : 0,
      };
    },

    /** Whether sign-in asks this account for a second factor. */
    async isEnabled(userId: string): Promise<boolean> {
      return !!(await findTwoFactor(db, userId))?.enabled;
    },

    /**
     * The second factors the account can pass (spec sign-in §3 Two-factor state), first the
     * preselected one: the authenticator when set up (recovery codes go with it), e-mail when
     * the account has a confirmed primary e-mail (the code goes there, masked here).
     */
    async methods(userId: string): Promise<TwoFactorMethod[]> {
      const out: TwoFactorMethod[] = [];
      if ((await findTwoFactor(db, userId))?.secret)
        out.push({ type: 'authenticator', staticKey: 'two_factor_method_authenticator' });
      const email = await secondStepEmail(userId);
      if (email) out.push({ type: 'email', staticKey: 'two_factor_method_email', value: maskLoginName(email) });
      return out;
    },

    secondStepEmail,

    /**
     * Starts a setup: a new secret kept as pending (the authenticator in use, if any, keeps
     * working until verify). `label` names the account in the app (its e-mail, say).
     */
    async startSetup(userId: string, label: string) {
      const secret = newSecret();
      await savePendingSecret(db, userId, box.seal(secret, userId), now());
      const uri = authenticatorUri(secret, label, deps.config.PRODUCT_NAME);
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      return {
        sharedKey: formatSharedKey(secret),
        authenticatorUri: uri,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /**
     * Finishes a setup with a code of the pending secret: it becomes the authenticator, two-step
     * is on, and 10 new recovery codes replace any earlier ones. 'expired': no setup under way
     * (or too old); 'incorrect': the code does not match (counted as a failure).
     */
    async finishSetup(
      userId: string,
      code: string,
      caller: CallerContext,
    ): Promise<string[] | 'expired' | 'incorrect'> {
      const row = await findTwoFactor(db, userId);
      const sealed = row?.pendingSecret;
      if (!sealed || !pendingValid(row.pendingSince)) return 'expired';
      let step: number | null = null;
      const ok = await limited(userId, caller.ip, async () => {
        step = matchStep(box.open(sealed, userId), code, now());
        return step !== null;
      });
      if (!ok || step === null) return 'incorrect';
      const accepted = step;
      const codes = await inTransaction(db, async (tx, afterCommit) => {
        const before = await lockTwoFactor(tx, userId);
        if (!(await activatePendingSecret(tx, userId, sealed, accepted, now()))) return undefined;
        const codes = await newRecoveryCodes(tx, userId);
        if (!before?.enabled)
          await deps.events.publish('two-factor.enabled', { userId, ip: caller.ip, tx, afterCommit });
        return codes;
      });
      // A newer setup replaced this one meanwhile: this code no longer finishes anything.
      return codes ?? 'expired';
    },

    /** Turns two-step on; false when there is no authenticator to ask for. */
    async enable(userId: string, caller: CallerContext): Promise<boolean> {
      return inTransaction(db, async (tx, afterCommit) => {
        const row = await lockTwoFactor(tx, userId);
        if (!row?.secret) return false;
        if (row.enabled) return true;
        await setEnabled(tx, userId, true, now());
        await deps.events.publish('two-factor.enabled', { userId, ip: caller.ip, tx, afterCommit });
        return true;
      });
    },

    /** Turns two-step off; the authenticator stays for turning it on again. */
    async disable(userId: string, caller: CallerContext): Promise<void> {
      await inTransaction(db, async (tx, afterCommit) => {
        const row = await lockTwoFactor(tx, userId);
        if (!row?.enabled) return;
        await setEnabled(tx, userId, false, now());
        await deps.events.publish('two-factor.disabled', {
          userId,
          ip: caller.ip,
          reason: 'disabled',
          tx,
          afterCommit,
        });
      });
    },

    /** 10 new recovery codes, the earlier ones void; undefined while two-step is off. */
    async regenerateRecoveryCodes(userId: string, then: (tx: Db) => Promise<void>): Promise<string[] | undefined> {
      return inTransaction(db, async (tx) => {
        const row = await lockTwoFactor(tx, userId);
        if (!row?.enabled || !row.secret) return undefined;
        const codes = await newRecoveryCodes(tx, userId);
        await then(tx);
        return codes;
      });
    },

    /** Reset (spec account §4): no authenticator, no recovery codes, two-step off; a new setup is needed. */
    /** `then` writes in the same transaction (the admin console's audit entry). */
    async reset(userId: string, caller: CallerContext, then?: (tx: Db) => Promise<void>): Promise<void> {
      await inTransaction(db, async (tx, afterCommit) => {
        const row = await lockTwoFactor(tx, userId);
        await clearAuthenticator(tx, userId, now());
        await deleteRecoveryCodes(tx, userId);
        if (row?.enabled)
          await deps.events.publish('two-factor.disabled', { userId, ip: caller.ip, reason: 'reset', tx, afterCommit });
        await then?.(tx);
      });
    },

    /**
     * Checks an authenticator code against the account's authenticator (not a setup under way):
     * one step of clock drift each way, and each time step once only, so a code seen by
     * someone else cannot be used again. Counted by the account's failure limits.
     */
    async verifyTotp(userId: string, code: string, caller: CallerContext): Promise<boolean> {
      const row = await findTwoFactor(db, userId);
      const sealed = row?.secret;
      return limited(userId, caller.ip, async () => {
        if (!sealed) return false;
        const step = matchStep(box.open(sealed, userId), code.trim(), now());
        return step !== null && (await acceptStep(db, userId, sealed, step));
      });
    },

    /**
     * Uses a recovery code once, while two-step is on; counted by the account's failure limits.
     * Publishes recovery-code.used (activity entry, alert e-mail).
     */
    async consumeRecoveryCode(userId: string, code: string, caller: CallerContext): Promise<boolean> {
      const hash = hashCode(userId, code);
      return limited(userId, caller.ip, () =>
        inTransaction(db, async (tx, afterCommit) => {
          if (!(await consumeRecoveryCodeRow(tx, userId, hash, now()))) return false;
          const left = await countUnusedRecoveryCodes(tx, userId);
          await deps.events.publish('recovery-code.used', { userId, ip: caller.ip, left, tx, afterCommit });
          return true;
        }),
      );
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
