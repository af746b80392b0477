import type {
  LoginAnswer,
  LoginRecoveryCodeInput,
  LoginTwoFactorInput,
  TwoFactorSendCodeAnswer,
} from '@portico/contracts';
import type Provider from 'oidc-provider';
import type { AppDeps } from '../../deps.js';
import { AppError, badRequest, tooMany } from '../../lib/errors.js';
import { createFlows, type Flow } from '../flows/index.js';
import { accountSubject, createLoginLimits, createSecondStepCount } from '../login-limits/index.js';
import { createTwoFactor } from '../two-factor/index.js';
import { findUserById } from '../users/index.js';
import { createVerificationService } from '../verification/index.js';
import { amrOf, firstFactorOfAmr, type SecondFactor } from './acr.js';
import { createAppCodes } from './app-codes.js';
import {
  asksTwoFactors,
  type ClientInfo,
  finishSignIn,
  oweSecondFactor,
  ownLoginFactors,
  SECOND_STEP_COOKIE,
  SECOND_STEP_KIND,
  type SecondStepData,
  secondStepAnswer,
} from './complete-sign-in.js';
import { findBoundInteraction, type Interaction, interactionUidOf } from './interaction.js';
import { createRememberedBrowsers } from './remembered.js';

const expired = () => badRequest('login_two_factor_expired');
const locked = () => new AppError(429, 'account_locked');
const noMethod = () =>
  badRequest('please_select_method_receive_2fa_code', {
    codeReceiveMethod: ['please_select_method_receive_2fa_code'],
  });

type OwedStep = { interaction: Interaction; flow: Flow<typeof SECOND_STEP_KIND>; userId: string; data: SecondStepData };

/**
 * Login step 3 (spec sign-in §2 step 3, §4, §7 "POST login two-factor", "POST login two-factor
 * recovery code", "POST two-factor send code"): the second step a first factor left owed
 * (complete-sign-in.ts oweSecondFactor), and the step-up a relying party asks for. The owed step is
 * a flow (server/src/modules/flows, kind sign_in_second_factor) found only with the secret of
 * this browser's cookie and the interaction this browser opened the login page for; it lives five
 * minutes and ends once (compare-and-set). Every wrong code counts in the account's sign-in
 * failure limits (login-limits.ts; the two-factor module's checks use them too) and in its own
 * second-step count, which a correct password does not clear (`counted`). Success finishes
 * through the one completion path, with both factors in amr.
 */
export function createSecondFactor(deps: AppDeps, provider: Provider) {
  const flows = createFlows(deps);
  const twoFactor = createTwoFactor(deps);
  const codes = createVerificationService(deps);
  const limits = createLoginLimits(deps);
  const counted = createSecondStepCount(deps);
  const remembered = createRememberedBrowsers(deps);
  const appCodes = createAppCodes(deps);

  const interactionFor = (returnUrl: string, client: ClientInfo) =>
    findBoundInteraction(provider, interactionUidOf(returnUrl, deps.config.publicUrl), client);

  /** The step this browser owes for the interaction its page names; login_two_factor_expired otherwise. */
  async function owed(returnUrl: string, client: ClientInfo): Promise<OwedStep> {
    const interaction = await interactionFor(returnUrl, client);
    const secret = client.cookies?.get(SECOND_STEP_COOKIE);
    const flow = secret ? await flows.findBySecret(SECOND_STEP_KIND, secret, interaction.uid) : undefined;
    if (flow?.state !== 'owed' || !flow.subject || flow.target !== interaction.uid) throw expired();
    return { interaction, flow, userId: flow.subject, data: flow.data as SecondStepData };
  }

  const offered = (step: OwedStep, type: string) => step.data.types.some((t) => t.type === type);

  const confirmedEmail = (userId: string) => twoFactor.secondStepEmail(userId);

  /** The second factor passed: the step ends (once), the browser may be remembered, the sign-in finishes. */
  async function pass(step: OwedStep, client: ClientInfo, second: SecondFactor, rememberDevice: boolean) {
    const { interaction, userId, data } = step;
    if (!(await flows.finish(SECOND_STEP_KIND, step.flow.id, 'owed'))) throw expired();
    client.cookies?.clear(SECOND_STEP_COOKIE);
    if (rememberDevice && client.cookies) await remembered.remember(userId, client.cookies, client);
    return finishSignIn(deps, provider, {
      interaction,
      userId,
      method: data.firstFactor,
      rememberMachine: data.rememberMachine,
      client,
      campaignId: data.campaignId,
      amr: amrOf(data.firstFactor, second),
      stepUp: data.stepUp,
    });
  }

  /** A check of the e-mail code under the account's failure limits, like a sign-in code (features/auth/service.ts). */
  async function checkEmailCode(userId: string, code: string, ip: string) {
    const email = await confirmedEmail(userId);
    if (!email) throw noMethod();
    const subject = accountSubject(userId);
    if (await limits.isLocked(subject)) throw locked();
    if (await limits.streakReached(subject)) throw tooMany();
    try {
      await codes.verify('two_factor', email, code, userId);
    } catch (err) {
      await limits.recordFailure(subject, ip, { step: 'second_step' });
      throw err;
    }
    await limits.recordSuccess(subject, ip);
  }

  return {
    /**
     * Step 3 again for this browser: the owed step (a reload of the login page, or the forgot
     * password page handing over), or else a step-up the relying party asked for (acr_values):
     * only the browser of the interaction's own session may start it, and its login stays.
     */
    async resume(client: ClientInfo, { returnUrl }: { returnUrl: string }): Promise<LoginAnswer> {
      const interaction = await interactionFor(returnUrl, client);
      const secret = client.cookies?.get(SECOND_STEP_COOKIE);
      const flow = secret ? await flows.findBySecret(SECOND_STEP_KIND, secret, interaction.uid) : undefined;
      if (flow?.state === 'owed' && flow.subject && flow.target === interaction.uid)
        return secondStepAnswer(interaction, flow.subject, (flow.data as SecondStepData).types);

      const session = interaction.session;
      const sessionCookie = client.cookies?.get(provider.cookieName('session'));
      if (!session?.accountId || !sessionCookie || sessionCookie !== session.cookie || !asksTwoFactors(interaction))
        throw expired();
      const userId = session.accountId;
      if (!(await findUserById(deps.database.db, userId))) throw expired();
      const firstFactor = firstFactorOfAmr(session.amr);
      // The session's own account steps up: a device's approval or code would be this session
      // vouching for itself, so only the account's own second factors (a passkey among them).
      const types = await ownLoginFactors(deps, userId, false);
      // Nothing to step up with: the session's login stands, and the ID token says one factor.
      if (types.length === 0)
        return finishSignIn(deps, provider, {
          interaction,
          userId,
          method: firstFactor,
          rememberMachine: true,
          client,
          amr: amrOf(firstFactor),
          stepUp: true,
        });
      return oweSecondFactor(deps, interaction, userId, client, {
        firstFactor,
        rememberMachine: true,
        types,
        stepUp: true,
      });
    },

    /** Sends the e-mail code of the owed step through the one verification service; answers the resend countdown. */
    async sendCode(client: ClientInfo, input: { returnUrl: string; codeReceiveMethod: 'email' }) {
      const step = await owed(input.returnUrl, client);
      if (!offered(step, input.codeReceiveMethod)) throw noMethod();
      const email = await confirmedEmail(step.userId);
      if (!email) throw noMethod();
      const { times } = await codes.issue('two_factor', email, {
        userId: step.userId,
        // In the language of the page the person is on (issue 34 point 9).
        locale: client.locale,
        ip: client.ip,
        // A first factor was passed for this account: the account, not a captcha, answers for the sends.
        captchaPassed: true,
      });
      return { expirySecond: times } satisfies TwoFactorSendCodeAnswer;
    },

    /** An authenticator code or an e-mail code. */
    async verify(client: ClientInfo, input: Required<LoginTwoFactorInput>): Promise<LoginAnswer> {
      const step = await owed(input.returnUrl, client);
      if (!offered(step, input.codeReceiveMethod)) throw noMethod();
      // A push request is answered on the device and a passkey in the browser's dialog; each
      // passes through passProven, never as a typed code.
      if (input.codeReceiveMethod === 'prompt' || input.codeReceiveMethod === 'passkey') throw noMethod();
      if (input.codeReceiveMethod === 'app') {
        if (!(await counted(step.userId, client.ip, () => appCodes.take(step.userId, input.twoFactorCode))))
          throw badRequest('authentication_code_is_incorrect', { twoFactorCode: ['authentication_code_is_incorrect'] });
        return pass(step, client, 'app', input.rememberMachine);
      }
      if (input.codeReceiveMethod === 'authenticator') {
        if (
          !(await counted(step.userId, client.ip, () => twoFactor.verifyTotp(step.userId, input.twoFactorCode, client)))
        )
          throw badRequest('authentication_code_is_incorrect', { twoFactorCode: ['authentication_code_is_incorrect'] });
        return pass(step, client, 'authenticator', input.rememberMachine);
      }
      await counted(step.userId, client.ip, async () => {
        await checkEmailCode(step.userId, input.twoFactorCode, client.ip);
        return true;
      });
      return pass(step, client, 'email', input.rememberMachine);
    },

    /**
     * Who this browser owes a second step to, when `type` may pass it (offered): the account and
     * the interaction, or null. A push request (server/src/features/approval) and a passkey
     * challenge (server/src/features/passkeys) are asked for with it.
     */
    async owedTo(
      client: ClientInfo,
      returnUrl: string,
      type: 'prompt' | 'passkey',
    ): Promise<{ userId: string; interactionUid: string } | null> {
      const step = await owed(returnUrl, client).catch(() => undefined);
      return step && offered(step, type) ? { userId: step.userId, interactionUid: step.interaction.uid } : null;
    },

    /**
     * The owed step passed outside this module: the account's device approved this browser's push
     * request (`prompt`), or one of its passkeys answered a challenge for this step (`passkey`).
     */
    async passProven(
      client: ClientInfo,
      input: { returnUrl: string; rememberMachine: boolean },
      userId: string,
      factor: 'prompt' | 'passkey',
    ): Promise<LoginAnswer> {
      const step = await owed(input.returnUrl, client);
      if (!offered(step, factor) || step.userId !== userId) throw expired();
      return pass(step, client, factor, input.rememberMachine);
    },

    /** A recovery code, offered with the authenticator (spec §2 step 3: its checkbox); each passes once. */
    async verifyRecoveryCode(client: ClientInfo, input: Required<LoginRecoveryCodeInput>): Promise<LoginAnswer> {
      const step = await owed(input.returnUrl, client);
      if (!offered(step, 'authenticator')) throw noMethod();
      if (
        !(await counted(step.userId, client.ip, () =>
          twoFactor.consumeRecoveryCode(step.userId, input.recoveryCode, client),
        ))
      )
        throw badRequest('recovery_code_is_incorrect', { recoveryCode: ['recovery_code_is_incorrect'] });
      return pass(step, client, 'recoveryCode', input.rememberMachine);
    },
  };
}
