import { z } from 'zod';
import { type LoginAnswer, otpCode, usernameSchema } from './auth.js';
import {
  DETAILS_PASSWORD_KEYS,
  optionalText,
  PASSWORD_INPUT_MAX,
  type PasswordAcceptance,
  passwordPairErrors,
  reportErrors,
} from './password.js';

// Forgot password (spec sign-in §2 Forgot password page, §4, §5, §7 "Forgot password").

export const FORGOT_PASSWORD_PATHS = {
  checkProcess: '/api/account/forgot-password/check-process', // POST {username} -> {times} | 400
  send: '/api/account/forgot-password', // POST {username} -> {times}
  resendOtp: '/api/account/forgot-password/resend-otp', // POST {username} -> {times}
  checkOtp: '/api/account/forgot-password/check-otp', // POST {username, otp} -> {message: token}
  resetPassword: '/api/account/forgot-password/reset-password', // POST ResetPasswordInput -> LoginAnswer | {ok: true}
} as const;

/** The e-mail or phone of the account (error_username_empty, error_email_invalid). */
export const forgotPasswordUsernameInput = z.object({
  username: usernameSchema,
  /** Needed only once the caller's address has asked for many codes (OTP_SENDS_PER_IP): captcha_error_empty says so. */
  captcha: z.string().max(8192).optional(),
});
export type ForgotPasswordUsernameInput = z.input<typeof forgotPasswordUsernameInput>;
/** Seconds until a new code may be sent; the same whether or not the account exists. */
export type ForgotPasswordTimesAnswer = { times: number };

export const forgotPasswordCheckOtpInput = z.object({ username: usernameSchema, otp: otpCode('otp_required') });
export type ForgotPasswordCheckOtpInput = z.input<typeof forgotPasswordCheckOtpInput>;
/** message: the single-use reset token (15 minutes, bound to the account). */
export type ForgotPasswordCheckOtpAnswer = { message: string };

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
      password: optionalText(PASSWORD_INPUT_MAX),
      rePassword: optionalText(PASSWORD_INPUT_MAX),
      returnUrl: z.string().max(2048).optional(),
    })
    .superRefine((v, ctx) => {
      if (!v.token) ctx.addIssue({ code: 'custom', path: ['token'], message: 'password_reset_token_invalid' });
      reportErrors(
        ctx,
        passwordPairErrors(
          v.password,
          v.rePassword,
          DETAILS_PASSWORD_KEYS,
          { password: 'password', repeat: 'rePassword' },
          opts.accept,
        ),
      );
    })
    .transform((v) => ({ username: v.username, token: v.token, password: v.password.trim(), returnUrl: v.returnUrl }));
export type ResetPasswordInput = z.input<ReturnType<typeof resetPasswordInput>>;
/** A LoginAnswer (follow redirectUrl to finish signing in) when returnUrl named a live interaction, else { ok: true }. */
export type ResetPasswordAnswer = LoginAnswer | { ok: true };
