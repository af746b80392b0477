import { CLAIM_TYPES, contactEmailError, contactPhoneError, type RecoveryClaimType } from '@portico/contracts';

/** A recovery way's value: empty removes it; else e-mail format (email_invalid) or VN mobile (invalid_phone_number). */
export const recoveryValueError = (type: RecoveryClaimType, value: string): string | null => {
  const v = value.trim();
  if (!v) return null;
  return type === CLAIM_TYPES.emailRecovery ? contactEmailError(v) : contactPhoneError(v);
};
