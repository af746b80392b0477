import { CLAIM_TYPES, type RecoveryClaimType, recoveryClaimInput } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { nextActivityPage } from '../activity/api';
import { deleteFormSchema } from '../delete-account/logic';

/** The first message key per field of a form schema (what useApiForm shows under the fields). */
const messages = (parsed: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((parsed.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
const recoveryValueError = (claimType: RecoveryClaimType, claimValue: string) =>
  messages(recoveryClaimInput.safeParse({ claimType, claimValue })).claimValue ?? null;
const deleteFormErrors = (v: { confirm: boolean; password: string }, withPassword: boolean) =>
  messages(deleteFormSchema(withPassword).safeParse(v));

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

describe('delete account form (spec account §5)', () => {
  it('needs the box ticked, and the password when the account has one', () => {
    expect(deleteFormErrors({ confirm: false, password: '' }, true)).toEqual({
      confirm: 'delete_account_confirm_error',
      password: 'error_password_empty',
    });
    expect(deleteFormErrors({ confirm: false, password: '' }, false)).toEqual({
      confirm: 'delete_account_confirm_error',
    });
    expect(deleteFormErrors({ confirm: true, password: 'x' }, true)).toEqual({});
  });
});

describe('activity log paging (10 a page)', () => {
  const page = (n: number, total: number) => ({
    data: Array.from({ length: n }, (_, i) => ({ id: i, actionText: '', createdDate: '' })),
    totalRows: total,
  });

  it('offers view more while rows remain', () => {
    expect(nextActivityPage([page(10, 25)])).toBe(2);
    expect(nextActivityPage([page(10, 25), page(10, 25)])).toBe(3);
    expect(nextActivityPage([page(10, 25), page(10, 25), page(5, 25)])).toBeUndefined();
    expect(nextActivityPage([page(10, 10)])).toBeUndefined();
    expect(nextActivityPage([page(0, 0)])).toBeUndefined();
  });
});
