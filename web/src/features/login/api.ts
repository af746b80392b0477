import {
  AUTH_PATHS,
  type InteractionDetails,
  type LoginAnswer,
  type LoginByOtpInput,
  type LoginCheckAnswer,
  type LoginInput,
  type OtpMethod,
  type RedirectAnswer,
  type SendOtpAnswer,
} from '@portico/contracts';
import { api } from '../../api/client';

// The sign-in calls of the login page (spec §7 "Login"); paths from the shared contract.

export const getInteraction = (uid: string) =>
  api.get<InteractionDetails>(`${AUTH_PATHS.interaction}/${encodeURIComponent(uid)}`);

export const answerConsent = (uid: string, approve: boolean) =>
  api.post<RedirectAnswer>(`${AUTH_PATHS.interaction}/${encodeURIComponent(uid)}/consent`, { approve });

export const loginCheck = (userName: string) => api.post<LoginCheckAnswer>(AUTH_PATHS.loginCheck, { userName });

export const login = (input: LoginInput, campaignId?: string | null) =>
  api.post<LoginAnswer>(AUTH_PATHS.login, input, { query: { campaignId: campaignId || undefined } });

export const otpSupport = (userName: string) => api.get<OtpMethod[]>(AUTH_PATHS.otpSupport, { query: { userName } });

export const sendLoginOtp = (username: string, captcha?: string) =>
  api.post<SendOtpAnswer>(AUTH_PATHS.loginSendOtp, { username, captcha });

export const loginByOtp = (input: LoginByOtpInput) => api.post<LoginAnswer>(AUTH_PATHS.loginByOtp, input);
