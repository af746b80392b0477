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
import { createPasswordCheck } from '../../modules/sign-in/index.js';
import { createTwoFactor } from '../../modules/two-factor/index.js';
import { CONTACT_EMAIL, CONTACT_PHONE, findPrimaryContact, type User } from '../../modules/users/index.js';
import { TWO_FACTOR_ACTIVITY } from './activity.js';

/** How long a checked password lets this sign-in set up, regenerate or reset (spec account §4: the password step comes first). */
export const PASSWORD_PROOF_SECONDS = 10 * 60;

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
  // Wrong passwords count towards the same streak and lock as wrong sign-ins.
  const checkAccountPassword = createPasswordCheck(deps);
  // Bound to the token's grant: another sign-in of the same account has not proved anything.
  const proofKey = ({ user, grantId, sessionUid, clientId }: TwoFactorContext) =>
    `2fa:pw:${user.id}:${grantId ?? sessionUid ?? clientId}`;

  async function requirePasswordProof(ctx: TwoFactorContext) {
    if (!(await deps.kv.get(proofKey(ctx)))) throw new AppError(403, 'two_factor_password_required');
  }

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

    async checkPassword(ctx: TwoFactorContext, { password }: CheckPasswordInput): Promise<true> {
      if (!ctx.user.passwordHash) throw badRequest('password_not_set');
      if (!(await checkAccountPassword(ctx.user, password, ctx.caller.ip)))
        throw badRequest('invalid_password', { password: ['invalid_password'] });
      await deps.kv.set(proofKey(ctx), '1', PASSWORD_PROOF_SECONDS);
      return true;
    },

    async setupAuthenticator(ctx: TwoFactorContext): Promise<AuthenticatorSetup> {
      await requirePasswordProof(ctx);
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

    /** Off needs the password too: a stolen access token alone must not remove the second factor. */
    async disable(ctx: TwoFactorContext): Promise<TwoFactorDetails> {
      await requirePasswordProof(ctx);
      await twoFactor.disable(ctx.user.id, ctx.caller);
      return details(ctx.user.id);
    },

    async generateRecoveryCodes(ctx: TwoFactorContext): Promise<RecoveryCodes> {
      await requirePasswordProof(ctx);
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
      await requirePasswordProof(ctx);
      await twoFactor.reset(ctx.user.id, ctx.caller);
      // The proof served its purpose; a new setup asks for the password again.
      await deps.kv.del(proofKey(ctx));
      return details(ctx.user.id);
    },
  };
}
