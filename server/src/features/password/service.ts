import {
  type ChangePasswordAnswer,
  maskLoginName,
  type OtpType,
  type ParsedInputOf,
  type PasswordOtpMethod,
  type passwordEndpoints,
  type SetPasswordAnswer,
  type TempPasswordAnswer,
} from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import type { UserContext } from '../../http/endpoint.js';
import type { CallerContext } from '../../lib/caller.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { inTransaction } from '../../modules/events/index.js';
import { createCodeFlows } from '../../modules/flows/index.js';
import { findConfirmedPrimaryContact, replacePassword, setFirstPassword } from '../../modules/password/index.js';
import { createPasswordCheck, createSecondStepCount } from '../../modules/sign-in/index.js';
import { createTwoFactor } from '../../modules/two-factor/index.js';
import { CONTACT_EMAIL, CONTACT_PHONE, type User } from '../../modules/users/index.js';

type SentType = Exclude<OtpType, 'authenticator'>;
const CONTACT_TYPE: Record<SentType, number> = { email: CONTACT_EMAIL, phone: CONTACT_PHONE };
const METHOD_KEY: Record<SentType, string> = { email: 'otp_method_email', phone: 'otp_method_phone' };
const selectMethod = () =>
  badRequest('please_select_method_receive_2fa_code', { OtpType: ['please_select_method_receive_2fa_code'] });

/** The signed-in user, the session of the request's token (what logoutAll keeps) and the caller's IP. */
export type PasswordContext = Pick<UserContext, 'user' | 'sessionUid' | 'grantId'> & {
  caller: CallerContext;
};
export type ChangePasswordInput = ParsedInputOf<typeof passwordEndpoints.changePassword>;
export type SetPasswordInput = ParsedInputOf<typeof passwordEndpoints.setPassword>;

/** Change password with a code, and set a first password (spec sign-in §2 Change password page, §4, §5, §7). */
export function createPasswordService(deps: AppDeps) {
  const db = deps.database.db;
  const steps = createCodeFlows(deps);
  // Wrong current passwords count towards the same streak and lock as wrong sign-ins.
  const checkAccountPassword = createPasswordCheck(deps);

  const twoFactor = createTwoFactor(deps);
  const counted = createSecondStepCount(deps);

  async function methodTarget(user: User, type: SentType) {
    const contact = await findConfirmedPrimaryContact(db, user.id, CONTACT_TYPE[type]);
    if (!contact) throw selectMethod();
    return contact.value;
  }

  /** Where a set-first-password code goes: the method asked for, else the primary e-mail, else the phone. */
  async function codeTarget(user: User, type: SentType | undefined): Promise<string> {
    if (type) return methodTarget(user, type);
    for (const kind of ['email', 'phone'] as const) {
      const contact = await findConfirmedPrimaryContact(db, user.id, CONTACT_TYPE[kind]);
      if (contact) return contact.value;
    }
    // A Zalo account without an e-mail or phone has nowhere to send the proof.
    throw badRequest('set_password_no_contact');
  }

  /** The new password, the other sessions ended when asked, the activity entry, then the alert (password.changed). */
  async function setNewPassword({ user, sessionUid, grantId, caller }: PasswordContext, input: ChangePasswordInput) {
    const hash = await hashPassword(input.newpassword);
    await db.transaction((tx) =>
      replacePassword(tx, {
        how: 'changed',
        userId: user.id,
        hash,
        ip: caller.ip,
        logoutAll: input.logoutAll,
        keep: { sessionUid: sessionUid ?? undefined, grantId: grantId ?? undefined },
      }),
    );
    await deps.events.publish('password.changed', { userId: user.id, ip: caller.ip, how: 'changed' });
  }

  return {
    /**
     * Where the change-password code can come from: with two-step on, the account's second
     * factors (e-mail first, the spec's default method, then the authenticator app); otherwise
     * the confirmed primary e-mail and phone, masked (the change then needs no code).
     */
    async otpMethods(user: User): Promise<PasswordOtpMethod[]> {
      if (await twoFactor.isEnabled(user.id)) {
        const factors = await twoFactor.methods(user.id);
        return [...factors.filter((m) => m.type === 'email'), ...factors.filter((m) => m.type === 'authenticator')].map(
          (m) => ({ type: m.type as OtpType, staticKey: m.staticKey, value: m.value ?? '' }),
        );
      }
      const methods: PasswordOtpMethod[] = [];
      for (const type of ['email', 'phone'] as const) {
        const contact = await findConfirmedPrimaryContact(db, user.id, CONTACT_TYPE[type]);
        if (contact) methods.push({ type, staticKey: METHOD_KEY[type], value: maskLoginName(contact.value) });
      }
      return methods;
    },

    /** check-require-password: whether changing needs the current one; false for an account without a password (set mode). */
    requirePassword(user: User, id: string | undefined): boolean {
      // The spec names the subject; another account's is not known here.
      if (id && id !== user.id) throw notFound();
      return !!user.passwordHash;
    },

    /** has-temp-password: `data` true while the account has no password of its own. */
    tempPassword(user: User): TempPasswordAnswer {
      return { isOk: true, data: !user.passwordHash, msg: '' };
    },

    /**
     * With two-step verification off, the current password is enough: the password changes at
     * once ({ twoFactorDisabled: true }). With it on, step 1 (empty otp) checks the form and the
     * current password and sends a code to the e-mail ({ times }), or, for the authenticator app,
     * sends nothing ({ times: 0 }); step 2 checks them again and the code (the app's code once per
     * time step, server/src/modules/two-factor). logoutAll ends every other session (this one stays).
     */
    async changePassword(ctx: PasswordContext, input: ChangePasswordInput): Promise<ChangePasswordAnswer> {
      const { user, caller } = ctx;
      if (!user.passwordHash) throw badRequest('password_not_set');
      if (!(await checkAccountPassword(user, input.currentpassword, caller.ip))) {
        throw badRequest('invalid_password', { currentpassword: ['invalid_password'] });
      }
      if (!(await twoFactor.isEnabled(user.id))) {
        await setNewPassword(ctx, input);
        return { twoFactorDisabled: true };
      }
      if (input.otpType === 'authenticator') {
        if (!(await twoFactor.methods(user.id)).some((m) => m.type === 'authenticator')) throw selectMethod();
        const code = input.otp;
        if (!code) return { times: 0 };
        // A second factor guessed here counts like one at sign-in (login-limits.ts createSecondStepCount).
        if (!(await counted(user.id, caller.ip, () => twoFactor.verifyTotp(user.id, code, caller))))
          throw badRequest('authentication_code_is_incorrect', { otp: ['authentication_code_is_incorrect'] });
        await setNewPassword(ctx, input);
        return { ok: true };
      }
      // Two-step on: the code goes to the e-mail, one of the account's second factors (not the phone).
      if (input.otpType !== 'email') throw selectMethod();
      const target = await methodTarget(user, input.otpType);
      if (!input.otp)
        return steps.send(
          'change_password',
          { target, subject: user.id },
          // In the language of the page the person is on (issue 34 point 9).
          { locale: caller.locale, ip: caller.ip },
        );

      // The change_password flow (server/src/modules/flows/kinds.ts) is done with the right code, once.
      await steps.pass('change_password', { target, subject: user.id }, input.otp, 'done');
      await setNewPassword(ctx, input);
      return { ok: true };
    },

    /**
     * The first password of an account that has none, through the code step (spec §7 set first
     * password): the first submission sends a code to the confirmed primary e-mail (or phone, or
     * the one OtpType names), the second sets the password with it. The code is the proof a stolen
     * token lacks (issue 24 point 5); the owner is told with an undo link (setFirstPassword).
     */
    async setPassword({ user, caller }: PasswordContext, input: SetPasswordInput): Promise<SetPasswordAnswer> {
      if (input.id && input.id !== user.id) throw notFound();
      if (user.passwordHash) throw badRequest('password_already_set');
      const target = await codeTarget(user, input.otpType);
      if (!input.otp)
        return steps.send('change_password', { target, subject: user.id }, { locale: caller.locale, ip: caller.ip });
      await steps.pass('change_password', { target, subject: user.id }, input.otp, 'done');
      const passwordHash = await hashPassword(input.newpassword);
      await inTransaction(db, (tx, afterCommit) =>
        setFirstPassword(deps, tx, afterCommit, { userId: user.id, passwordHash, ip: caller.ip }),
      );
      return { ok: true };
    },
  };
}
