import {
  type authEndpoints,
  type LoginAnswer,
  type LoginCheckAnswer,
  normalizeLoginName,
  type OtpMethod,
  type ParsedInputOf,
  type SendOtpAnswer,
} from '@portico/contracts';
import type Provider from 'oidc-provider';
import { requireCaptcha } from '../../adapters/captcha/require.js';
import type { AppDeps } from '../../deps.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import {
  accountSubject,
  type ClientInfo,
  completeSignIn,
  createLoginLimits,
  findBoundInteraction,
  interactionUidOf,
} from '../../modules/sign-in/index.js';
import { CONTACT_EMAIL, CONTACT_PHONE, findUserByLoginName, type User } from '../../modules/users/index.js';
import { createVerificationService, NoLiveCode } from '../../modules/verification/index.js';

type InputOf<K extends keyof typeof authEndpoints> = ParsedInputOf<(typeof authEndpoints)[K]>;

// Unknown accounts still cost one argon2 verification, so timing does not tell them apart.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword('portico-timing-equaliser'));

/** Sign-in by password and by one-time code (spec sign-in §4, §5, §7 "Login"). */
export function createAuthService(deps: AppDeps, provider: Provider) {
  const db = deps.database.db;
  const limits = createLoginLimits(deps);
  const codes = createVerificationService(deps);

  async function lookUp(username: string) {
    const name = normalizeLoginName(username);
    const user = await findUserByLoginName(db, name.kind === 'email' ? CONTACT_EMAIL : CONTACT_PHONE, name.value);
    return { name, user, subject: user ? accountSubject(user.id) : `n:${name.value}` };
  }

  const interactionFor = (returnUrl: string, client: ClientInfo) =>
    findBoundInteraction(provider, interactionUidOf(returnUrl, deps.config.publicUrl), client);

  const locked = () => new AppError(429, 'account_locked');
  // CAPTCHA_PROVIDER=none: no page shows a captcha, so none asks for one (issue 34 point 7).
  const captchaOn = deps.captcha.kind !== 'none';

  /** A first factor passed: its failures are forgotten and the sign-in completes (or owes its second step). */
  async function firstFactorPassed(subject: string, signIn: Parameters<typeof completeSignIn>[2]) {
    await limits.recordSuccess(subject, signIn.client.ip);
    return completeSignIn(deps, provider, signIn);
  }

  return {
    async loginCheck(client: ClientInfo, { userName }: InputOf<'loginCheck'>): Promise<LoginCheckAnswer> {
      const { subject } = await lookUp(userName);
      // loginByOTP would be true only for an existing account without a password; answering it
      // would tell anyone whether an account exists, so the page always starts on the password tab.
      return { loginByOTP: false, isErrorMulti: captchaOn && (await limits.captchaRequired(subject, client.ip)) };
    },

    async loginWithPassword(client: ClientInfo, input: InputOf<'login'>, campaignId: unknown): Promise<LoginAnswer> {
      const interaction = await interactionFor(input.returnUrl, client);
      const { user, subject } = await lookUp(input.username);
      const state = await limits.state(subject, client.ip);
      if (state.locked) throw locked();
      if (state.captchaRequired) await requireCaptcha(deps.captcha, input.captcha, client.ip);

      const ok = await verifyPassword(user?.passwordHash ?? (await timingDummy()), input.password);
      if (!ok || !user?.passwordHash) {
        const captchaNow = await limits.recordFailure(subject, client.ip);
        throw badRequest(captchaNow && captchaOn ? 'error_multi_time' : 'login_invalid_info');
      }
      return firstFactorPassed(subject, {
        interaction,
        userId: user.id,
        method: 'password',
        rememberMachine: input.rememberMachine,
        client,
        campaignId,
      });
    },

    /** Ways to receive a sign-in code for this username: by its own kind, whether or not it has an account. */
    otpSupport({ userName }: InputOf<'otpSupport'>): OtpMethod[] {
      return normalizeLoginName(userName).kind === 'email'
        ? [{ type: 'email', title: 'otp_method_email' }]
        : [{ type: 'phone', title: 'otp_method_phone' }];
    },

    /**
     * Same answer whether or not the name belongs to an account: a name without one gets a real
     * code row that is sent to nobody, so its cooldown, tries and timing are the real ones too.
     */
    async sendLoginOtp(client: ClientInfo, { username, captcha }: InputOf<'sendLoginOtp'>): Promise<SendOtpAnswer> {
      const { name, user } = await lookUp(username);
      // The captcha counts only past the IP's send threshold (verification/service.ts limitSends).
      return codes.issue('login', name.value, {
        userId: user?.id ?? null,
        // In the language of the page the person is on, waiting for it (issue 34 point 9).
        locale: client.locale,
        ip: client.ip,
        captcha,
        message: user ? 'code' : 'nothing',
      });
    },

    async loginWithOtp(client: ClientInfo, input: InputOf<'loginByOtp'>, campaignId: unknown): Promise<LoginAnswer> {
      const interaction = await interactionFor(input.returnUrl, client);
      const { name, user, subject } = await lookUp(input.username);
      // The same door as the password step: locked, or the captcha once the streak is reached.
      const state = await limits.state(subject, client.ip);
      if (state.locked) throw locked();
      if (state.captchaRequired) await requireCaptcha(deps.captcha, input.captcha, client.ip);
      let signedIn: User;
      try {
        // Keyed by the account: a code sent before the address changed hands is not found.
        await codes.verify('login', name.value, input.otp, user?.id ?? null);
        if (!user) throw badRequest('otp_invalid', { otp: ['otp_invalid'] });
        signedIn = user;
      } catch (err) {
        // Wrong codes count towards the captcha and the lock like wrong passwords; a try where no
        // code was issued guessed nothing and does not count toward the lock (issue 24 point 6).
        await limits.recordFailure(subject, client.ip, { lock: !(err instanceof NoLiveCode), step: 'code' });
        throw err;
      }
      return firstFactorPassed(subject, {
        interaction,
        userId: signedIn.id,
        method: 'otp',
        rememberMachine: input.rememberMachine,
        client,
        campaignId,
        // A code to the e-mail was the first factor: an e-mail code is then no second one.
        firstFactorByEmail: name.kind === 'email',
      });
    },
  };
}
