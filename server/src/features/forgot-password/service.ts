import type { MessageKey } from '@portico/contracts';
import {
  type ForgotPasswordCheckOtpAnswer,
  type ForgotPasswordTimesAnswer,
  type forgotPasswordEndpoints,
  normalizeLoginName,
  type ParsedInputOf,
  type ResetPasswordAnswer,
} from '@portico/contracts';
import type Provider from 'oidc-provider';
import type { AppDeps } from '../../deps.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { localeOf } from '../../lib/i18n.js';
import { createOneTimeTokens } from '../../lib/one-time-token.js';
import { hashPassword } from '../../lib/password.js';
import { insertActivity } from '../../modules/activity/index.js';
import { findUserByRecoveryClaim } from '../../modules/claims/index.js';
import { codeInProgress, endSessions, PASSWORD_ACTIVITY, setPasswordHash } from '../../modules/password/index.js';
import {
  type ClientInfo,
  completeSignIn,
  findBoundInteraction,
  type Interaction,
  interactionUidOf,
} from '../../modules/sign-in/index.js';
import { CONTACT_EMAIL, CONTACT_PHONE, findUserByLoginName } from '../../modules/users/index.js';
import { createVerificationService } from '../../modules/verification/index.js';

type ResetToken = { userId: string; target: string };
type InputOf<K extends keyof typeof forgotPasswordEndpoints> = ParsedInputOf<(typeof forgotPasswordEndpoints)[K]>;
/** A forgot-password request for a name no account has: what the real flow would show, kept in the key-value store. */
type Decoy = { sentAt: number; expiresAt: number };

const DECOY_TTL_SECONDS = 86_400;
const otpError = (key: MessageKey) => badRequest(key, { otp: [key] });
const tokenInvalid = () => badRequest('password_reset_token_invalid', { token: ['password_reset_token_invalid'] });
const notInProgress = () => badRequest('process_not_in_progress', { username: ['process_not_in_progress'] });

/**
 * Forgot password (spec sign-in §2 Forgot password page, §4, §7): a code to the account's
 * confirmed e-mail or phone the username names, a single-use reset token bound to that account,
 * then the new password, which ends every existing session of the account.
 *
 * No answer tells whether an account exists: for unknown names nothing is sent, but the resume
 * check, the countdown and the code check's messages (invalid, too many tries, expired) behave as
 * they would for a real code. Besides sign-in names, an account's recovery e-mail or phone (claims) finds it.
 */
export function createForgotPasswordService(deps: AppDeps, provider: Provider, opts: { now?: () => Date } = {}) {
  const { config, kv } = deps;
  const db = deps.database.db;
  const now = opts.now ?? (() => new Date());
  const codes = createVerificationService(deps, { now });
  const tokens = createOneTimeTokens<ResetToken>(kv, 'pwreset:token');
  const decoyKey = (target: string) => `pwreset:decoy:${target}`;
  const decoyTriesKey = (target: string) => `pwreset:decoy-tries:${target}`;

  async function lookUp(username: string) {
    const name = normalizeLoginName(username);
    // A sign-in name first; else the account whose recovery e-mail / phone it is (the code goes there).
    const user =
      (await findUserByLoginName(db, name.kind === 'email' ? CONTACT_EMAIL : CONTACT_PHONE, name.value)) ??
      (await findUserByRecoveryClaim(
        db,
        name.kind === 'email' ? 'email_recovery' : 'phone_number_recovery',
        name.value,
      ));
    return { target: name.value, user };
  }

  const readDecoy = async (target: string): Promise<Decoy | undefined> => {
    const raw = await kv.get(decoyKey(target));
    return raw ? (JSON.parse(raw) as Decoy) : undefined;
  };

  /** Sends (or, for an unknown name, pretends to send) the code; { times } until a resend. */
  async function send(username: string, ip: string, captcha?: string): Promise<ForgotPasswordTimesAnswer> {
    const { target, user } = await lookUp(username);
    if (user)
      return codes.issue('forgot_password', target, {
        userId: user.id,
        locale: localeOf(user.languageId),
        ip,
        captcha,
      });
    const answer = await codes.pretendIssue('forgot_password', target, { ip, captcha });
    const t = now().getTime();
    const decoy = await readDecoy(target);
    if (!decoy || t - decoy.sentAt >= config.OTP_RESEND_SECONDS * 1000) {
      // A new pretend code: like issue(), it restarts the expiry and the tries.
      const fresh: Decoy = { sentAt: t, expiresAt: t + config.OTP_TTL_SECONDS * 1000 };
      await kv.set(decoyKey(target), JSON.stringify(fresh), DECOY_TTL_SECONDS);
      await kv.del(decoyTriesKey(target));
    }
    return answer;
  }

  return {
    /** The page's resume check: { times } while the code can still be tried, else 400 process_not_in_progress. */
    async checkProcess({ username }: InputOf<'checkProcess'>): Promise<ForgotPasswordTimesAnswer> {
      const { target, user } = await lookUp(username);
      if (user) {
        if (!(await codeInProgress(deps, 'forgot_password', target, user.id, now()))) throw notInProgress();
        return { times: await codes.cooldown('forgot_password', target, user.id) };
      }
      const decoy = await readDecoy(target);
      const tries = Number((await kv.get(decoyTriesKey(target))) ?? 0);
      const t = now().getTime();
      if (!decoy || decoy.expiresAt <= t || tries >= config.OTP_MAX_ATTEMPTS) throw notInProgress();
      return { times: Math.max(0, Math.ceil((decoy.sentAt + config.OTP_RESEND_SECONDS * 1000 - t) / 1000)) };
    },

    /** Step 1 and its resend; past the per-IP threshold with a captcha answer (captcha_error_empty asks for one). */
    async send(caller: { ip: string }, { username, captcha }: InputOf<'send'>): Promise<ForgotPasswordTimesAnswer> {
      return send(username, caller.ip, captcha);
    },

    /** Step 2: the code, once; answers the reset token (15 minutes) in `message`. */
    async checkOtp({ username, otp }: InputOf<'checkOtp'>): Promise<ForgotPasswordCheckOtpAnswer> {
      const { target, user } = await lookUp(username);
      if (!user) {
        const decoy = await readDecoy(target);
        if (!decoy) throw otpError('otp_invalid');
        if (decoy.expiresAt <= now().getTime()) throw otpError('otp_expired');
        const tries = await kv.incr(decoyTriesKey(target), DECOY_TTL_SECONDS);
        throw otpError(tries >= config.OTP_MAX_ATTEMPTS ? 'otp_too_many_attempts' : 'otp_invalid');
      }
      // Keyed by the account: if the address changed hands since the code was sent, it is not found.
      await codes.verify('forgot_password', target, otp, user.id);
      const token = await tokens.issue({ userId: user.id, target }, config.PASSWORD_RESET_TOKEN_TTL_SECONDS);
      return { message: token };
    },

    /**
     * Step 3: the new password for the account the token was issued for. Every existing session of
     * the account ends (provider sessions, grants with their access and refresh tokens). When the
     * page carries a live sign-in interaction, the user is then signed in through the one sign-in
     * completion path and the answer is a LoginAnswer; otherwise { ok: true }.
     */
    async resetPassword(client: ClientInfo, input: InputOf<'resetPassword'>): Promise<ResetPasswordAnswer> {
      const token = await tokens.peek(input.token);
      const { target, user } = await lookUp(input.username);
      if (!token || token.target !== target || !user || user.id !== token.userId) throw tokenInvalid();

      const uid = input.returnUrl ? interactionUidOf(input.returnUrl, config.publicUrl) : undefined;
      let interaction: Interaction | undefined;
      if (uid) interaction = await findBoundInteraction(provider, uid, client).catch(() => undefined);

      if (!(await tokens.consume(input.token))) throw tokenInvalid();
      const hash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, hash);
        await endSessions(tx, user.id);
        await insertActivity(tx, { userId: user.id, action: PASSWORD_ACTIVITY.reset, params: { ip: client.ip } });
      });
      await deps.events.publish('password.changed', { userId: user.id, ip: client.ip, how: 'reset' });
      if (!interaction) return { ok: true };
      try {
        return await completeSignIn(deps, provider, {
          interaction,
          userId: user.id,
          method: 'password',
          rememberMachine: true,
          client,
        });
      } catch (err) {
        // The sign-in expired meanwhile: the password is reset all the same; the page signs in anew.
        if (err instanceof AppError && err.messageKey === 'login_session_expired') return { ok: true };
        throw err;
      }
    },
  };
}
