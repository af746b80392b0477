import {
  type ChangePasswordAnswer,
  type ChangePasswordInput,
  PASSWORD_PATHS,
  type PasswordOtpMethod,
  type RequirePasswordAnswer,
  type SetPasswordInput,
} from '@portico/contracts';
import { api } from '../../api/client';

// The change / set password page's calls (spec §7 "Change password"), behind the bearer token.

export const getOtpMethods = () => api.get<PasswordOtpMethod[]>(PASSWORD_PATHS.otpMethods);

export const checkRequirePassword = () => api.get<RequirePasswordAnswer>(PASSWORD_PATHS.checkRequirePassword);

/** Empty otp: a code goes to OtpType ({ times }); with the otp: the change ({ ok: true }). */
export const changePassword = (input: ChangePasswordInput) =>
  api.post<ChangePasswordAnswer & { twoFactorDisabled?: boolean }>(PASSWORD_PATHS.changePassword, input);

export const setPassword = (input: SetPasswordInput) => api.post<{ ok: true }>(PASSWORD_PATHS.setPassword, input);
