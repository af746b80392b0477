import { z } from 'zod';
import { otpCode, returnUrlSchema } from './auth.js';
import { CAPTCHA_SEND_ERRORS, CODE_ERRORS, codeSentSchema, doneSchema, featureEndpoints } from './endpoint.js';
import type { MessageKey } from './i18n/index.js';
import { DEFAULT_TIMEZONE } from './locales.js';
import {
  detailsPasswordErrors,
  detailsPasswordFields,
  type FieldError,
  optionalText,
  type PasswordAcceptance,
  reportErrors,
} from './password.js';
import { EMAIL_PATTERN } from './rules.js';
import { GENDERS } from './settings.js';

// Registration and update-info (spec sign-in §2 Register page, Update-info form; §4, §5, §7).

// ---- Birth date (spec §3, §9) ----------------------------------------------------------------

export const BIRTH_YEAR_MIN = 1900;
/** The latest birth year the picker offers: the current year minus 5. */
export const birthYearMax = (now: Date = new Date()): number => now.getFullYear() - 5;
/** The form's default: 1 January five years ago, as YYYY-MM-DD. */
export const defaultBirthdate = (now: Date = new Date()): string => `${birthYearMax(now)}-01-01`;

/** The birth-date rule: required, a real YYYY-MM-DD date, year 1900 to the current year minus 5. */
export const birthdateError = (value: string, now: Date = new Date()): MessageKey | null =>
  birthdateErrorUpTo(value, birthYearMax(now));

/** A required, real YYYY-MM-DD date with a year from 1900 to maxYear (register and personal info differ in maxYear). */
export function birthdateErrorUpTo(value: string, maxYear: number): MessageKey | null {
  const v = value.trim();
  if (!v) return 'error_birth_date_empty';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return 'error_birth_date_invalid';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return 'error_birth_date_invalid';
  }
  if (year < BIRTH_YEAR_MIN || year > maxYear) return 'error_birth_year_invalid';
  return null;
}

/** A gender id of the app-settings list, or null. */
export const genderId = (value: unknown): number | null => {
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return GENDERS.some((g) => g.id === id) ? (id as number) : null;
};

/** An IANA time zone the runtime knows, else the default (Asia/Saigon). */
export function timezoneOr(value: string | undefined, fallback: string = DEFAULT_TIMEZONE): string {
  const tz = value?.trim();
  if (!tz || tz.length > 64) return fallback;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return fallback;
  }
}

// ---- The details form (register step 3 and update-info) --------------------------------------

export const NAME_MAX_LENGTH = 50;

export type DetailsValues = {
  firstName: string;
  lastName: string;
  password: string;
  rePassword: string;
  birthdate: string;
  gender?: unknown;
};

/**
 * The details rules in the spec's order: first name, last name, password, password strength,
 * repeat password, match, birth date, gender. Names and passwords are trimmed. With
 * `passwordOptional`, empty password fields are allowed (update-info of an account that keeps
 * its current password). `accept` is the server's common-password check.
 */
export function detailsErrors(
  v: DetailsValues,
  opts: { passwordOptional?: boolean; accept?: PasswordAcceptance; now?: Date } = {},
): FieldError[] {
  const errors: FieldError[] = [];
  const first = v.firstName.trim();
  const last = v.lastName.trim();
  if (!first) errors.push({ field: 'firstName', key: 'error_first_name_empty' });
  else if (first.length > NAME_MAX_LENGTH) errors.push({ field: 'firstName', key: 'error_name_too_long' });
  if (!last) errors.push({ field: 'lastName', key: 'error_last_name_empty' });
  else if (last.length > NAME_MAX_LENGTH) errors.push({ field: 'lastName', key: 'error_name_too_long' });
  const skipPassword = opts.passwordOptional && !v.password.trim() && !v.rePassword.trim();
  if (!skipPassword) {
    errors.push(...detailsPasswordErrors(v, opts.accept));
  }
  const birth = birthdateError(v.birthdate, opts.now);
  if (birth) errors.push({ field: 'birthdate', key: birth });
  if (genderId(v.gender) === null) errors.push({ field: 'gender', key: 'error_gender_empty' });
  return errors;
}

const detailsShape = {
  firstName: optionalText(500),
  lastName: optionalText(500),
  ...detailsPasswordFields,
  birthdate: optionalText(40),
  gender: z.union([z.number(), z.string().max(10), z.null()]).optional(),
  /** The browser's IANA zone; unknown or missing zones become Asia/Saigon. */
  timezone: z.string().max(100).optional(),
};

const cleanDetails = <T extends DetailsValues & { timezone?: string }>(v: T) => ({
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  password: v.password.trim(),
  birthdate: v.birthdate.trim(),
  gender: genderId(v.gender) as number,
  timezone: timezoneOr(v.timezone),
});

// ---- Register step 1 and 2 ----------------------------------------------------------------------

/** Registration is by e-mail only: required (error_account_empty), a valid address (error_email_invalid). */
export const registerEmailErrors = (username: string): FieldError[] => {
  const v = username.trim();
  if (!v) return [{ field: 'username', key: 'error_account_empty' }];
  if (!v.includes('@') || v.length > 254 || !EMAIL_PATTERN.test(v))
    return [{ field: 'username', key: 'error_email_invalid' }];
  return [];
};

const registerEmail = z
  .string({ error: 'error_account_empty' })
  .max(1000, 'error_email_invalid')
  .optional()
  .default('')
  .superRefine((v, ctx) => {
    for (const e of registerEmailErrors(v)) ctx.addIssue({ code: 'custom', message: e.key });
  })
  .transform((v) => v.trim().toLowerCase());

export const registerUsernameInput = z.object({ username: registerEmail });
/** The resend asks for a captcha answer only past the per-IP threshold (captcha_error_empty). */
export const registerResendInput = registerUsernameInput.extend({ captcha: z.string().max(8192).optional() });
export type RegisterUsernameInput = z.input<typeof registerUsernameInput>;

export const registerSendOtpInput = z.object({
  username: registerEmail,
  /** Captcha answer: an ALTCHA payload or a reCAPTCHA token. */
  captcha: z.string().max(8192).optional(),
});
export type RegisterSendOtpInput = z.input<typeof registerSendOtpInput>;

export const registerCheckOtpInput = z.object({
  username: registerEmail,
  otp: otpCode('please_enter_verification_code'),
});
export type RegisterCheckOtpInput = z.input<typeof registerCheckOtpInput>;

/** { times }: seconds until a new code may be sent (the page's countdown). */
export type RegisterTimesAnswer = z.infer<typeof codeSentSchema>;
/** The single-use registration token step 3 sends back (valid 30 minutes). */
export const registerOtpAnswerSchema = z.object({ token: z.string() });
export type RegisterOtpAnswer = z.infer<typeof registerOtpAnswerSchema>;

// ---- Register step 3 ----------------------------------------------------------------------------

export const registerInput = (opts: { accept?: PasswordAcceptance; now?: Date } = {}) =>
  z
    .object({ username: registerEmail, token: z.string().max(200).optional().default(''), ...detailsShape })
    .superRefine((v, ctx) => {
      if (!v.token) ctx.addIssue({ code: 'custom', path: ['token'], message: 'register_session_expired' });
      reportErrors(ctx, detailsErrors(v, opts));
    })
    .transform((v) => ({ username: v.username, token: v.token, ...cleanDetails(v) }));
export type RegisterInput = z.input<ReturnType<typeof registerInput>>;
export const registerAnswerSchema = z.object({ username: z.string() });
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

// ---- Update-info --------------------------------------------------------------------------------

/**
 * PUT update-info, for an account that must complete its info (isRegister). The password pair is
 * required when the account has none yet (it becomes the first password); an account that
 * already has a password leaves both fields empty. The endpoint's schema cannot know the account,
 * so it takes the pair as optional and the server asks for it (FIRST_PASSWORD_MISSING).
 */
export const updateInfoInput = (opts: { passwordRequired: boolean; accept?: PasswordAcceptance; now?: Date }) =>
  z
    .object(detailsShape)
    .superRefine((v, ctx) => reportErrors(ctx, detailsErrors(v, { ...opts, passwordOptional: !opts.passwordRequired })))
    .transform((v) => cleanDetails(v));
export type UpdateInfoInput = z.input<ReturnType<typeof updateInfoInput>>;

/**
 * The update-info form after a first sign-in through Google, Facebook or Zalo (issue 25): Update
 * asks every field, the password pair included (spec §5); Skip asks nothing and leaves the account
 * with the provider's names and no password. `returnUrl` names the pending sign-in it finishes.
 */
export const externalDetailsInput = (opts: { accept?: PasswordAcceptance; now?: Date } = {}) =>
  z
    .object({ returnUrl: returnUrlSchema, skip: z.boolean().default(false), ...detailsShape })
    .superRefine((v, ctx) => {
      if (!v.skip) reportErrors(ctx, detailsErrors(v, opts));
    })
    .transform((v) => ({ returnUrl: v.returnUrl, details: v.skip ? null : cleanDetails(v) }));
export type ExternalDetailsInput = z.input<ReturnType<typeof externalDetailsInput>>;
export type UpdateInfoAnswer = z.infer<typeof doneSchema>;

/** What update-info answers when an account without a password leaves the pair empty. */
export const FIRST_PASSWORD_MISSING: FieldError[] = detailsPasswordErrors({ password: '', rePassword: '' });

// ---- Endpoints ------------------------------------------------------------------------------------
// The inputs carry the rules the browser also checks; the server adds the common-password list
// (server/src/modules/password/policy.ts, refusingCommonPasswords).

const define = featureEndpoints('register');

export const registerEndpoints = {
  checkProcess: define({
    method: 'POST',
    path: '/api/account/register/check-process-regist',
    summary: "The page's resume check: { times } while the e-mail's registration code can still be tried",
    auth: 'public',
    input: registerUsernameInput,
    output: codeSentSchema,
    errors: ['process_not_in_progress'],
  }),
  sendOtp: define({
    method: 'POST',
    path: '/api/account/register/check-username-and-send-otp',
    summary: 'Step 1: the e-mail and the captcha; a registration code goes to the address',
    auth: 'public',
    input: registerSendOtpInput,
    output: codeSentSchema,
    errors: ['email_fake', 'email_already', 'account_is_delete', ...CAPTCHA_SEND_ERRORS],
  }),
  resendOtp: define({
    method: 'POST',
    path: '/api/account/register/resend-otp',
    summary: 'Step 2: a new code for a registration that was started (a captcha answer once the server asks)',
    auth: 'public',
    input: registerResendInput,
    output: codeSentSchema,
    errors: ['process_not_in_progress', ...CAPTCHA_SEND_ERRORS],
  }),
  checkOtp: define({
    method: 'POST',
    path: '/api/account/register/check-registration-otp-and-add-user',
    summary: 'Step 2: the code, once; answers the single-use registration token (no account yet)',
    auth: 'public',
    input: registerCheckOtpInput,
    output: registerOtpAnswerSchema,
    errors: CODE_ERRORS,
  }),
  register: define({
    method: 'POST',
    path: '/api/account/register',
    summary: 'Step 3: the details; creates the account with its confirmed e-mail',
    auth: 'public',
    input: registerInput(),
    output: registerAnswerSchema,
    errors: ['register_session_expired', 'email_already', 'account_is_delete', 'error_password_common'],
  }),
  updateInfo: define({
    method: 'PUT',
    path: '/api/account/update-info',
    summary: 'Completes the info of an account that must (isRegister); sets the first password of one without',
    auth: 'user',
    input: updateInfoInput({ passwordRequired: false }),
    output: doneSchema,
    // A first password needs the step-up proof (server/src/features/register/service.ts updateInfo).
    errors: ['password_already_set', 'error_password_empty', 'error_password_common', 'step_up_required'],
  }),
};
