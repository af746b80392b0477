import { guardianEndpoints as e } from '@portico/contracts';
import { call } from '../../api/endpoint';

// Guardian consent calls (contracts/src/guardian.ts): the child's, behind the bearer token, and the
// guardian's public ones.

export const GUARDIAN_KEY = ['account', 'guardian'] as const;
export const readGuardianStatus = () => call(e.status, {});
export const askGuardian = (guardian: string, childAgrees: boolean) => call(e.ask, { guardian, childAgrees });
export const checkGuardianCode = (child: string, guardian: string, otp: string) =>
  call(e.check, { child, guardian, otp });
export const giveGuardianConsent = (token: string) => call(e.consent, { token });
export const readWithdrawal = (token: string) => call(e.withdrawal, { token });
export const withdrawGuardianConsent = (token: string) => call(e.withdraw, { token });
