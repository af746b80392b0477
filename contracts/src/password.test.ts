import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_COUNT,
  changePasswordInput,
  commonPasswordSet,
  DETAILS_PASSWORD_KEYS,
  isCommonPassword,
  isValidPassword,
  normalizePassword,
  PASSWORD_COMMON_KEY,
  PASSWORD_MAX_LENGTH,
  passwordPairErrors,
  passwordRuleChecks,
  passwordStrength,
  setPasswordInput,
} from './password.js';

const fields = { password: 'password', repeat: 'rePassword' };
const keysOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('password rule', () => {
  it('needs 6 to 200 characters with a digit and a special character', () => {
    expect(isValidPassword('ab1!cd')).toBe(true);
    expect(isValidPassword('ab1!c')).toBe(false); // 5 characters
    expect(isValidPassword(`a1!${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`)).toBe(true); // 200
    expect(isValidPassword(`a1!${'x'.repeat(PASSWORD_MAX_LENGTH - 2)}`)).toBe(false); // 201
    expect(isValidPassword('abcdef!')).toBe(false); // no digit
    expect(isValidPassword('abcdef1')).toBe(false); // no special character
  });

  it('accepts any Unicode text; any character that is not a letter or digit is special (issue 8, point 10)', () => {
    expect(isValidPassword('Mật-khẩu-rất-dài-2026')).toBe(true);
    expect(isValidPassword('correct horse battery staple 7')).toBe(true); // the spaces are special
    expect(isValidPassword('correct horse battery staple')).toBe(false); // still needs a digit
    for (const special of '!@#$%^&* -_~(.,;:/\\|<>?"\'`[]{}+=€£¥§°…“”😀')
      expect(isValidPassword(`Abc12${special}`), special).toBe(true);
    expect(isValidPassword('Đặng1234')).toBe(false); // Vietnamese letters are letters, not special
    expect(isValidPassword('пароль1!')).toBe(true);
    expect(isValidPassword('密码密码12!')).toBe(true);
    expect(isValidPassword('Abc12!\u0000')).toBe(false); // control characters never
    expect(isValidPassword('Abc12!\n')).toBe(false);
  });

  it('counts characters of the NFC form, so decomposed and precomposed text agree', () => {
    const nfd = 'ậ1!ệ'.normalize('NFD'); // 4 characters, 8 code units in NFD
    expect(nfd.length).toBeGreaterThan(4);
    expect(isValidPassword(`${nfd}x`)).toBe(false); // 5 characters
    expect(isValidPassword(`${nfd}xy`)).toBe(true); // 6 characters
    expect(normalizePassword(nfd)).toBe('ậ1!ệ'.normalize('NFC'));
    const emoji = '😀'.repeat(PASSWORD_MAX_LENGTH - 2); // 2 code units each: characters count, not units
    expect(isValidPassword(`${emoji}1!`)).toBe(true);
    expect(isValidPassword(`${emoji}1!x`)).toBe(false);
  });

  it('ticks the guide the same way', () => {
    expect(passwordRuleChecks('Mật khẩu')).toEqual({ length: true, digit: false, special: true });
    expect(passwordRuleChecks('Đặng12')).toEqual({ length: true, digit: true, special: false });
  });
});

describe('common passwords (issue 8, point 21)', () => {
  const list = commonPasswordSet(['123456', 'password1', 'qwerty', ...Array(COMMON_PASSWORD_COUNT).fill('x'), 'rare1']);
  it('keeps the first 10,000 of the ranked list', () => {
    expect(list.has('password1')).toBe(true);
    expect(list.has('rare1')).toBe(false);
  });
  it('matches without case and once more without special characters', () => {
    expect(isCommonPassword('Password1!', list)).toBe(true);
    expect(isCommonPassword('P a s s w o r d 1', list)).toBe(true);
    expect(isCommonPassword('Password12!', list)).toBe(false);
  });
  it('says error_password_common, not the composition message, for a valid but common password', () => {
    const common = (pw: string) => !isCommonPassword(pw, list);
    expect(passwordPairErrors('Password1!', 'Password1!', DETAILS_PASSWORD_KEYS, fields, common)).toEqual([
      { field: 'password', key: PASSWORD_COMMON_KEY },
    ]);
    expect(PASSWORD_COMMON_KEY).toBe('error_password_common');
    expect(passwordPairErrors('password', 'password', DETAILS_PASSWORD_KEYS, fields, common)).toEqual([
      { field: 'password', key: 'error_password_invalid' },
    ]);
  });
});

describe('passwordStrength (spec §5)', () => {
  it('is 0 when empty', () => expect(passwordStrength('')).toBe(0));

  it('is 1 below 6 characters, whatever they are', () => {
    expect(passwordStrength('a')).toBe(1);
    expect(passwordStrength('Ab1!x')).toBe(1); // 5, all four kinds
  });

  it('is 1 from 6 characters when weak (fewer than two of upper, lower, digit)', () => {
    expect(passwordStrength('abcdef')).toBe(1);
    expect(passwordStrength('ABCDEF')).toBe(1);
    expect(passwordStrength('123456')).toBe(1);
    expect(passwordStrength('abcde!')).toBe(1); // lower + special is not two of upper/lower/digit
  });

  it('is 2 from 6 characters with any two of upper, lower, digit', () => {
    expect(passwordStrength('abcDEF')).toBe(2);
    expect(passwordStrength('abc123')).toBe(2);
    expect(passwordStrength('ABC123')).toBe(2);
    expect(passwordStrength('Abc12!')).toBe(2); // all four but only 6 long
    expect(passwordStrength('Abc123!')).toBe(2); // all four but 7 long
    expect(passwordStrength('abcdefg1!')).toBe(2); // 9 long, no upper case
  });

  it('is 3 at exactly 8 characters with upper, lower, digit and special', () => {
    expect(passwordStrength('Abcd123!')).toBe(3);
  });

  it('knows upper and lower case beyond ASCII', () => {
    expect(passwordStrength('Đặng12')).toBe(2);
    expect(passwordStrength('Mật-khẩu-2026')).toBe(4);
    expect(passwordStrength('mật khẩu')).toBe(1);
  });

  it('is 4 when the same is longer than 8', () => {
    expect(passwordStrength('Abcd1234!')).toBe(4);
    expect(passwordStrength(`Ab1!${'x'.repeat(100)}`)).toBe(4);
  });
});

describe('password pair rules', () => {
  it('reports in order: empty, invalid, repeat empty, mismatch; trimmed', () => {
    expect(passwordPairErrors('', '', DETAILS_PASSWORD_KEYS, fields)).toEqual([
      { field: 'password', key: 'error_password_empty' },
      { field: 'rePassword', key: 'error_repassword_empty' },
    ]);
    expect(passwordPairErrors('abc', 'x', DETAILS_PASSWORD_KEYS, fields)).toEqual([
      { field: 'password', key: 'error_password_invalid' },
      { field: 'rePassword', key: 'error_confirm_new_password' },
    ]);
    expect(passwordPairErrors('  Abc12! ', 'Abc12!', DETAILS_PASSWORD_KEYS, fields)).toEqual([]);
    expect(passwordPairErrors('Abc12!', 'Abc12!', DETAILS_PASSWORD_KEYS, fields, () => false)).toEqual([
      { field: 'password', key: 'error_password_common' },
    ]);
  });

  it('change-password keys, current password first, then the method', () => {
    expect(keysOf(changePasswordInput().safeParse({}))).toEqual([
      'currentpassword:error_current_password_empty',
      'newpassword:error_new_password_empty',
      'confirmnewpassword:error_confirm_new_password_empty',
      'OtpType:please_select_method_receive_2fa_code',
    ]);
    expect(
      keysOf(
        changePasswordInput().safeParse({
          currentpassword: 'x',
          newpassword: 'short',
          confirmnewpassword: 'other',
          OtpType: 'email',
          otp: '12a',
        }),
      ),
    ).toEqual([
      'newpassword:error_password_invalid',
      'confirmnewpassword:error_confirm_new_password',
      'otp:invalid_otp',
    ]);
    const ok = changePasswordInput().parse({
      currentpassword: ' Old1! ',
      newpassword: ' New12! ',
      confirmnewpassword: 'New12!',
      OtpType: 'phone',
    });
    expect(ok).toEqual({
      currentpassword: 'Old1!',
      newpassword: 'New12!',
      otp: '',
      otpType: 'phone',
      logoutAll: false,
    });
  });

  it('set-first-password uses the new-password keys, and a method only of those a code goes to', () => {
    expect(keysOf(setPasswordInput().safeParse({ newpassword: '', confirmnewpassword: '' }))).toEqual([
      'newpassword:error_new_password_empty',
      'confirmnewpassword:error_confirm_new_password_empty',
    ]);
    expect(keysOf(setPasswordInput().safeParse({ newpassword: 'Abc12!', confirmnewpassword: 'Abc12@' }))).toEqual([
      'confirmnewpassword:error_confirm_new_password',
    ]);
    const pair = { newpassword: 'Abc12!', confirmnewpassword: 'Abc12!' };
    expect(keysOf(setPasswordInput().safeParse({ ...pair, OtpType: 'authenticator', otp: '12a' }))).toEqual([
      'OtpType:please_select_method_receive_2fa_code',
      'otp:invalid_otp',
    ]);
    expect(setPasswordInput().parse({ ...pair, id: 'u1', password: 'ignored', otp: ' 123456 ' })).toEqual({
      id: 'u1',
      newpassword: 'Abc12!',
      otp: '123456',
      otpType: undefined,
    });
  });
});
