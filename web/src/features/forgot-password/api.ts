import { forgotPasswordEndpoints as e, type ResetPasswordInput } from '@portico/contracts';
import { call } from '../../api/endpoint';

// The forgot-password page's calls (spec §7 "Forgot password"), defined in contracts/src/forgot-password.ts.

export const checkForgotProcess = (username: string) => call(e.checkProcess, { username });

/** captcha: only once the server asked for one (captcha_error_empty). */
export const sendForgotCode = (username: string, captcha?: string) => call(e.send, { username, captcha });

export const resendForgotCode = (username: string, captcha?: string) => call(e.resendOtp, { username, captcha });

/** The answer's `message` is the single-use reset token. */
export const checkForgotCode = (username: string, otp: string) => call(e.checkOtp, { username, otp });

/** The password travels in this body only, never in a URL. */
export const resetPassword = (input: ResetPasswordInput) => call(e.resetPassword, input);
