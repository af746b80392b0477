import type {
  AuthenticatorSetup,
  CheckPasswordInput,
  RecoveryCodes,
  TwoFactorDetails,
  VerificationCodeInput,
} from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import type { UserContext } from '../../http/endpoint.js';
import type { CallerContext } from '../../lib/caller.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { insertActivity } from '../../modules/activity/index.js';
import { createAccountStepUp } from '../../modules/sign-in/index.js';
import { createTwoFactor } from '../../modules/two-factor/index.js';
import { CONTACT_EMAIL, CONTACT_PHONE, findPrimaryContact, type User } from '../../modules/users/index.js';
import { TWO_FACTOR_ACTIVITY } from './activity.js';

export type TwoFactorContext = Pick<UserContext, 'user' | 'sessionUid' | 'grantId' | 'clientId'> & {
  caller: CallerContext;
};

const incorrect = () =>
  badRequest('authentication_code_is_incorrect', { verificationCode: ['authentication_code_is_incorrect'] });

/**
 * The /security/2fa settings (spec account §2, §4, §5, §7 Two-factor). The rules of two-step
 * itself are server/src/modules/two-factor; here: the password step in front of setup, new
 * recovery codes and reset, and the answers' shapes and message keys.
 */
export function createTwoFactorSettings(deps: AppDeps) {
  const db = deps.database.db;
  const twoFactor = createTwoFactor(deps);
  // Setup, off, new recovery codes and reset say `stepUp` in contracts/src/two-factor.ts: the one
  // step-up of the account pages stands in front of them (server/src/http/endpoint.ts).
  const stepUp = createAccountStepUp(deps);

  async function details(userId: string): Promise<TwoFactorDetails> {
    const s = await twoFactor.status(userId);
    return {
      twoFactorEnabled: s.enabled,
      hasAuthenticator: s.hasAuthenticator,
      recoveryCodesLeft: s.recoveryCodesLeft,
    };
  }

  /** How the account is named in the authenticator app: its primary e-mail, else its phone. */
  async function accountLabel(user: User): Promise<string> {
    const contact =
      (await findPrimaryContact(db, user.id, CONTACT_EMAIL)) ?? (await findPrimaryContact(db, user.id, CONTACT_PHONE));
    return contact?.value || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.id;
  }

  return {
    details: ({ user }: TwoFactorContext) => details(user.id),

    /** The spec's password step of this page: the step-up's first proof (a second factor may still be owed). */
    async checkPassword(ctx: TwoFactorContext, { password }: CheckPasswordInput): Promise<true> {
      try {
        await stepUp.verify(ctx, { method: 'password', value: password });
      } catch (err) {
        if (err instanceof AppError && err.fieldErrors?.value)
          throw badRequest(err.messageKey, { password: err.fieldErrors.value });
        throw err;
      }
      return true;
    },

    async setupAuthenticator(ctx: TwoFactorContext): Promise<AuthenticatorSetup> {
      return twoFactor.startSetup(ctx.user.id, await accountLabel(ctx.user));
    },

    async verifyAuthenticator(ctx: TwoFactorContext, input: VerificationCodeInput): Promise<RecoveryCodes> {
      const result = await twoFactor.finishSetup(ctx.user.id, input.verificationCode, ctx.caller);
      if (result === 'expired') throw badRequest('two_factor_setup_expired');
      if (result === 'incorrect') throw incorrect();
      return { recoveryCodes: result };
    },

    async enable(ctx: TwoFactorContext): Promise<TwoFactorDetails> {
      if (!(await twoFactor.enable(ctx.user.id, ctx.caller))) throw badRequest('two_factor_setup_required');
      return details(ctx.user.id);
    },

    /** Off needs the step-up proof too: a stolen access token alone must not remove the second factor. */
    async disable(ctx: TwoFactorContext): Promise<TwoFactorDetails> {
      await twoFactor.disable(ctx.user.id, ctx.caller);
      return details(ctx.user.id);
    },

    async generateRecoveryCodes(ctx: TwoFactorContext): Promise<RecoveryCodes> {
      const codes = await twoFactor.regenerateRecoveryCodes(ctx.user.id, async (tx) => {
        await insertActivity(tx, {
          userId: ctx.user.id,
          action: TWO_FACTOR_ACTIVITY.recoveryCodesGenerated,
          params: { ip: ctx.caller.ip },
        });
      });
      if (!codes) throw badRequest('two_factor_not_enabled');
      return { recoveryCodes: codes };
    },

    async resetAuthenticator(ctx: TwoFactorContext): Promise<TwoFactorDetails> {
      await twoFactor.reset(ctx.user.id, ctx.caller);
      // The proof served its purpose; a new setup asks for it again.
      await stepUp.spend(ctx);
      return details(ctx.user.id);
    },
  };
}
