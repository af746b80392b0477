import { type CheckPasswordInput, twoFactorEndpoints as e, type VerificationCodeInput } from '@portico/contracts';
import { call } from '../../api/endpoint';

// Two-step verification calls (spec account §7 Two-factor), behind the bearer token.

export const TWO_FACTOR_QUERY_KEY = ['account', 'two-factor'] as const;

export const getDetails = () => call(e.details, {});
export const checkPassword = (input: CheckPasswordInput) => call(e.checkPassword, input);
export const setupAuthenticator = () => call(e.setupAuthenticator, {});
export const verifyAuthenticator = (input: VerificationCodeInput) => call(e.verifyAuthenticator, input);
export const enableTwoFactor = () => call(e.enable, {});
export const disableTwoFactor = () => call(e.disable, {});
export const generateRecoveryCodes = () => call(e.generateRecoveryCodes, {});
export const resetAuthenticator = () => call(e.resetAuthenticator, {});
