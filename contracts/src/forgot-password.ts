import { z } from 'zod';
import { loginAnswerSchema, otpCode, usernameSchema } from './auth.js';
import { CAPTCHA_SEND_ERRORS, CODE_ERRORS, codeSentSchema, featureEndpoints } from './endpoint.js';
import { detailsPasswordErrors, detailsPasswordFields, type PasswordAcceptance, reportErrors } from './password.js';

// Forgot password (spec sign-in §2 Forgot password page, §4, §5, §7 "Forgot password").

/** The e-mail or phone of the account (error_username_empty, error_email_invalid). */
export const forgotPasswordUsernameInput = z.object({
  username: usernameSchema,
  /** Needed only once the caller's address has asked for many codes (OTP_SENDS_PER_IP): captcha_error_empty says so. */
  captcha: z.string().max(8192).optional(),
});
export type ForgotPasswordUsernameInput = z.input<typeof forgotPasswordUsernameInput>;
/** Seconds until a new code may be sent; the same whether or not the account exists. */
export type ForgotPasswordTimesAnswer = z.infer<typeof codeSentSchema>;

export const forgotPasswordCheckOtpInput = z.object({ username: usernameSchema, otp: otpCode('otp_required') });
export type ForgotPasswordCheckOtpInput = z.input<typeof forgotPasswordCheckOtpInput>;
/** message: the single-use reset token (15 minutes, bound to the account). */
export const forgotPasswordCheckOtpAnswerSchema = z.object({ message: z.string() });
export type ForgotPasswordCheckOtpAnswer = z.infer<typeof forgotPasswordCheckOtpAnswerSchema>;

/**
 * The new password. returnUrl: the login page's /oidc/interaction/<uid>; when it names a live
 * interaction the answer is a LoginAnswer and the page follows redirectUrl to finish signing in
 * (the password never goes into a URL). Otherwise the answer is { ok: true }.
 */
export const resetPasswordInput = (opts: { accept?: PasswordAcceptance } = {}) =>
  z
    .object({
      username: usernameSchema,
      token: z.string().max(200).optional().default(''),
      ...detailsPasswordFields,
      returnUrl: z.string().max(2048).optional(),
    })
    .superRefine((v, ctx) => {
      if (!v.token) ctx.addIssue({ code: 'custom', path: ['token'], message: 'password_reset_token_invalid' });
      reportErrors(ctx, detailsPasswordErrors(v, opts.accept));
    })
    .transform((v) => ({ username: v.username, token: v.token, password: v.password.trim(), returnUrl: v.returnUrl }));
export type ResetPasswordInput = z.input<ReturnType<typeof resetPasswordInput>>;

/**
 * A LoginAnswer (follow redirectUrl to finish signing in) when returnUrl named a live interaction;
 * else a one-time login token (60 s) the token-login page (`/token-login?token=`) signs this
 * browser in to the portal with, two-step still asked.
 */
export const resetPasswordAnswerSchema = z.union([
  loginAnswerSchema,
  z.object({ ok: z.literal(true), loginToken: z.string() }),
]);
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswerSchema>;

const define = featureEndpoints('forgot-password');

export const forgotPasswordEndpoints = {
  checkProcess: define({
    method: 'POST',
    path: '/api/account/forgot-password/check-process',
    summary: "The page's resume check: { times } while the code sent to the name can still be tried",
    auth: 'public',
    input: forgotPasswordUsernameInput,
    output: codeSentSchema,
    errors: ['process_not_in_progress'],
  }),
  send: define({
    method: 'POST',
    path: '/api/account/forgot-password',
    summary: "Step 1: a code to the account's e-mail or phone; the same answer whether or not the account exists",
    auth: 'public',
    input: forgotPasswordUsernameInput,
    output: codeSentSchema,
    errors: CAPTCHA_SEND_ERRORS,
  }),
  resendOtp: define({
    method: 'POST',
    path: '/api/account/forgot-password/resend-otp',
    summary: 'Step 2: a new code (the same as step 1)',
    auth: 'public',
    input: forgotPasswordUsernameInput,
    output: codeSentSchema,
    errors: CAPTCHA_SEND_ERRORS,
  }),
  checkOtp: define({
    method: 'POST',
    path: '/api/account/forgot-password/check-otp',
    summary: 'Step 2: the code, once; answers the single-use reset token in message',
    auth: 'public',
    input: forgotPasswordCheckOtpInput,
    output: forgotPasswordCheckOtpAnswerSchema,
    errors: CODE_ERRORS,
  }),
  resetPassword: define({
    method: 'POST',
    path: '/api/account/forgot-password/reset-password',
    summary:
      'Step 3: the new password; every session of the account ends; signs in when returnUrl names a live sign-in',
    auth: 'public',
    input: resetPasswordInput(),
    output: resetPasswordAnswerSchema,
    errors: ['password_reset_token_invalid', 'error_password_common'],
  }),
};

/** Paths under their old names, for server/src/features/recovery/recovery.test.ts. */
export const FORGOT_PASSWORD_PATHS = {
  send: forgotPasswordEndpoints.send.path,
  checkOtp: forgotPasswordEndpoints.checkOtp.path,
} as const;
