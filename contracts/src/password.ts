import { z } from 'zod';

// Password policy shared by the server and the web app (spec sign-in §5, §9). The server adds
// one rule the browser cannot check cheaply: the 10,000 most common passwords are refused.

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
/** The special characters a password may (and must, at least one of) contain. */
export const PASSWORD_SPECIALS = '!@#$%^&*';

const ALLOWED = /^[A-Za-z0-9!@#$%^&*]+$/;
const DIGIT = /\d/;
const SPECIAL = /[!@#$%^&*]/;
const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;

/**
 * The password rule: 6 to 200 characters, at least one digit and one special character, and
 * nothing but letters, digits and !@#$%^&*. Message when broken: error_password_invalid.
 */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    ALLOWED.test(password) &&
    DIGIT.test(password) &&
    SPECIAL.test(password)
  );
}

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

/**
 * The 4-bar meter, exactly as spec §5 defines it: 0 empty; 1 shorter than 6 or weak; 2 six or
 * more with any two of upper case, lower case, digit; 3 eight or more with upper, lower, digit
 * and special character; 4 the same and longer than 8.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (!password) return 0;
  if (password.length < PASSWORD_MIN_LENGTH) return 1;
  const upper = UPPER.test(password);
  const lower = LOWER.test(password);
  const digit = DIGIT.test(password);
  const special = SPECIAL.test(password);
  if (upper && lower && digit && special) {
    if (password.length > 8) return 4;
    if (password.length >= 8) return 3;
  }
  if ([upper, lower, digit].filter(Boolean).length >= 2) return 2;
  return 1;
}

/** An extra server-side acceptance test (the common-password list); true when acceptable. */
export type PasswordAcceptance = (password: string) => boolean;

/** Message keys of one password + repeat pair; they differ between forms (spec §5). */
export type PasswordPairKeys = { empty: string; invalid: string; repeatEmpty: string; mismatch: string };

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
export type FieldError = { field: string; key: string };

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
  else if (!isValidPassword(pw) || !accept(pw)) errors.push({ field: fields.password, key: keys.invalid });
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

// ---- Change password and set first password (spec §7 "Change password") -------------------

export const PASSWORD_PATHS = {
  otpMethods: '/api/account/password/otp-methods', // GET, bearer
  checkRequirePassword: '/api/account/password/check-require-password', // GET, bearer
  hasTempPassword: '/api/account/password/has-temp-password', // GET, bearer (same answer)
  changePassword: '/api/account/password/change-password', // POST, bearer
  setPassword: '/api/account/password/set-password', // POST, bearer
} as const;

/** A way to receive the change-password code: staticKey is a message key, value the masked address. */
export type PasswordOtpMethod = { type: 'email' | 'phone'; staticKey: string; value: string };
export type RequirePasswordAnswer = { required: boolean };

export const OTP_TYPES = ['email', 'phone'] as const;
export type OtpType = (typeof OTP_TYPES)[number];

/**
 * POST change-password. First submission with an empty otp: a code goes to OtpType and the
 * answer is { times }. Second submission with the otp: the password changes, answer { ok: true }.
 * `accept` adds the server's common-password check; `currentRequired` is false for accounts
 * without a password (they use set-password instead).
 */
export const changePasswordInput = (opts: { accept?: PasswordAcceptance } = {}) =>
  z
    .object({
      currentpassword: optionalText(PASSWORD_MAX_LENGTH + 100),
      newpassword: optionalText(PASSWORD_MAX_LENGTH + 100),
      confirmnewpassword: optionalText(PASSWORD_MAX_LENGTH + 100),
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
/** { times } after the code was sent (step 2); { ok: true } once the password changed. */
export type ChangePasswordAnswer = { times: number } | { ok: true };

/** POST set-password: the first password of an account that has none (spec: same rules without the current one). */
export const setPasswordInput = (opts: { accept?: PasswordAcceptance } = {}) =>
  z
    .object({ password: optionalText(PASSWORD_MAX_LENGTH + 100), rePassword: optionalText(PASSWORD_MAX_LENGTH + 100) })
    .superRefine((v, ctx) =>
      reportErrors(
        ctx,
        passwordPairErrors(
          v.password,
          v.rePassword,
          NEW_PASSWORD_KEYS,
          { password: 'password', repeat: 'rePassword' },
          opts.accept,
        ),
      ),
    )
    .transform((v) => ({ password: v.password.trim() }));
export type SetPasswordInput = z.input<ReturnType<typeof setPasswordInput>>;
