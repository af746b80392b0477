import { describe, expect, it } from 'vitest';
import {
  BIRTH_YEAR_MIN,
  birthdateError,
  birthYearMax,
  defaultBirthdate,
  detailsErrors,
  registerInput,
  registerSendOtpInput,
  timezoneOr,
  updateInfoInput,
} from './register.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const keysOf = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('birth date', () => {
  it('defaults to 1 January five years ago; years 1900 to current minus 5', () => {
    expect(defaultBirthdate(NOW)).toBe('2021-01-01');
    expect(birthYearMax(NOW)).toBe(2021);
    expect(birthdateError('', NOW)).toBe('error_birth_date_empty');
    expect(birthdateError(`${BIRTH_YEAR_MIN}-01-01`, NOW)).toBeNull();
    expect(birthdateError('1899-12-31', NOW)).toBe('error_birth_year_invalid');
    expect(birthdateError('2021-12-31', NOW)).toBeNull();
    expect(birthdateError('2022-01-01', NOW)).toBe('error_birth_year_invalid');
    expect(birthdateError('2001-02-29', NOW)).toBe('error_birth_date_invalid');
    expect(birthdateError('01/02/2001', NOW)).toBe('error_birth_date_invalid');
  });
});

describe('details rules', () => {
  const valid = {
    firstName: 'An',
    lastName: 'Nguyễn',
    password: 'Abc12!',
    rePassword: 'Abc12!',
    birthdate: '2000-05-01',
    gender: 1,
  };

  it('reports every rule in the spec order', () => {
    expect(
      detailsErrors(
        { firstName: ' ', lastName: '', password: '', rePassword: '', birthdate: '', gender: undefined },
        { now: NOW },
      ),
    ).toEqual([
      { field: 'firstName', key: 'error_first_name_empty' },
      { field: 'lastName', key: 'error_last_name_empty' },
      { field: 'password', key: 'error_password_empty' },
      { field: 'rePassword', key: 'error_repassword_empty' },
      { field: 'birthdate', key: 'error_birth_date_empty' },
      { field: 'gender', key: 'error_gender_empty' },
    ]);
    expect(
      detailsErrors({ ...valid, password: 'abcdef', rePassword: 'x', gender: 9 }, { now: NOW }).map((e) => e.key),
    ).toEqual(['error_password_invalid', 'error_confirm_new_password', 'error_gender_empty']);
    expect(detailsErrors({ ...valid, firstName: 'x'.repeat(51) }, { now: NOW })).toEqual([
      { field: 'firstName', key: 'error_name_too_long' },
    ]);
    expect(detailsErrors({ ...valid, gender: '2' }, { now: NOW })).toEqual([]);
  });

  it('register: e-mail, token and details; trims names and passwords; unknown zones fall back', () => {
    const parsed = registerInput({ now: NOW }).parse({
      ...valid,
      username: ' An@Example.COM ',
      token: 't',
      firstName: ' An ',
      password: ' Abc12! ',
      timezone: 'Mars/Olympus',
    });
    expect(parsed).toMatchObject({
      username: 'an@example.com',
      firstName: 'An',
      password: 'Abc12!',
      gender: 1,
      timezone: 'Asia/Saigon',
    });
    expect(keysOf(registerInput({ now: NOW }).safeParse({ ...valid, username: '0912345678' }))).toEqual([
      'username:error_email_invalid',
      'token:register_session_expired',
    ]);
  });

  it('step 1 accepts e-mails only', () => {
    expect(keysOf(registerSendOtpInput.safeParse({}))).toEqual(['username:error_account_empty']);
    expect(keysOf(registerSendOtpInput.safeParse({ username: '0912345678' }))).toEqual([
      'username:error_email_invalid',
    ]);
    expect(keysOf(registerSendOtpInput.safeParse({ username: 'a@b' }))).toEqual(['username:error_email_invalid']);
    expect(registerSendOtpInput.parse({ username: 'A@B.vn' }).username).toBe('a@b.vn');
  });

  it('update-info: the password pair is optional only when told so', () => {
    const info = { firstName: 'An', lastName: 'Lê', birthdate: '2000-01-01', gender: 3 };
    expect(updateInfoInput({ passwordRequired: false, now: NOW }).safeParse(info).success).toBe(true);
    expect(keysOf(updateInfoInput({ passwordRequired: true, now: NOW }).safeParse(info))).toEqual([
      'password:error_password_empty',
      'rePassword:error_repassword_empty',
    ]);
    expect(timezoneOr('Europe/Paris')).toBe('Europe/Paris');
  });
});
