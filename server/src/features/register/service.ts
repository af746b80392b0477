import { randomUUID } from 'node:crypto';
import type { MessageKey } from '@portico/contracts';
import {
  FIRST_PASSWORD_MISSING,
  type ParsedInputOf,
  type RegisterAnswer,
  type RegisterOtpAnswer,
  type RegisterTimesAnswer,
  type registerEndpoints,
  type UpdateInfoAnswer,
} from '@portico/contracts';
import { requireCaptcha } from '../../adapters/captcha/require.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { badRequest } from '../../lib/errors.js';
import { localeOf } from '../../lib/i18n.js';
import { hashPassword } from '../../lib/password.js';
import { insertActivity } from '../../modules/activity/index.js';
import { inTransaction } from '../../modules/events/index.js';
import { createCodeFlows } from '../../modules/flows/index.js';
import { PASSWORD_ACTIVITY, setFirstPassword } from '../../modules/password/index.js';
import { createAccountStepUp, type StepUpCaller } from '../../modules/sign-in/index.js';
import {
  CONTACT_EMAIL,
  type ConfirmedHolder,
  findConfirmedHolder,
  insertRegisteredUser,
  updateUserInfo,
} from '../../modules/users/index.js';
import type { IssueMessage } from '../../modules/verification/index.js';
import { isDisposableEmail } from './disposable.js';

/** Who is calling: for send limits, captcha scoring, the mail's language and the new account's language. */
type InputOf<K extends keyof typeof registerEndpoints> = ParsedInputOf<(typeof registerEndpoints)[K]>;

const usernameError = (key: MessageKey) => badRequest(key, { username: [key] });
const notInProgress = () => badRequest('process_not_in_progress', { username: ['process_not_in_progress'] });
const sessionExpired = () => badRequest('register_session_expired', { token: ['register_session_expired'] });
const firstPasswordMissing = () =>
  badRequest(FIRST_PASSWORD_MISSING[0]!.key, Object.fromEntries(FIRST_PASSWORD_MISSING.map((e) => [e.field, [e.key]])));

/**
 * Registration by e-mail (spec sign-in §2 Register page, §4 Register, §5, §7 Register), a `register`
 * flow (server/src/modules/flows/kinds.ts): a code to the address (code_sent), then the
 * registration token, the secret of the verified flow, then the details (done). No account row
 * exists until the last step, so a half-finished registration never blocks a later one.
 */
export function createRegisterService(deps: AppDeps) {
  const { config, kv } = deps;
  const db = deps.database.db;
  const stepUp = createAccountStepUp(deps);
  const steps = createCodeFlows(deps);
  const flowOf = (email: string) => ({ target: email, subject: null });

  /** email_already when a live account has the address confirmed; account_is_delete when a deleted one still holds it. */
  const takenError = (holder: ConfirmedHolder) => usernameError(holder.deleted ? 'account_is_delete' : 'email_already');

  /**
   * Whether step 1 may still tell this IP that an address is taken (spec sign-in §8): only after
   * the captcha, and at most REGISTER_TAKEN_ANSWERS_PER_IP times per OTP_IP_WINDOW_SECONDS.
   */
  const mayTellTaken = async (ip: string) =>
    (await kv.incr(`register:taken:ip:${ip}`, config.OTP_IP_WINDOW_SECONDS)) <= config.REGISTER_TAKEN_ANSWERS_PER_IP;

  /**
   * Sends the registration code, or for a taken address answers exactly the same while no code
   * exists for anyone to enter: a live holder gets a notice in its language instead, a deleted one
   * nothing. Steps 2 and the resume check then behave as for any code nobody has.
   */
  async function issue(caller: CallerContext, email: string, captcha: { passed: true } | { answer?: string }) {
    const holder = await findConfirmedHolder(db, CONTACT_EMAIL, email);
    const message: IssueMessage = !holder
      ? 'code'
      : holder.deleted
        ? 'nothing'
        : { notice: 'register_taken', locale: localeOf(holder.languageId) };
    const captchaOptions = 'passed' in captcha ? { captchaPassed: true } : { captcha: captcha.answer };
    return steps.send('register', flowOf(email), { locale: caller.locale, ip: caller.ip, message, ...captchaOptions });
  }

  return {
    /** The page's resume check: { times } while the e-mail's code can still be tried, else 400; the same for taken addresses. */
    async checkProcess({ username }: InputOf<'checkProcess'>): Promise<RegisterTimesAnswer> {
      const waiting = await steps.waiting('register', flowOf(username));
      if (!waiting) throw notInProgress();
      return waiting;
    },

    /**
     * Step 1: e-mail only; disposable domains answer email_fake; the captcha; then the code. A taken
     * address answers email_already / account_is_delete while the IP's budget lasts, after it like
     * any other address (see issue()).
     */
    async sendOtp(caller: CallerContext, { username, captcha }: InputOf<'sendOtp'>): Promise<RegisterTimesAnswer> {
      if (isDisposableEmail(username)) throw usernameError('email_fake');
      await requireCaptcha(deps.captcha, captcha, caller.ip);
      const holder = await findConfirmedHolder(db, CONTACT_EMAIL, username);
      if (holder && (await mayTellTaken(caller.ip))) throw takenError(holder);
      return issue(caller, username, { passed: true });
    },

    /**
     * Step 2's resend: only for an e-mail whose registration was started. Past the per-IP threshold
     * it needs a fresh captcha answer like any anonymous send (captcha_error_empty asks for one).
     */
    async resendOtp(caller: CallerContext, { username, captcha }: InputOf<'resendOtp'>): Promise<RegisterTimesAnswer> {
      if (!(await steps.started('register', flowOf(username)))) throw notInProgress();
      return issue(caller, username, { answer: captcha });
    },

    /**
     * Step 2: the code, once; the flow becomes verified and its new secret is the registration
     * token step 3 sends back. Creates no account. A taken address never got a code, so it fails
     * like a wrong code.
     */
    async checkOtp({ username, otp }: InputOf<'checkOtp'>): Promise<RegisterOtpAnswer> {
      const { secret } = await steps.pass('register', flowOf(username), otp, 'verified', {
        secret: true,
        ttlSeconds: config.REGISTRATION_TOKEN_TTL_SECONDS,
      });
      return { token: secret! };
    },

    /**
     * Step 3: the details, in the spec's order; then, in one transaction, the flow is done and the
     * account and its confirmed primary e-mail exist. Two requests with one token: the flow's
     * compare-and-set lets one through. Two registrations racing for one address: the unique index
     * on confirmed contacts decides and the other answers email_already.
     */
    async register(caller: CallerContext, input: InputOf<'register'>): Promise<RegisterAnswer> {
      const flow = await steps.flows.findBySecret('register', input.token);
      if (flow?.state !== 'verified' || flow.target !== input.username) throw sessionExpired();
      // The token proves control of the address, so telling its holder is no leak.
      const holder = await findConfirmedHolder(db, CONTACT_EMAIL, input.username);
      if (holder) throw takenError(holder);
      const id = randomUUID();
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          if (!(await steps.flows.finish('register', flow.id, 'verified', tx))) throw sessionExpired();
          await insertRegisteredUser(
            tx,
            {
              id,
              firstName: input.firstName,
              lastName: input.lastName,
              passwordHash,
              birthdate: input.birthdate,
              gender: input.gender,
              timezone: input.timezone,
              languageId: caller.locale,
            },
            { type: CONTACT_EMAIL, value: input.username },
          );
          await insertActivity(tx, { userId: id, action: PASSWORD_ACTIVITY.register, params: { ip: caller.ip } });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw usernameError('email_already');
        throw err;
      }
      return { username: input.username };
    },

    /**
     * Update-info (account update) for an account that must complete its info: the same rules.
     * An account without a password sets its first one here; one that has a password keeps it.
     */
    async updateInfo(who: StepUpCaller, input: InputOf<'updateInfo'>): Promise<UpdateInfoAnswer> {
      const { user, caller } = who;
      const { ip } = caller;
      const hasPassword = !!user.passwordHash;
      // The schema takes the pair as optional (it cannot know the account); its rules held when given.
      if (hasPassword && input.password) {
        throw badRequest('password_already_set', { password: ['password_already_set'] });
      }
      if (!hasPassword && !input.password) throw firstPasswordMissing();
      // A first password is a new way to sign in: it needs the step-up proof a stolen token lacks
      // (server/src/modules/sign-in/step-up.ts; for an account without a password, a code to its
      // primary address), and the owner is told with an undo link (setFirstPassword).
      if (!hasPassword) await stepUp.require(who);
      const passwordHash = hasPassword ? undefined : await hashPassword(input.password);
      await inTransaction(db, async (tx, afterCommit) => {
        await updateUserInfo(tx, user.id, {
          firstName: input.firstName,
          lastName: input.lastName,
          birthdate: input.birthdate,
          gender: input.gender,
          timezone: input.timezone,
        });
        await insertActivity(tx, { userId: user.id, action: PASSWORD_ACTIVITY.infoUpdated, params: { ip } });
        if (passwordHash) await setFirstPassword(deps, tx, afterCommit, { userId: user.id, passwordHash, ip });
      });
      return { ok: true };
    },
  };
}
