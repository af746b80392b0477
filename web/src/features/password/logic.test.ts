import { describe, expect, it } from 'vitest';
import { afterReset, interactionReturnUrl } from '../forgot-password/logic';
import { changeOutcome, changeStep1Errors, changeStep2Errors, modeFor, setPasswordErrors } from './logic';

describe('change password rules', () => {
  it('checks step 1 in the spec order', () => {
    expect(
      changeStep1Errors({ currentpassword: '', newpassword: '', confirmnewpassword: '' }).map((e) => e.key),
    ).toEqual(['error_current_password_empty', 'error_new_password_empty', 'error_confirm_new_password_empty']);
    expect(
      changeStep1Errors({ currentpassword: 'x', newpassword: 'abcdef', confirmnewpassword: 'abcdeg' }).map(
        (e) => e.key,
      ),
    ).toEqual(['error_password_invalid', 'error_confirm_new_password']);
    expect(changeStep1Errors({ currentpassword: 'x', newpassword: 'Abc@123', confirmnewpassword: 'Abc@123' })).toEqual(
      [],
    );
  });

  it('asks for a method and the code in step 2', () => {
    expect(changeStep2Errors({ otpType: null, otp: '' }).map((e) => e.key)).toEqual([
      'please_select_method_receive_2fa_code',
      'please_enter_otp_code',
    ]);
    expect(changeStep2Errors({ otpType: 'email', otp: '123456' })).toEqual([]);
  });

  it('sets a first password with the same rules, no current password', () => {
    expect(setPasswordErrors({ password: '', rePassword: '' }).map((e) => e.key)).toEqual([
      'error_new_password_empty',
      'error_confirm_new_password_empty',
    ]);
  });

  it('reads the mode and the answers', () => {
    expect(modeFor({ required: false })).toBe('set');
    expect(modeFor({ required: true })).toBe('change');
    expect(modeFor(undefined)).toBe('change');
    expect(changeOutcome({ times: 60 })).toEqual({ kind: 'code', times: 60 });
    expect(changeOutcome({ ok: true })).toEqual({ kind: 'done' });
    expect(changeOutcome({ twoFactorDisabled: true })).toEqual({ kind: 'done' });
  });
});

describe('forgot password: after the reset', () => {
  it('sends only an interaction ReturnUrl', () => {
    expect(interactionReturnUrl(new URLSearchParams('ReturnUrl=/oidc/interaction/abc'))).toBe('/oidc/interaction/abc');
    expect(interactionReturnUrl(new URLSearchParams('ReturnUrl=/account'))).toBeUndefined();
    expect(interactionReturnUrl(new URLSearchParams(''))).toBeUndefined();
  });

  it('follows redirectUrl when the server signed in, else signs in through the portal', () => {
    expect(
      afterReset({ isOk: true, isRegister: false, redirectUrl: '/oidc/auth/abc', requiresTwoFactor: false }),
    ).toEqual({ kind: 'redirect', url: '/oidc/auth/abc' });
    expect(afterReset({ ok: true })).toEqual({ kind: 'sign-in' });
  });
});
