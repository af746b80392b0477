import { authEndpoints, type LoginRecoveryCodeInput, type LoginTwoFactorInput } from '@portico/contracts';
import { call } from '../../api/endpoint';

// Login step 3's calls (spec sign-in §7 "POST login two-factor", "... recovery code", "POST
// two-factor send code"), typed by contracts/src/auth.ts authEndpoints. The server knows the
// account from the step this browser owes, so no username is sent.

export const resumeTwoFactor = (returnUrl: string) => call(authEndpoints.twoFactorResume, { returnUrl });

export const sendTwoFactorCode = (returnUrl: string) =>
  call(authEndpoints.twoFactorSendCode, { returnUrl, codeReceiveMethod: 'email' });

export const loginTwoFactor = (input: LoginTwoFactorInput) => call(authEndpoints.loginTwoFactor, input);

export const loginRecoveryCode = (input: LoginRecoveryCodeInput) => call(authEndpoints.loginRecoveryCode, input);

/** The login page shows step 3 at once: the server's requiresTwoFactor redirect (…&step=2fa). */
export const asksTwoFactorStep = (search: string) => new URLSearchParams(search).get('step') === '2fa';
