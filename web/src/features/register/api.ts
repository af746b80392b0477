import {
  REGISTER_PATHS,
  type RegisterAnswer,
  type RegisterInput,
  type RegisterOtpAnswer,
  type RegisterTimesAnswer,
  type UpdateInfoAnswer,
  type UpdateInfoInput,
} from '@portico/contracts';
import { api } from '../../api/client';

// The register page's calls (spec §7 "Register"); paths from the shared contract.

export const checkRegisterProcess = (username: string) =>
  api.post<RegisterTimesAnswer>(REGISTER_PATHS.checkProcess, { username });

export const sendRegisterOtp = (username: string, captcha?: string) =>
  api.post<RegisterTimesAnswer>(REGISTER_PATHS.sendOtp, { username, captcha });

/** captcha: only once the server asked for one (captcha_error_empty). */
export const resendRegisterOtp = (username: string, captcha?: string) =>
  api.post<RegisterTimesAnswer>(REGISTER_PATHS.resendOtp, { username, captcha });

export const checkRegisterOtp = (username: string, otp: string) =>
  api.post<RegisterOtpAnswer>(REGISTER_PATHS.checkOtp, { username, otp });

export const registerAccount = (input: RegisterInput) => api.post<RegisterAnswer>(REGISTER_PATHS.register, input);

/** Update-info of the signed-in account (bearer token). */
export const updateInfo = (input: UpdateInfoInput) => api.put<UpdateInfoAnswer>(REGISTER_PATHS.updateInfo, input);
