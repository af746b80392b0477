import { registerEndpoints as e, type RegisterInput, type UpdateInfoInput } from '@portico/contracts';
import { call } from '../../api/endpoint';

// The register page's calls (spec §7 "Register"), defined in contracts/src/register.ts.

export const checkRegisterProcess = (username: string) => call(e.checkProcess, { username });

export const sendRegisterOtp = (username: string, captcha?: string) => call(e.sendOtp, { username, captcha });

/** captcha: only once the server asked for one (captcha_error_empty). */
export const resendRegisterOtp = (username: string, captcha?: string) => call(e.resendOtp, { username, captcha });

export const checkRegisterOtp = (username: string, otp: string) => call(e.checkOtp, { username, otp });

export const registerAccount = (input: RegisterInput) => call(e.register, input);

/** Update-info of the signed-in account (bearer token). */
export const updateInfo = (input: UpdateInfoInput) => call(e.updateInfo, input);
