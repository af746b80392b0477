import { describe, expect, it } from 'vitest';
import { nextActivityPage } from '../activity/api';
import { deleteFormErrors } from '../delete-account/logic';
import { recoveryValueError } from './logic';

describe('recovery ways (spec account §5)', () => {
  it('checks the e-mail format and the Vietnamese mobile pattern; empty removes', () => {
    expect(recoveryValueError('email_recovery', '')).toBeNull();
    expect(recoveryValueError('email_recovery', 'lan@example')).toBe('email_invalid');
    expect(recoveryValueError('email_recovery', 'lan@example.edu')).toBeNull();
    expect(recoveryValueError('phone_number_recovery', '0123')).toBe('invalid_phone_number');
    expect(recoveryValueError('phone_number_recovery', '0212345678')).toBe('invalid_phone_number');
    expect(recoveryValueError('phone_number_recovery', '0912345678')).toBeNull();
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
