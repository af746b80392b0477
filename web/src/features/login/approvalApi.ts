import { approvalEndpoints } from '@portico/contracts';
import { call } from '../../api/endpoint';

// The login page's calls for a sign-in another signed-in device approves (spec sign-in §7 "GET QR
// code", "GET login by QR code", "POST request verify prompt", "GET two-factor prompt login"),
// typed by contracts/src/approval.ts. The browser's cookie ties each to this page.

export const getQrCode = (returnUrl: string) => call(approvalEndpoints.qrCode, { returnUrl });

export const loginByQrCode = (key: string, returnUrl: string) =>
  call(approvalEndpoints.loginByQrCode, { key, returnUrl });

/** `username`: the name typed at step 1; none at step 3 after a reload (the owed step names the account). */
export const requestVerifyPrompt = (username: string | undefined, returnUrl: string) =>
  call(approvalEndpoints.requestVerifyPrompt, { ...(username ? { username } : {}), returnUrl });

/** `rememberMachine`: step 3's "remember this device" (the first factor's sign-in ignores it). */
export const promptLogin = (userName: string | undefined, returnUrl: string, rememberMachine = true) =>
  call(approvalEndpoints.promptLogin, {
    ...(userName ? { userName } : {}),
    returnUrl,
    rememberMachine: rememberMachine ? 'true' : 'false',
  });
