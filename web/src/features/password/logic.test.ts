import { changePasswordInput, setPasswordInput } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { type FormSchema, schemaMessages } from '../../components/useApiForm';
import { changeOutcome, modeFor } from './logic';

// The page checks its fields with the endpoints' schemas (web/src/components/useApiForm.ts).
const keys = (schema: FormSchema, input: unknown, fields: string[]) =>
  schemaMessages(schema, input, fields, (key) => key);

describe('change password rules', () => {
  it('checks step 1 in the spec order', () => {
    const step1 = ['currentpassword', 'newpassword', 'confirmnewpassword'];
    expect(
      keys(
        changePasswordInput(),
        { currentpassword: '', newpassword: '', confirmnewpassword: '', OtpType: 'email' },
        step1,
      ),
    ).toEqual({
      fields: {
        currentpassword: 'error_current_password_empty',
        newpassword: 'error_new_password_empty',
        confirmnewpassword: 'error_confirm_new_password_empty',
      },
      alert: null,
    });
    expect(
      keys(
        changePasswordInput(),
        { currentpassword: 'x', newpassword: 'abcdef', confirmnewpassword: 'abcdeg', OtpType: 'email' },
        step1,
      ),
    ).toEqual({
      fields: { newpassword: 'error_password_invalid', confirmnewpassword: 'error_confirm_new_password' },
      alert: null,
    });
    expect(
      keys(
        changePasswordInput(),
        { currentpassword: 'x', newpassword: 'Abc@123', confirmnewpassword: 'Abc@123', OtpType: 'email' },
        step1,
      ),
    ).toBe(null);
  });

  it('asks for a method before a code is sent', () => {
    expect(
      keys(changePasswordInput(), { currentpassword: 'x', newpassword: 'Abc@123', confirmnewpassword: 'Abc@123' }, [
        'currentpassword',
      ]),
    ).toEqual({ fields: {}, alert: 'please_select_method_receive_2fa_code' });
  });

  it('sets a first password with the same rules, no current password', () => {
    const pair = ['newpassword', 'confirmnewpassword'];
    expect(keys(setPasswordInput(), { newpassword: '', confirmnewpassword: '' }, pair)).toEqual({
      fields: { newpassword: 'error_new_password_empty', confirmnewpassword: 'error_confirm_new_password_empty' },
      alert: null,
    });
  });

  it('reads the mode and the answers', () => {
    expect(modeFor(false)).toBe('set');
    expect(modeFor(true)).toBe('change');
    expect(modeFor(undefined)).toBe('change');
    expect(changeOutcome({ times: 60 })).toEqual({ kind: 'code', times: 60 });
    expect(changeOutcome({ ok: true })).toEqual({ kind: 'done' });
    expect(changeOutcome({ twoFactorDisabled: true })).toEqual({ kind: 'done' });
  });
});
