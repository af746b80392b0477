import {
  isSocialProvider,
  maskLoginName,
  type StepUpMethod,
  type StepUpStatus,
  type StepUpVerifyInput,
} from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { signInOfSession } from '../devices/index.js';
import { createFlows } from '../flows/index.js';
import { createPasswordCheck, createSecondStepCount } from '../login-limits/index.js';
import { createTwoFactor } from '../two-factor/index.js';
import { securityContact, type User } from '../users/index.js';
import { createVerificationService } from '../verification/index.js';
import { secondFactorTypes } from './complete-sign-in.js';
import { hasPasskey } from './queries.js';

const KIND = 'account_step_up';
/** How long a step-up may wait for its second factor once the first proof was given. */
const SECOND_FACTOR_WAIT_SECONDS = 600;

/** The signed-in caller of an account endpoint: the account and the sign-in (grant) its token belongs to. */
export type StepUpCaller = {
  user: User;
  grantId: string | null;
  sessionUid: string | null;
  clientId: string;
  caller: CallerContext;
};

type StepData = { firstByEmail?: boolean };

export const stepUpRequired = () => new AppError(403, 'step_up_required');
const expired = () => badRequest('step_up_expired');
const noMethod = () =>
  badRequest('please_select_method_receive_2fa_code', { method: ['please_select_method_receive_2fa_code'] });
const wrong = (key: 'invalid_password' | 'authentication_code_is_incorrect' | 'recovery_code_is_incorrect') =>
  badRequest(key, { value: [key] });

/** A code service error names its field `otp`; the step-up's field is `value`. */
async function onValue(check: Promise<void>): Promise<void> {
  try {
    await check;
  } catch (err) {
    if (err instanceof AppError && err.fieldErrors?.otp) throw badRequest(err.messageKey, { value: [err.messageKey] });
    throw err;
  }
}

/**
 * The one step-up of the account pages (issue 24 point 5): the changes that decide how an account
 * signs in or recovers need a proof given for them, because a stolen access token is recent too.
 * The proof is the password (a code to the primary address for an account without one), then a
 * second factor while two-step is on, or one of the account's passkeys for both; it holds STEP_UP_PROOF_SECONDS for the sign-in (the token's
 * grant) it was given in, never for another. A flow (server/src/modules/flows, kind
 * account_step_up) is the record; `require` is what server/src/http/endpoint.ts runs before every
 * endpoint that says `stepUp: true`. Every check is counted: the password by the sign-in limits,
 * second factors also by the account's second-step count (login-limits.ts).
 */
export function createAccountStepUp(deps: AppDeps) {
  const db = deps.database.db;
  const flows = createFlows(deps);
  const twoFactor = createTwoFactor(deps);
  const codes = createVerificationService(deps);
  const checkAccountPassword = createPasswordCheck(deps);
  const counted = createSecondStepCount(deps);

  // The proof belongs to the sign-in its token came from (the grant, else the session); a token
  // with neither cannot hold one, so it never shares another sign-in's.
  const keyOf = (who: StepUpCaller) => {
    const signIn = who.grantId ? `grant:${who.grantId}` : who.sessionUid ? `session:${who.sessionUid}` : undefined;
    if (!signIn) throw stepUpRequired();
    return { target: signIn, subject: who.user.id };
  };
  const current = (who: StepUpCaller) => flows.find(KIND, keyOf(who));

  /** Where a first-proof code goes for an account without a password: its confirmed primary e-mail, else phone. */
  const codeTarget = async (userId: string) => (await securityContact(db, userId)) ?? undefined;

  /**
   * An account with no password and nowhere to send a code (a Zalo sign-up that skipped
   * update-info) has no proof to give but its provider's: the sign-in itself, made through the
   * provider, counts as the proof for STEP_UP_PROOF_SECONDS after it (like a max_age), so that it
   * can add an e-mail or a provider. Answers the seconds it still holds (0: it does not).
   */
  async function freshProviderSignIn(who: StepUpCaller): Promise<number> {
    if (who.user.passwordHash || !who.sessionUid || (await codeTarget(who.user.id))) return 0;
    const signIn = await signInOfSession(db, who.sessionUid);
    if (!signIn || !isSocialProvider(signIn.method)) return 0;
    const age = (Date.now() - signIn.at.getTime()) / 1000;
    return Math.max(0, Math.floor(deps.config.STEP_UP_PROOF_SECONDS - age));
  }

  async function status(who: StepUpCaller): Promise<StepUpStatus> {
    const flow = await current(who);
    const fresh = flow?.state === 'proven' ? 0 : await freshProviderSignIn(who);
    if (fresh > 0)
      return {
        proven: true,
        expiresIn: fresh,
        next: null,
        first: 'code',
        codeTo: null,
        secondFactors: [],
        passkey: false,
      };
    const first = who.user.passwordHash ? 'password' : 'code';
    const target = first === 'code' ? await codeTarget(who.user.id) : undefined;
    const proven = flow?.state === 'proven';
    const next = proven ? null : flow?.state === 'second_owed' ? 'second' : 'first';
    const data = (flow?.data ?? {}) as StepData;
    return {
      proven,
      expiresIn: proven && flow ? Math.max(0, Math.floor((flow.expiresAt.getTime() - Date.now()) / 1000)) : 0,
      next,
      first,
      codeTo: target ? maskLoginName(target) : null,
      secondFactors: next === 'second' ? await secondFactorTypes(deps, who.user.id, data.firstByEmail === true) : [],
      passkey: !proven && (await hasPasskey(db, who.user.id)),
    };
  }

  /** The first proof passed: a second factor is owed while two-step is on, else the proof holds now. */
  async function firstPassed(who: StepUpCaller, firstByEmail: boolean) {
    const owesSecond =
      (await twoFactor.isEnabled(who.user.id)) && (await secondFactorTypes(deps, who.user.id, firstByEmail)).length > 0;
    const { flow } = await flows.start(KIND, {
      ...keyOf(who),
      ttlSeconds: SECOND_FACTOR_WAIT_SECONDS,
      data: { firstByEmail } satisfies StepData,
    });
    if (!owesSecond) await prove(flow.id);
  }

  async function prove(id: string) {
    const moved = await flows.advance(KIND, id, 'second_owed', 'proven', {
      ttlSeconds: deps.config.STEP_UP_PROOF_SECONDS,
    });
    if (!moved) throw expired();
  }

  async function checkFirst(who: StepUpCaller, method: 'password' | 'code', value: string) {
    const { user, caller } = who;
    if (method === 'password') {
      if (!user.passwordHash) throw badRequest('password_not_set');
      if (!(await checkAccountPassword(user, value, caller.ip))) throw wrong('invalid_password');
      return firstPassed(who, false);
    }
    // An account with a password proves with it: a code to an address is the way of those without one.
    if (user.passwordHash) throw noMethod();
    const target = await codeTarget(user.id);
    if (!target) throw noMethod();
    await onValue(codes.verify('step_up', target, value, user.id));
    return firstPassed(who, target.includes('@'));
  }

  async function checkSecond(who: StepUpCaller, method: Exclude<StepUpMethod, 'password' | 'code'>, value: string) {
    const { user, caller } = who;
    const flow = await current(who);
    if (flow?.state !== 'second_owed') throw expired();
    const data = flow.data as StepData;
    const offered = await secondFactorTypes(deps, user.id, data.firstByEmail === true);
    const offers = (type: string) => offered.some((t) => t.type === type);
    if (method === 'email') {
      const email = offers('email') ? await twoFactor.secondStepEmail(user.id) : undefined;
      if (!email) throw noMethod();
      await counted(user.id, caller.ip, async () => {
        await onValue(codes.verify('two_factor', email, value, user.id));
        return true;
      });
    } else if (!offers('authenticator')) {
      throw noMethod();
    } else if (method === 'authenticator') {
      if (!(await counted(user.id, caller.ip, () => twoFactor.verifyTotp(user.id, value, caller))))
        throw wrong('authentication_code_is_incorrect');
    } else if (!(await counted(user.id, caller.ip, () => twoFactor.consumeRecoveryCode(user.id, value, caller)))) {
      throw wrong('recovery_code_is_incorrect');
    }
    await prove(flow.id);
  }

  return {
    status,

    /** Gives one proof (first or second); answers the status after it. */
    async verify(who: StepUpCaller, { method, value }: Required<StepUpVerifyInput>): Promise<StepUpStatus> {
      if (method === 'password' || method === 'code') await checkFirst(who, method, value);
      else await checkSecond(who, method, value);
      return status(who);
    },

    /**
     * One of the account's passkeys answered a challenge for this account (server/src/features/passkeys
     * checks it): possession and user verification at once, so the whole proof holds now, whatever
     * was asked before.
     */
    async passkeyPassed(who: StepUpCaller): Promise<StepUpStatus> {
      const { flow } = await flows.start(KIND, { ...keyOf(who), ttlSeconds: SECOND_FACTOR_WAIT_SECONDS });
      await prove(flow.id);
      return status(who);
    },

    /** Sends the first-proof code to the primary address (`code`), or the second step's e-mail code (`email`). */
    async sendCode(who: StepUpCaller, method: 'code' | 'email'): Promise<{ times: number }> {
      const { user, caller } = who;
      // In the language of the page the person is on (issue 34 point 9).
      const options = { userId: user.id, locale: caller.locale, ip: caller.ip };
      if (method === 'code') {
        const target = user.passwordHash ? undefined : await codeTarget(user.id);
        if (!target) throw noMethod();
        return codes.issue('step_up', target, options);
      }
      const flow = await current(who);
      if (flow?.state !== 'second_owed') throw expired();
      if ((flow.data as StepData).firstByEmail) throw noMethod();
      const email = await twoFactor.secondStepEmail(user.id);
      if (!email) throw noMethod();
      return codes.issue('two_factor', email, options);
    },

    /** What an endpoint that says `stepUp: true` runs first: 403 step_up_required unless a proof holds. */
    async require(who: StepUpCaller): Promise<void> {
      if ((await current(who))?.state !== 'proven' && (await freshProviderSignIn(who)) === 0) throw stepUpRequired();
    },

    /** A proof served a change that ends this sign-in's trust in it (the two-step reset): asked again next time. */
    async spend(who: StepUpCaller): Promise<void> {
      const flow = await current(who);
      if (flow?.state === 'proven') await flows.finish(KIND, flow.id, 'proven');
    },
  };
}

export type AccountStepUp = ReturnType<typeof createAccountStepUp>;
