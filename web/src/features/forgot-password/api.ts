import {
  FORGOT_PASSWORD_PATHS,
  type ForgotPasswordCheckOtpAnswer,
  type ForgotPasswordTimesAnswer,
  type ResetPasswordAnswer,
  type ResetPasswordInput,
} from '@portico/contracts';
import { api } from '../../api/client';

// The forgot-password page's calls (spec §7 "Forgot password"); paths from the shared contract.

export const checkForgotProcess = (username: string) =>
  api.post<ForgotPasswordTimesAnswer>(FORGOT_PASSWORD_PATHS.checkProcess, { username });

/** captcha: only once the server asked for one (captcha_error_empty). */
export const sendForgotCode = (username: string, captcha?: string) =>
  api.post<ForgotPasswordTimesAnswer>(FORGOT_PASSWORD_PATHS.send, { username, captcha });

export const resendForgotCode = (username: string, captcha?: string) =>
  api.post<ForgotPasswordTimesAnswer>(FORGOT_PASSWORD_PATHS.resendOtp, { username, captcha });

/** The answer's `message` is the single-use reset token. */
export const checkForgotCode = (username: string, otp: string) =>
  api.post<ForgotPasswordCheckOtpAnswer>(FORGOT_PASSWORD_PATHS.checkOtp, { username, otp });

/** The password travels in this body only, never in a URL. */
export const resetPassword = (input: ResetPasswordInput) =>
  api.post<ResetPasswordAnswer>(FORGOT_PASSWORD_PATHS.resetPassword, input);
