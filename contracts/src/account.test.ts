import { describe, expect, it } from 'vitest';
import {
  changeEmailInput,
  contactEmailError,
  contactPhoneError,
  createContactInput,
  infoBirthdateError,
  recoveryClaimInput,
} from './index.js';

describe('account rules', () => {
  it('checks e-mails and Vietnamese mobile numbers with the spec keys', () => {
    expect(contactEmailError('')).toBe('error_email_empty');
    expect(contactEmailError('a@b')).toBe('email_invalid');
    expect(contactEmailError('a@b.vn')).toBeNull();
    expect(contactPhoneError(' ')).toBe('phone_required');
    expect(contactPhoneError('0212345678')).toBe('invalid_phone_number');
    expect(contactPhoneError('0912345678')).toBeNull();
    expect(createContactInput.parse({ type: '2', Name: ' A@B.VN ' })).toEqual({ type: 2, name: 'a@b.vn' });
    expect(createContactInput.safeParse({ type: 1, Name: '123' }).error?.issues[0]?.message).toBe(
      'invalid_phone_number',
    );
  });

  it('bounds the general-info birth year to 1900 .. current year minus 3', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(infoBirthdateError('', now)).toBe('error_birth_date_empty');
    expect(infoBirthdateError('1899-12-31', now)).toBe('error_birth_year_invalid');
    expect(infoBirthdateError('1900-01-01', now)).toBeNull();
    expect(infoBirthdateError('2023-12-31', now)).toBeNull();
    expect(infoBirthdateError('2024-01-01', now)).toBe('error_birth_year_invalid');
    expect(infoBirthdateError('2001-02-29', now)).toBe('error_birth_date_invalid');
  });

  it('reads the change, recovery and delete forms', () => {
    expect(changeEmailInput.parse({ newemail: 'X@Y.com' })).toEqual({ value: 'x@y.com', otp: '' });
    expect(changeEmailInput.safeParse({ newemail: 'x@y.com', otp: '12a' }).error?.issues[0]?.message).toBe(
      'invalid_otp',
    );
    expect(recoveryClaimInput.parse({ claimType: 'email_recovery', claimValue: '' })).toEqual({
      claimType: 'email_recovery',
      claimValue: '',
      otp: '',
    });
    expect(
      recoveryClaimInput.safeParse({ claimType: 'phone_number_recovery', claimValue: '1' }).error?.issues[0]?.message,
    ).toBe('invalid_phone_number');
  });
});
