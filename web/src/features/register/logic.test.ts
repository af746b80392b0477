import { registerInput, updateInfoInput } from '@portico/contracts';
import { describe, expect, it, vi } from 'vitest';
import { schemaMessages } from '../../components/useApiForm';
import { resumeFromCookie as resumeRegistration } from '../../lib/resume';
import { DETAILS_FIELD_ORDER, type DetailsForm, emptyDetails, loginAfterRegister, loginWithQuery } from './logic';

const now = new Date('2026-11-22T10:00:00Z');

/** The details form's messages (keys) as the page computes them: the endpoints' schemas (useApiForm). */
const validateDetails = (v: DetailsForm, opts: { withPassword: boolean; now: Date }): Record<string, string> =>
  schemaMessages(
    opts.withPassword ? registerInput({ now: opts.now }) : updateInfoInput({ passwordRequired: false, now: opts.now }),
    { ...v, username: 'lan@example.edu', token: 'tok' },
    DETAILS_FIELD_ORDER,
    (key) => key,
  )?.fields ?? {};

describe('register: resume from the cookie', () => {
  it('starts at step 1 without a cookie, asking nothing', async () => {
    const check = vi.fn();
    expect(await resumeRegistration(null, check, vi.fn())).toEqual({ step: 1 });
    expect(check).not.toHaveBeenCalled();
  });

  it('resumes at step 2 with the remaining seconds while in progress', async () => {
    const forget = vi.fn();
    const start = await resumeRegistration('lan@example.edu', async () => ({ times: 42 }), forget);
    expect(start).toEqual({ step: 2, username: 'lan@example.edu', times: 42 });
    expect(forget).not.toHaveBeenCalled();
  });

  it('deletes the cookie when the server says no', async () => {
    const forget = vi.fn();
    const start = await resumeRegistration(
      'lan@example.edu',
      async () => {
        throw new Error('process_not_in_progress');
      },
      forget,
    );
    expect(start).toEqual({ step: 1 });
    expect(forget).toHaveBeenCalledOnce();
  });
});

describe('register: details rules', () => {
  const valid = {
    ...emptyDetails(now),
    firstName: ' Lan ',
    lastName: 'Nguyễn',
    password: 'Abc@1234',
    rePassword: 'Abc@1234',
    gender: '2',
  };

  it('defaults the birth date to 1 January five years ago', () => {
    expect(emptyDetails(now).birthdate).toBe('2021-01-01');
  });

  it('checks in the spec order with its keys', () => {
    const all = validateDetails({ ...emptyDetails(now), birthdate: '' }, { withPassword: true, now });
    expect(Object.values(all)).toEqual([
      'error_first_name_empty',
      'error_last_name_empty',
      'error_password_empty',
      'error_repassword_empty',
      'error_birth_date_empty',
      'error_gender_empty',
    ]);
    expect(validateDetails({ ...valid, password: 'abcdef', rePassword: 'x' }, { withPassword: true, now })).toEqual({
      password: 'error_password_invalid',
      rePassword: 'error_confirm_new_password',
    });
    expect(validateDetails(valid, { withPassword: true, now })).toEqual({});
  });

  it('trims passwords and names before checking', () => {
    expect(validateDetails({ ...valid, firstName: '   ' }, { withPassword: true, now })).toEqual({
      firstName: 'error_first_name_empty',
    });
    expect(validateDetails({ ...valid, rePassword: ' Abc@1234 ' }, { withPassword: true, now })).toEqual({});
  });

  it('skips the password pair when the form has none', () => {
    expect(validateDetails({ ...valid, password: '', rePassword: '' }, { withPassword: false, now })).toEqual({});
  });

  it('refuses birth years outside 1900 .. current - 5', () => {
    expect(validateDetails({ ...valid, birthdate: '2023-01-01' }, { withPassword: true, now }).birthdate).toBe(
      'error_birth_year_invalid',
    );
  });
});

describe('register: where it goes', () => {
  it('goes to the login page with the query kept and the username filled in', () => {
    expect(
      loginAfterRegister('/en-us/login', '?ReturnUrl=%2Foidc%2Finteraction%2Fabc&password=x', 'lan@example.edu'),
    ).toBe('/en-us/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc&username=lan%40example.edu');
    expect(loginWithQuery('/login', '?ReturnUrl=%2Fx')).toBe('/login?ReturnUrl=%2Fx');
    expect(loginWithQuery('/login', '')).toBe('/login');
  });
});
