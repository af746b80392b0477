import { ACCOUNT_PATHS as A, authEndpoints, PASSWORD_PATHS, stepUpEndpoints } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSubject, createLoginLimits } from '../../modules/sign-in/index.js';
import { CONTACT_EMAIL, findUserByLoginName } from '../../modules/users/index.js';
import { errorKey, resultOf, type SignedInUser, signedInUser } from '../../testing/account.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { postJson, startAuthorization } from '../../testing/oidc-flow.js';
import { TEST_PASSWORD } from '../../testing/users.js';

// Every check of an account's own password shares sign-in's counters
// (server/src/modules/login-limits/login-limits.ts createPasswordCheck): the streak, the lock, and a
// success that clears the streak only.

/** The step-up's password (the proof the recovery ways, sign-in addresses and two-step settings need). */
const stepUpPassword = (user: SignedInUser, password: string) =>
  user.call('POST', stepUpEndpoints.verify.path, { method: 'password', value: password });

const signIn = async (t: TestApp, username: string, password = TEST_PASSWORD) => {
  const flow = await startAuthorization(t.app);
  return postJson(t.app, authEndpoints.login.path, { username, password, returnUrl: flow.returnUrl });
};
let ipSeq = 0;
/**
 * Whether sign-in would ask this account for the captcha, read from the limits themselves (these
 * tests run with CAPTCHA_PROVIDER=none, where the login check never asks), from a fresh address
 * so only the account's own streak counts.
 */
const captchaAsked = async (t: TestApp, email: string) => {
  const user = await findUserByLoginName(t.deps.database.db, CONTACT_EMAIL, email);
  return createLoginLimits(t.deps).captchaRequired(accountSubject(user!.id), `198.51.100.${++ipSeq}`);
};

describe('password checks share the sign-in streak (defaults: captcha after 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_PROVIDER: 'none' });
  });
  afterAll(() => t.close());

  it('30 wrong step-up passwords: 5 are checked, the rest refused, and sign-in then asks for the captcha', async () => {
    const a = await signedInUser(t, { email: 'guess-rec@example.com' });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await stepUpPassword(a, `Wrong#pass${i}`)).statusCode);
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(answers.slice(5))).toEqual(new Set([429]));
    // Refused without a check, so the right password cannot slip through either.
    expect(errorKey(await stepUpPassword(a, TEST_PASSWORD), 429)).toBe('too_many_requests');
    // Every other password check answers the same: the streak is the account's, not the page's.
    expect(errorKey(await a.call('POST', A.checkPassword, { password: TEST_PASSWORD }), 429)).toBe('too_many_requests');
    expect(await captchaAsked(t, 'guess-rec@example.com')).toBe(true);
    // A sign-in clears the streak (here without captcha answer: CAPTCHA_PROVIDER=none), and the page works again.
    expect((await signIn(t, 'guess-rec@example.com')).statusCode).toBe(200);
    expect(resultOf<{ proven: boolean }>(await stepUpPassword(a, TEST_PASSWORD)).proven).toBe(true);
  });

  it('a right password clears the streak only, as sign-in does', async () => {
    const a = await signedInUser(t, { email: 'streak@example.com' });
    for (let i = 0; i < 4; i++) errorKey(await a.call('POST', A.checkPassword, { password: `Wrong@${i}` }));
    expect(resultOf(await a.call('POST', A.checkPassword, { password: TEST_PASSWORD }))).toBe(true);
    for (let i = 0; i < 4; i++) expect(errorKey(await stepUpPassword(a, `Wrong#${i}`))).toBe('invalid_password');
    expect(await captchaAsked(t, 'streak@example.com')).toBe(false);
  });
});

describe('password checks count toward the account lock (LOGIN_LOCK_FAILURES=20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      CAPTCHA_PROVIDER: 'none',
      LOGIN_CAPTCHA_AFTER_FAILURES: '1000',
      LOGIN_LOCK_FAILURES: '20',
    });
  });
  afterAll(() => t.close());

  it('30 wrong step-up passwords lock the account; the lock then blocks sign-in and every check', async () => {
    const a = await signedInUser(t, { email: 'lock-rec@example.com' });
    const keys = [];
    for (let i = 0; i < 30; i++) keys.push((await stepUpPassword(a, `Wrong#pass${i}`)).json().exception.message);
    expect(keys.slice(0, 20)).toEqual(Array(20).fill('invalid_password'));
    expect(keys.slice(20)).toEqual(Array(10).fill('account_locked'));
    expect(errorKey(await signIn(t, 'lock-rec@example.com'), 429)).toBe('account_locked');
    expect(errorKey(await a.call('POST', A.checkPassword, { password: TEST_PASSWORD }), 429)).toBe('account_locked');
    expect(errorKey(await a.call('DELETE', A.deleteAccount, { confirm: true, password: TEST_PASSWORD }), 429)).toBe(
      'account_locked',
    );
    const change = { currentpassword: TEST_PASSWORD, newpassword: 'Moi@2026x', confirmnewpassword: 'Moi@2026x' };
    expect(errorKey(await a.call('POST', PASSWORD_PATHS.changePassword, { ...change, OtpType: 'email' }), 429)).toBe(
      'account_locked',
    );
  });

  it('wrong delete-account and change-password passwords lock sign-in too', async () => {
    const a = await signedInUser(t, { email: 'lock-mix@example.com' });
    for (let i = 0; i < 10; i++) errorKey(await a.call('POST', A.checkPassword, { password: `Wrong@${i}` }));
    for (let i = 0; i < 10; i++) {
      const wrong = { currentpassword: `Wrong@${i}`, newpassword: 'Moi@2026x', confirmnewpassword: 'Moi@2026x' };
      errorKey(await a.call('POST', PASSWORD_PATHS.changePassword, { ...wrong, OtpType: 'email' }));
    }
    expect(errorKey(await signIn(t, 'lock-mix@example.com'), 429)).toBe('account_locked');
  });
});
