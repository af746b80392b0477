import { authEndpoints, type LoginByOtpInput, type LoginInput } from '@portico/contracts';
import { call } from '../../api/endpoint';

// The sign-in calls of the login page (spec §7 "Login"), typed by contracts/src/auth.ts authEndpoints.

export const answerConsent = (uid: string, approve: boolean) => call(authEndpoints.consent, { uid, approve });

export const loginCheck = (userName: string) => call(authEndpoints.loginCheck, { userName });

export const login = (input: LoginInput, campaignId?: string | null) =>
  call(authEndpoints.login, input, { query: { campaignId: campaignId || undefined } });

export const otpSupport = (userName: string) => call(authEndpoints.otpSupport, { userName });

export const sendLoginOtp = (username: string, captcha?: string) =>
  call(authEndpoints.sendLoginOtp, { username, captcha });

export const loginByOtp = (input: LoginByOtpInput) => call(authEndpoints.loginByOtp, input);
