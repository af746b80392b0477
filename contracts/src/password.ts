import { z } from 'zod';
import { codeSentSchema, doneSchema, featureEndpoints } from './endpoint.js';
import type { MessageKey } from './i18n/index.js';

// Password policy shared by the server and the web app (spec sign-in §5, §9). The server adds
// one rule the browser cannot check cheaply: the 10,000 most common passwords are refused.

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
/**
 * The longest text a password field takes, in UTF-16 units: 200 characters may arrive decomposed
 * (NFD: a Vietnamese letter can be three units) or from the astral planes (two units each).
 */
export const PASSWORD_INPUT_MAX = PASSWORD_MAX_LENGTH * 4;

// Any Unicode text is a password ("Mật-khẩu-rất-dài-2026"); lengths count characters (code
// points) of the NFC form, so "ậ" typed precomposed or as a + two combining marks is one.
const DIGIT = /\p{Nd}/u;
/** Anything that is not a letter (with its combining marks) or a digit is a special character. */
const SPECIAL = /[^\p{L}\p{M}\p{N}]/u;
/** Control characters (NUL, line breaks, escapes) are never part of a password. */
const CONTROL = /\p{Cc}/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;

/**
 * The one form in which a password is hashed, compared and checked: Unicode NFC. Keyboards and
 * systems differ (macOS and some Vietnamese input methods send decomposed NFD text), and the
 * same password must match whichever way it was typed.
 */
export const normalizePassword = (password: string): string => password.normalize('NFC');

const characterCount = (password: string) => Array.from(password).length;

/**
 * The password rule: 6 to 200 characters, at least one digit and one special character (any
 * character that is not a letter or a digit: space, punctuation, symbols), any Unicode letters,
 * no control characters. Message when broken: error_password_invalid.
 */
export function isValidPassword(password: string): boolean {
  const pw = normalizePassword(password);
  const length = characterCount(pw);
  return (
    length >= PASSWORD_MIN_LENGTH &&
    length <= PASSWORD_MAX_LENGTH &&
    !CONTROL.test(pw) &&
    DIGIT.test(pw) &&
    SPECIAL.test(pw)
  );
}

/** The guide's rules (spec §2, §5), each true once the password keeps it. */
export const passwordRuleChecks = (password: string) => {
  const pw = normalizePassword(password);
  return {
    length: characterCount(pw) >= PASSWORD_MIN_LENGTH,
    digit: DIGIT.test(pw),
    special: SPECIAL.test(pw),
  };
};

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

/**
 * The 4-bar meter, exactly as spec §5 defines it: 0 empty; 1 shorter than 6 or weak; 2 six or
 * more with any two of upper case, lower case, digit; 3 eight or more with upper, lower, digit
 * and special character; 4 the same and longer than 8.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (!password) return 0;
  const pw = normalizePassword(password);
  const length = characterCount(pw);
  if (length < PASSWORD_MIN_LENGTH) return 1;
  const upper = UPPER.test(pw);
  const lower = LOWER.test(pw);
  const digit = DIGIT.test(pw);
  const special = SPECIAL.test(pw);
  if (upper && lower && digit && special) {
    if (length > 8) return 4;
    if (length >= 8) return 3;
  }
  if ([upper, lower, digit].filter(Boolean).length >= 2) return 2;
  return 1;
}

/**
 * True when the password is on a list of common passwords (lower case), compared without case
 * and once more with every special character taken out: the rule makes people decorate a common
 * word ("Password1!"), and that is no harder to guess than the word. The list itself is large:
 * the server loads it (server/src/modules/password/policy.ts), the web app lazily
 * (web/src/lib/commonPasswords.ts).
 */
export function isCommonPassword(password: string, list: ReadonlySet<string>): boolean {
  const lower = normalizePassword(password).trim().toLowerCase();
  return list.has(lower) || list.has(lower.replace(/[^\p{L}\p{M}\p{N}]/gu, ''));
}

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

/** The refused list from a frequency-ranked list of leaked passwords (most common first). */
export const commonPasswordSet = (ranked: readonly string[]): ReadonlySet<string> =>
  new Set(ranked.slice(0, COMMON_PASSWORD_COUNT));

/** Message key of a password that keeps the rule but is too common (issue 8, point 21). */
export const PASSWORD_COMMON_KEY = 'error_password_common';

/** An extra server-side acceptance test (the common-password list); true when acceptable (else error_password_common). */
export type PasswordAcceptance = (password: string) => boolean;

/** Message keys of one password + repeat pair; they differ between forms (spec §5). */
export type PasswordPairKeys = {
  empty: MessageKey;
  invalid: MessageKey;
  repeatEmpty: MessageKey;
  mismatch: MessageKey;
};

/** Register, update-info and reset: password / rePassword. */
export const DETAILS_PASSWORD_KEYS: PasswordPairKeys = {
  empty: 'error_password_empty',
  invalid: 'error_password_invalid',
  repeatEmpty: 'error_repassword_empty',
  mismatch: 'error_confirm_new_password',
};

/** Change password and set first password: new / confirm. */
export const NEW_PASSWORD_KEYS: PasswordPairKeys = {
  empty: 'error_new_password_empty',
  invalid: 'error_password_invalid',
  repeatEmpty: 'error_confirm_new_password_empty',
  mismatch: 'error_confirm_new_password',
};

/** One failed rule: the form field and the message key. */
export type FieldError = { field: string; key: MessageKey };

/**
 * The rules of a password and its repeat, in the spec's order: empty, invalid, repeat empty,
 * mismatch. Both values are trimmed first (spec: "passwords are trimmed").
 */
export function passwordPairErrors(
  password: string,
  repeat: string,
  keys: PasswordPairKeys,
  fields: { password: string; repeat: string },
  accept: PasswordAcceptance = () => true,
): FieldError[] {
  const errors: FieldError[] = [];
  const pw = password.trim();
  const again = repeat.trim();
  if (!pw) errors.push({ field: fields.password, key: keys.empty });
  else if (!isValidPassword(pw)) errors.push({ field: fields.password, key: keys.invalid });
  else if (!accept(pw)) errors.push({ field: fields.password, key: PASSWORD_COMMON_KEY });
  if (!again) errors.push({ field: fields.repeat, key: keys.repeatEmpty });
  else if (pw && again !== pw) errors.push({ field: fields.repeat, key: keys.mismatch });
  return errors;
}

/** Adds the errors, in order, to a zod refinement context. */
export function reportErrors(ctx: z.core.$RefinementCtx, errors: FieldError[]): void {
  for (const e of errors) ctx.addIssue({ code: 'custom', path: [e.field], message: e.key });
}

/** A text field that may be missing; wrong types are refused, missing is ''. */
export const optionalText = (max = 1000) => z.string().max(max).optional().default('');

/** The password / rePassword fields of register, update-info and reset (DETAILS_PASSWORD_KEYS). */
export const detailsPasswordFields = {
  password: optionalText(PASSWORD_INPUT_MAX),
  rePassword: optionalText(PASSWORD_INPUT_MAX),
};

/** The rules of those two fields, with their keys. */
export const detailsPasswordErrors = (v: { password: string; rePassword: string }, accept?: PasswordAcceptance) =>
  passwordPairErrors(
    v.password,
    v.rePassword,
    DETAILS_PASSWORD_KEYS,
    { password: 'password', repeat: 'rePassword' },
    accept,
  );

// ---- Change password and set first password (spec §7 "Change password") -------------------

/**
 * Where the change-password code comes from: a code sent to the e-mail or phone, or, with two-step
 * verification on, the authenticator app (spec sign-in §3 Two-factor method entries; issue 11 point 5).
 */
export const OTP_TYPES = ['email', 'phone', 'authenticator'] as const;
export type OtpType = (typeof OTP_TYPES)[number];

/** A way to get the change-password code: staticKey is a message key, value the masked address ('' for the app). */
export const passwordOtpMethodSchema = z.object({ type: z.enum(OTP_TYPES), staticKey: z.string(), value: z.string() });
export type PasswordOtpMethod = z.infer<typeof passwordOtpMethodSchema>;

/**
 * POST change-password. First submission with an empty otp: a code goes to OtpType and the
 * answer is { times }. Second submission with the otp: the password changes, answer { ok: true }.
 * `accept` adds the server's common-password check; `currentRequired` is false for accounts
 * without a password (they use set-password instead).
 */
export const changePasswordInput = (opts: { accept?: PasswordAcceptance } = {}) =>
  z
    .object({
      currentpassword: optionalText(PASSWORD_INPUT_MAX),
      newpassword: optionalText(PASSWORD_INPUT_MAX),
      confirmnewpassword: optionalText(PASSWORD_INPUT_MAX),
      otp: optionalText(20),
      OtpType: z.string().max(20).optional(),
      logoutAll: z.boolean().optional().default(false),
    })
    .superRefine((v, ctx) => {
      const errors: FieldError[] = [];
      if (!v.currentpassword.trim()) errors.push({ field: 'currentpassword', key: 'error_current_password_empty' });
      errors.push(
        ...passwordPairErrors(
          v.newpassword,
          v.confirmnewpassword,
          NEW_PASSWORD_KEYS,
          { password: 'newpassword', repeat: 'confirmnewpassword' },
          opts.accept,
        ),
      );
      if (!OTP_TYPES.includes(v.OtpType as OtpType)) {
        errors.push({ field: 'OtpType', key: 'please_select_method_receive_2fa_code' });
      }
      if (v.otp.trim() && !/^\d{1,6}$/.test(v.otp.trim())) errors.push({ field: 'otp', key: 'invalid_otp' });
      reportErrors(ctx, errors);
    })
    .transform((v) => ({
      currentpassword: v.currentpassword.trim(),
      newpassword: v.newpassword.trim(),
      otp: v.otp.trim(),
      otpType: v.OtpType as OtpType,
      logoutAll: v.logoutAll,
    }));
export type ChangePasswordInput = z.input<ReturnType<typeof changePasswordInput>>;
/**
 * { times } after the code was sent (step 2; 0 for the authenticator, nothing is sent); { ok: true }
 * once the password changed with the code; { twoFactorDisabled: true } when it changed at once
 * because two-step verification is off (spec sign-in §4 Change password).
 */
export const changePasswordAnswerSchema = z.union([
  codeSentSchema,
  doneSchema,
  z.object({ twoFactorDisabled: z.literal(true) }),
]);
export type ChangePasswordAnswer = z.infer<typeof changePasswordAnswerSchema>;

/** POST set-password: the first password of an account that has none (spec: same rules without the current one). */
/**
 * POST set-first-password (spec sign-in §3, §5 "same rules without the current password"): the
 * account's subject `id`, the new pair and the code step, as change-password has it. First
 * submission with an empty otp: a code goes to OtpType (the confirmed primary e-mail or phone) and
 * the answer is { times }; with the code the password is set ({ ok: true }). The spec's `password`
 * (a temporary one) is accepted and not read: an account without a password has none to give.
 */
export const setPasswordInput = (opts: { accept?: PasswordAcceptance } = {}) =>
  z
    .object({
      id: z.string().max(128).optional(),
      password: optionalText(PASSWORD_INPUT_MAX),
      newpassword: optionalText(PASSWORD_INPUT_MAX),
      confirmnewpassword: optionalText(PASSWORD_INPUT_MAX),
      otp: optionalText(20),
      OtpType: z.string().max(20).optional(),
    })
    .superRefine((v, ctx) => {
      const errors: FieldError[] = passwordPairErrors(
        v.newpassword,
        v.confirmnewpassword,
        NEW_PASSWORD_KEYS,
        { password: 'newpassword', repeat: 'confirmnewpassword' },
        opts.accept,
      );
      if (v.OtpType !== undefined && v.OtpType !== 'email' && v.OtpType !== 'phone')
        errors.push({ field: 'OtpType', key: 'please_select_method_receive_2fa_code' });
      if (v.otp.trim() && !/^\d{1,6}$/.test(v.otp.trim())) errors.push({ field: 'otp', key: 'invalid_otp' });
      reportErrors(ctx, errors);
    })
    .transform((v) => ({
      id: v.id,
      newpassword: v.newpassword.trim(),
      otp: v.otp.trim(),
      otpType: v.OtpType as 'email' | 'phone' | undefined,
    }));
export type SetPasswordInput = z.input<ReturnType<typeof setPasswordInput>>;
/** { times } once the code was sent, { ok: true } once the password is set. */
export const setPasswordAnswerSchema = z.union([codeSentSchema, doneSchema]);
export type SetPasswordAnswer = z.infer<typeof setPasswordAnswerSchema>;

/** check-require-password: the subject id may be given (spec: `?id=`); only the caller's own is known. */
export const requirePasswordInput = z.object({ id: z.string().max(128).optional() });
/**
 * has-temp-password (spec §7: reads result.isOk, result.data, result.msg): `data` is true while
 * the account has no password of its own (set mode); a not-ok answer carries the message key to show.
 */
export const tempPasswordAnswerSchema = z.object({ isOk: z.boolean(), data: z.boolean(), msg: z.string() });
export type TempPasswordAnswer = z.infer<typeof tempPasswordAnswerSchema>;

// ---- Endpoints ------------------------------------------------------------------------------------
// The inputs here carry the rules the browser also checks; the server adds the common-password
// list (server/src/modules/password/policy.ts, refusingCommonPasswords).

const define = featureEndpoints('password');

export const passwordEndpoints = {
  otpMethods: define({
    method: 'GET',
    path: '/api/account/password/otp-methods',
    summary: "Where the change-password code can go: the account's confirmed primary e-mail and phone, masked",
    auth: 'user',
    output: z.array(passwordOtpMethodSchema),
  }),
  checkRequirePassword: define({
    method: 'GET',
    path: '/api/account/password/check-require-password',
    summary:
      'Whether changing the password needs the current one: true, or false for an account without a password (set mode); `id` the subject',
    auth: 'user',
    input: requirePasswordInput,
    output: z.boolean(),
    errors: ['not_found'],
  }),
  hasTempPassword: define({
    method: 'GET',
    path: '/api/account/password/has-temp-password',
    summary: '{ isOk, data, msg }: data true while the account has no password of its own (set mode)',
    auth: 'user',
    output: tempPasswordAnswerSchema,
  }),
  changePassword: define({
    method: 'POST',
    path: '/api/account/password/change-password',
    summary: 'Change password: without otp a code goes to OtpType ({ times }); with the code the password changes',
    auth: 'user',
    input: changePasswordInput(),
    output: changePasswordAnswerSchema,
    errors: [
      'password_not_set',
      'invalid_password',
      'error_password_common',
      'please_select_method_receive_2fa_code',
      'otp_invalid',
      'otp_expired',
      'otp_too_many_attempts',
      'authentication_code_is_incorrect',
      'account_locked',
      'too_many_requests',
    ],
  }),
  setPassword: define({
    method: 'POST',
    path: '/api/account/password/set-first-password',
    summary:
      'The first password of an account that has none: without otp a code goes to OtpType ({ times }); with the code it is set',
    auth: 'user',
    input: setPasswordInput(),
    output: setPasswordAnswerSchema,
    errors: [
      'not_found',
      'password_already_set',
      'error_password_common',
      'please_select_method_receive_2fa_code',
      'set_password_no_contact',
      'otp_invalid',
      'otp_expired',
      'otp_too_many_attempts',
      'too_many_requests',
    ],
  }),
};

/** The change-password path under its old name, for server/src/features/auth/password-checks.test.ts. */
export const PASSWORD_PATHS = { changePassword: passwordEndpoints.changePassword.path } as const;
