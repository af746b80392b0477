import {
  type ChangePasswordInput,
  passwordEndpoints as e,
  type SetPasswordInput,
  twoFactorEndpoints,
} from '@portico/contracts';
import { call } from '../../api/endpoint';

// The change / set password page's calls (spec §7 "Change password"), behind the bearer token.

export const getOtpMethods = () => call(e.otpMethods, {});

/** The query of checkRequirePassword; setting a first password refreshes it. */
export const REQUIRE_PASSWORD_KEY = ['password', 'require-password'] as const;

export const checkRequirePassword = () => call(e.checkRequirePassword, {});

/** Empty otp: a code goes to OtpType ({ times }); with the otp: the change ({ ok: true }). */
export const changePassword = (input: ChangePasswordInput) => call(e.changePassword, input);

export const setPassword = (input: SetPasswordInput) => call(e.setPassword, input);

/** Whether two-step is on: with it off a change needs no code, so step 1 offers "log out all devices". */
export const getTwoStepEnabled = async () => (await call(twoFactorEndpoints.details, {})).twoFactorEnabled;
/** The page and its form read it under one key: whether the change will ask for a code. */
export const TWO_STEP_KEY = ['password', 'two-step'];
