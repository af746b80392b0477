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
import type { CallerContext } from '../../lib/caller.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { findUserByRecoveryClaim } from '../../modules/claims/index.js';
import { createCodeFlows } from '../../modules/flows/index.js';
import { replacePassword } from '../../modules/password/index.js';
import {
  type ClientInfo,
  completeSignIn,
  findBoundInteraction,
  type Interaction,
  interactionUidOf,
  storeLoginToken,
} from '../../modules/sign-in/index.js';
import { CONTACT_EMAIL, CONTACT_PHONE, findUserByLoginName } from '../../modules/users/index.js';

type InputOf<K extends keyof typeof forgotPasswordEndpoints> = ParsedInputOf<(typeof forgotPasswordEndpoints)[K]>;

const tokenInvalid = () => badRequest('password_reset_token_invalid', { token: ['password_reset_token_invalid'] });
const notInProgress = () => badRequest('process_not_in_progress', { username: ['process_not_in_progress'] });

/**
 * Forgot password (spec sign-in §2 Forgot password page, §4, §7), a `forgot_password` flow
 * (server/src/modules/flows/kinds.ts): a code to the account's confirmed e-mail or phone the
 * username names (code_sent), then the reset token, the secret of the verified flow whose subject
 * is the account, then the new password (done), which ends every existing session of the account.
 *
 * No answer tells whether an account exists: a name no account has gets the same flow with no
 * subject and a code sent to nobody, so the resume check, the countdown and the code check's
 * messages (invalid, too many tries, expired) are the real ones. Besides sign-in names, an
 * account's recovery e-mail or phone (claims) finds it.
 */
export function createForgotPasswordService(deps: AppDeps, provider: Provider, opts: { now?: () => Date } = {}) {
  const { config } = deps;
  const db = deps.database.db;
  const steps = createCodeFlows(deps, opts);

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
    return { target: name.value, user, flow: { target: name.value, subject: user?.id ?? null } };
  }

  return {
    /** The page's resume check: { times } while the code can still be tried, else 400 process_not_in_progress. */
    async checkProcess({ username }: InputOf<'checkProcess'>): Promise<ForgotPasswordTimesAnswer> {
      const waiting = await steps.waiting('forgot_password', (await lookUp(username)).flow);
      if (!waiting) throw notInProgress();
      return waiting;
    },

    /**
     * Step 1 and its resend; past the per-IP threshold with a captcha answer (captcha_error_empty
     * asks for one). For a name no account has the code goes nowhere.
     */
    async send(
      { ip, locale }: CallerContext,
      { username, captcha }: InputOf<'send'>,
    ): Promise<ForgotPasswordTimesAnswer> {
      const { user, flow } = await lookUp(username);
      // In the language of the page the person is on (issue 34 point 9).
      const message = user ? { locale } : { message: 'nothing' as const };
      return steps.send('forgot_password', flow, { ip, captcha, ...message });
    },

    /** Step 2: the code, once; answers the reset token (the verified flow's secret) in `message`. */
    async checkOtp({ username, otp }: InputOf<'checkOtp'>): Promise<ForgotPasswordCheckOtpAnswer> {
      const { user, flow } = await lookUp(username);
      if (!user) {
        // Nobody received this code: even a lucky guess is refused like a wrong one.
        await steps.verify('forgot_password', flow, otp);
        throw badRequest('otp_invalid', { otp: ['otp_invalid'] });
      }
      // Keyed by the account: if the address changed hands since the code was sent, it is not found.
      const { secret } = await steps.pass('forgot_password', flow, otp, 'verified', {
        secret: true,
        ttlSeconds: config.PASSWORD_RESET_TOKEN_TTL_SECONDS,
      });
      return { message: secret! };
    },

    /**
     * Step 3: the new password for the account the token was issued for. Every existing session of
     * the account ends (provider sessions, grants with their access and refresh tokens). When the
     * page carries a live sign-in interaction, the user is then signed in through the one sign-in
     * completion path and the answer is a LoginAnswer; otherwise { ok: true, loginToken } for
     * the token-login page to sign this browser in to the portal.
     */
    async resetPassword(client: ClientInfo, input: InputOf<'resetPassword'>): Promise<ResetPasswordAnswer> {
      const flow = await steps.flows.findBySecret('forgot_password', input.token);
      const { target, user } = await lookUp(input.username);
      if (flow?.state !== 'verified' || flow.target !== target || !user || user.id !== flow.subject)
        throw tokenInvalid();

      const uid = input.returnUrl ? interactionUidOf(input.returnUrl, config.publicUrl) : undefined;
      let interaction: Interaction | undefined;
      if (uid) interaction = await findBoundInteraction(provider, uid, client).catch(() => undefined);

      const hash = await hashPassword(input.password);
      // The flow is done in the same transaction: of two requests with one token, one resets.
      await db.transaction(async (tx) => {
        if (!(await steps.flows.finish('forgot_password', flow.id, 'verified', tx))) throw tokenInvalid();
        await replacePassword(tx, { how: 'reset', userId: user.id, hash, ip: client.ip });
      });
      await deps.events.publish('password.changed', { userId: user.id, ip: client.ip, how: 'reset' });
      // The code went to this e-mail: an e-mail code is then no second factor.
      const firstFactorByEmail = target.includes('@');
      // No sign-in to finish (the page was opened on its own, or its sign-in expired): a one-time
      // login token lets this browser sign in to the portal (issue 34 point 3, spec §4 "finishes by
      // sign-in redirect"), through the token-login page.
      const signInLater = async () => ({
        ok: true as const,
        loginToken: await storeLoginToken(deps.kv, { kind: 'reset', userId: user.id, firstFactorByEmail }),
      });
      if (!interaction) return signInLater();
      try {
        return await completeSignIn(deps, provider, {
          interaction,
          userId: user.id,
          method: 'password',
          rememberMachine: true,
          client,
          firstFactorByEmail,
        });
      } catch (err) {
        // The sign-in expired meanwhile: the password is reset all the same; the page signs in anew.
        if (err instanceof AppError && err.messageKey === 'login_session_expired') return signInLater();
        throw err;
      }
    },
  };
}
