import { CLAIM_TYPES, type RecoveryClaimType, recoveryClaimInput } from '@portico/contracts';
import { describe, expect, it } from 'vitest';

/** The first message key per field of a form schema (what useApiForm shows under the fields). */
const messages = (parsed: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((parsed.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
const recoveryValueError = (claimType: RecoveryClaimType, claimValue: string) =>
  messages(recoveryClaimInput.safeParse({ claimType, claimValue })).claimValue ?? null;

describe('recovery ways (spec account §5)', () => {
  it('checks the e-mail format and the Vietnamese mobile pattern; empty removes', () => {
    expect(recoveryValueError(CLAIM_TYPES.emailRecovery, '')).toBeNull();
    expect(recoveryValueError(CLAIM_TYPES.emailRecovery, 'lan@example')).toBe('email_invalid');
    expect(recoveryValueError(CLAIM_TYPES.emailRecovery, 'lan@example.edu')).toBeNull();
    expect(recoveryValueError(CLAIM_TYPES.phoneRecovery, '0123')).toBe('invalid_phone_number');
    expect(recoveryValueError(CLAIM_TYPES.phoneRecovery, '0212345678')).toBe('invalid_phone_number');
    expect(recoveryValueError(CLAIM_TYPES.phoneRecovery, '0912345678')).toBeNull();
  });
});
