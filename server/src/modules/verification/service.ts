import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Locale, MessageKey } from '@portico/contracts';
import { requireCaptcha } from '../../adapters/captcha/require.js';
import type { AppDeps } from '../../deps.js';
import { AppError, badRequest, tooMany } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import { deriveKey } from '../../lib/keys.js';
import { sendLater } from '../../lib/send-later.js';
import { type CodeKey, consumeCode, countAttempt, findCode, upsertCode } from './queries.js';

/** Every flow that proves control of an e-mail or phone with a one-time code. */
export type VerificationPurpose =
  | 'login'
  | 'register'
  | 'forgot_password'
  | 'two_factor'
  | 'change_contact'
  | 'activate_contact'
  | 'delete_contact'
  | 'change_password'
  | 'delete_account'
  | 'step_up'
  | 'confirm_recovery'
  | 'guardian_consent';

/**
 * What goes to the address: the code (the default), or, when the address must not get a code
 * (registering an address an account holds), a notice without it in the holder's language, or nothing.
 */
export type IssueMessage =
  | 'code'
  | 'nothing'
  | { notice: 'register_taken'; locale: Locale }
  /** The code inside a message of its own (`mail_<template>_subject/_text`, `sms_<template>_text`) with these parameters. */
  | { template: 'guardian_request'; params: Record<string, string | number> };
/**
 * `captcha`: the caller's captcha answer, needed once the IP has asked for OTP_SENDS_PER_IP codes
 * in its window; `captchaPassed`: this request already passed one.
 */
export type IssueOptions = {
  userId?: string | null;
  locale?: Locale;
  ip?: string;
  message?: IssueMessage;
  captcha?: string;
  captchaPassed?: boolean;
};

/** Flows of a signed-in user: the account, not a captcha, answers for the sends. */
const SIGNED_IN_PURPOSES: ReadonlySet<VerificationPurpose> = new Set([
  'change_contact',
  'activate_contact',
  'delete_contact',
  'change_password',
  'delete_account',
  'step_up',
  'confirm_recovery',
  'guardian_consent',
]);
export type IssueAnswer = { times: number };

const secondsBetween = (later: Date, earlier: Date) =>
  Math.max(0, Math.ceil((later.getTime() - earlier.getTime()) / 1000));

/**
 * One verification-code service for every code flow: 6-digit codes, stored as an HMAC, with an
 * expiry, a try limit, a resend cooldown and send limits per address and per IP.
 * `now` is injectable so tests can move time.
 */
export function createVerificationService(deps: AppDeps, opts: { now?: () => Date } = {}) {
  const { config, database, kv, mailer, sms, metrics } = deps;
  const db = database.db;
  const now = opts.now ?? (() => new Date());
  const key = deriveKey(deps.secrets.encryptionKey, 'verification-codes');
  // Purpose and target are part of the MAC, so a code never counts for another flow or address.
  const hash = (purpose: string, target: string, code: string) =>
    createHmac('sha256', key).update(`${purpose}\n${target}\n${code}`).digest('base64url');

  /**
   * Counts a send against the IP and the address. Many people may share one IP (offices,
   * carrier-grade NAT): past OTP_SENDS_PER_IP sends in the window an anonymous caller must solve the
   * captcha (refusals are not counted), and only OTP_SENDS_PER_IP_MAX refuses with 429
   * too_many_requests. Per address, OTP_SENDS_PER_TARGET holds for each asker (the signed-in account
   * of an account flow, else the IP), so another account cannot use up the owner's sends (issue 24
   * point 4); OTP_SENDS_PER_TARGET_MAX caps the address whoever asks.
   */
  async function limitSends(purpose: VerificationPurpose, target: string, options: IssueOptions) {
    const { ip } = options;
    const signedIn = SIGNED_IN_PURPOSES.has(purpose);
    if (ip) {
      const key = `vc:sends:ip:${ip}`;
      const human = options.captchaPassed || signedIn;
      if (!human && Number((await kv.get(key)) ?? 0) >= config.OTP_SENDS_PER_IP)
        await requireCaptcha(deps.captcha, options.captcha, ip);
      const ceiling = Math.max(config.OTP_SENDS_PER_IP_MAX, config.OTP_SENDS_PER_IP);
      if ((await kv.incr(key, config.OTP_IP_WINDOW_SECONDS)) > ceiling) throw tooMany();
    }
    const asker = signedIn && options.userId ? `u:${options.userId}` : `ip:${ip ?? ''}`;
    const window = config.OTP_TARGET_WINDOW_SECONDS;
    // An asker's refused sends do not count toward the address's ceiling.
    if ((await kv.incr(`vc:sends:t:${target}:${asker}`, window)) > config.OTP_SENDS_PER_TARGET) throw tooMany();
    const targetCeiling = Math.max(config.OTP_SENDS_PER_TARGET_MAX, config.OTP_SENDS_PER_TARGET);
    if ((await kv.incr(`vc:sends:t:${target}`, window)) > targetCeiling) throw tooMany();
  }

  /**
   * Wrong codes for one account (or, before one is known, one address) and purpose are counted
   * across resends: a new code does not bring a new budget of guesses (issue 24 point 8). Past
   * OTP_WRONG_CODES_PER_WINDOW in OTP_WRONG_CODES_WINDOW_SECONDS every try answers
   * otp_too_many_attempts; a right code clears the count.
   */
  const wrongKey = ({ purpose, target, userId }: CodeKey) => `vc:wrong:${purpose}:${userId ? `u:${userId}` : target}`;
  const wrongCodesLeft = async (key: CodeKey) =>
    Number((await kv.get(wrongKey(key))) ?? 0) < config.OTP_WRONG_CODES_PER_WINDOW;

  /**
   * Seconds until a new code may be sent for (purpose, target) to `userId` (the account the code
   * is for, null when none is known yet); 0 when one may be sent now.
   */
  async function cooldown(purpose: VerificationPurpose, target: string, userId: string | null): Promise<number> {
    const row = await findCode(db, { purpose, target, userId });
    if (!row || row.consumedAt) return 0;
    return secondsBetween(new Date(row.lastSentAt.getTime() + config.OTP_RESEND_SECONDS * 1000), now());
  }

  async function deliver(target: string, code: string, locale: Locale, message: IssueMessage) {
    if (message === 'nothing') return;
    if (typeof message === 'object' && 'template' in message) {
      const params = {
        ...message.params,
        code,
        product: config.PRODUCT_NAME,
        minutes: Math.round(config.OTP_TTL_SECONDS / 60),
      };
      const t = message.template;
      if (target.includes('@'))
        await mailer.send({
          to: target,
          subject: translate(locale, `mail_${t}_subject`, params),
          text: translate(locale, `mail_${t}_text`, params),
          code,
        });
      else await sms.send({ to: target, text: translate(locale, `sms_${t}_text`, params), code });
      metrics.codesSent.inc({ channel: target.includes('@') ? 'email' : 'sms' });
      return;
    }
    if (message !== 'code') {
      const params = { product: config.PRODUCT_NAME, url: `${config.publicUrl}/login` };
      await mailer.send({
        to: target,
        subject: translate(message.locale, `mail_${message.notice}_subject`, params),
        text: translate(message.locale, `mail_${message.notice}_text`, params),
      });
      return;
    }
    const params = { code, product: config.PRODUCT_NAME, minutes: Math.round(config.OTP_TTL_SECONDS / 60) };
    if (target.includes('@')) {
      await mailer.send({
        to: target,
        subject: translate(locale, 'mail_code_subject', params),
        text: translate(locale, 'mail_code_text', params),
        code,
      });
      metrics.codesSent.inc({ channel: 'email' });
    } else {
      await sms.send({ to: target, text: translate(locale, 'sms_code_text', params), code });
      metrics.codesSent.inc({ channel: 'sms' });
    }
  }

  return {
    cooldown,

    /** Sends a new code unless the last one is still in its cooldown; answers the seconds until a resend. */
    async issue(purpose: VerificationPurpose, target: string, options: IssueOptions = {}): Promise<IssueAnswer> {
      const userId = options.userId ?? null;
      const waiting = await cooldown(purpose, target, userId);
      if (waiting > 0) return { times: waiting };
      await limitSends(purpose, target, options);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const t = now();
      const stored = await upsertCode(
        db,
        {
          purpose,
          target,
          userId,
          codeHash: hash(purpose, target, code),
          expiresAt: new Date(t.getTime() + config.OTP_TTL_SECONDS * 1000),
          now: t,
        },
        new Date(t.getTime() - config.OTP_RESEND_SECONDS * 1000),
      );
      // Lost a race with a concurrent send: that one's code is the live one.
      if (!stored) return { times: await cooldown(purpose, target, userId) };
      // After the answer: the transport's time must not tell codes for accounts from pretend sends.
      sendLater(
        () => deliver(target, code, options.locale ?? 'vi-VN', options.message ?? 'code'),
        (err) => deps.log.error({ err, purpose }, 'could not deliver a verification code'),
      );
      return { times: config.OTP_RESEND_SECONDS };
    },

    /**
     * Accepts the live code for (purpose, target) asked for `userId` once. Every try counts, on
     * that code only; wrong, used, expired and exhausted codes answer otp_invalid, otp_expired or
     * otp_too_many_attempts.
     */
    async verify(purpose: VerificationPurpose, target: string, code: string, userId: string | null): Promise<void> {
      const t = now();
      const key: CodeKey = { purpose, target, userId };
      // Out of guesses for the window: nothing is checked, so sign-in counts nothing toward the lock.
      if (!(await wrongCodesLeft(key))) throw new NoLiveCode('otp_too_many_attempts');
      const row = await countAttempt(db, key, t, config.OTP_MAX_ATTEMPTS);
      if (!row) {
        const current = await findCode(db, key);
        if (!current || current.consumedAt) throw new NoLiveCode('otp_invalid');
        if (current.expiresAt <= t) throw new NoLiveCode('otp_expired');
        throw new NoLiveCode('otp_too_many_attempts');
      }
      const expected = Buffer.from(row.codeHash);
      const given = Buffer.from(hash(purpose, target, code.trim()));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        const wrong = await kv.incr(wrongKey(key), config.OTP_WRONG_CODES_WINDOW_SECONDS);
        const spent = row.attempts >= config.OTP_MAX_ATTEMPTS || wrong >= config.OTP_WRONG_CODES_PER_WINDOW;
        throw otpError(spent ? 'otp_too_many_attempts' : 'otp_invalid');
      }
      if (!(await consumeCode(db, row.id, t))) throw otpError('otp_invalid');
      await kv.del(wrongKey(key));
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;

const otpError = (key: MessageKey): AppError => badRequest(key, { otp: [key] });

/**
 * The code error of a try that met no live code (none issued, used, expired, out of tries, or
 * the account's wrong-code budget spent):
 * nothing was guessed, so sign-in does not count it toward the account's lock
 * (server/src/features/auth/service.ts).
 */
export class NoLiveCode extends AppError {
  constructor(key: MessageKey) {
    super(400, key, { otp: [key] });
  }
}
