import { authEndpoints } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { queuedSendsDone } from '../../lib/send-later.js';
import { errorKey } from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';
import { solvedCaptcha } from '../../testing/captcha.js';
import { sentAgo } from '../../testing/codes.js';
import { postJson, signInWithPassword, startAuthorization } from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

// Issue 24 point 6: a stranger must not be able to lock someone else's account with made-up
// sign-in codes, and an owner whose account is locked is told.

const ATTACKER = { 'x-forwarded-for': '192.0.2.66' };

/** The attacker's own interaction, then a made-up code for the victim's name. */
async function madeUpCode(t: ReturnType<typeof useTestApp>, username: string, captcha?: string) {
  const flow = await startAuthorization(t.app);
  return postJson(
    t.app,
    authEndpoints.loginByOtp.path,
    { username, otp: '123456', returnUrl: flow.returnUrl, ...(captcha ? { captcha } : {}) },
    ATTACKER,
  );
}

describe('no lock-out by strangers (captcha on)', () => {
  const t = useTestApp({ CAPTCHA_PROVIDER: 'altcha', ALTCHA_MAX_NUMBER: '1000' });

  it('101 made-up codes from one attacker: the captcha stops them after the streak, the owner still signs in', async () => {
    await createUser(t.deps.database.db, { email: 'victim@example.com' });
    const answers: string[] = [];
    for (let i = 0; i < 101; i++) answers.push(errorKey(await madeUpCode(t, 'victim@example.com')));
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('otp_invalid'));
    expect(new Set(answers.slice(5))).toEqual(new Set(['captcha_error_empty']));

    // The owner, from home, with the captcha the streak now asks for: signed in, not locked.
    const captcha = await solvedCaptcha(t);
    const flow = await startAuthorization(t.app);
    const owner = await postJson(t.app, authEndpoints.login.path, {
      username: 'victim@example.com',
      password: TEST_PASSWORD,
      captcha,
      returnUrl: flow.returnUrl,
    });
    expect(owner.statusCode, owner.body).toBe(200);
  });
});

describe('no lock-out by strangers (no captcha configured)', () => {
  // OTP_WRONG_CODES_PER_WINDOW raised: here the lock itself is under test, not the code budget.
  const t = useTestApp({
    CAPTCHA_PROVIDER: 'none',
    LOGIN_LOCK_FAILURES: '20',
    OTP_SENDS_PER_IP: '1000',
    OTP_WRONG_CODES_PER_WINDOW: '100',
  });

  it('codes tried where none was issued never lock the account', async () => {
    await createUser(t.deps.database.db, { email: 'victim2@example.com' });
    for (let i = 0; i < 101; i++) expect(errorKey(await madeUpCode(t, 'victim2@example.com'))).toBe('otp_invalid');
    const owner = await signInWithPassword(t.app, { username: 'victim2@example.com', password: TEST_PASSWORD });
    expect(owner.tokens.access_token).toBeTruthy();
    await queuedSendsDone();
    expect(await listOutboxMessages(t.deps.database.db, 'victim2@example.com', 10)).toHaveLength(0);
  });

  it('wrong tries at issued codes still lock it, and the owner gets an e-mail', async () => {
    await createUser(t.deps.database.db, { email: 'guessed-code@example.com' });
    const send = () => postJson(t.app, authEndpoints.sendLoginOtp.path, { username: 'guessed-code@example.com' });
    let last = '';
    for (let round = 0; round < 4 && last !== 'account_locked'; round++) {
      await sentAgo(t, 'guessed-code@example.com'); // the resend cooldown passed
      expect((await send()).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) {
        const res = await madeUpCode(t, 'guessed-code@example.com');
        last = errorKey(res, res.statusCode);
        if (last === 'account_locked') break;
      }
    }
    const password = await postJson(t.app, authEndpoints.login.path, {
      username: 'guessed-code@example.com',
      password: TEST_PASSWORD,
      returnUrl: (await startAuthorization(t.app)).returnUrl,
    });
    expect(errorKey(password, 429)).toBe('account_locked');
    await queuedSendsDone();
    const mail = await listOutboxMessages(t.deps.database.db, 'guessed-code@example.com', 20);
    expect(mail.filter((m) => m.subject === 'Portico: đăng nhập vào tài khoản của bạn đang tạm khóa')).toHaveLength(1);
  });
});

describe('the wrong-code budget and the lock (no captcha, lock at 20)', () => {
  const t = useTestApp({ CAPTCHA_PROVIDER: 'none', LOGIN_LOCK_FAILURES: '20', OTP_SENDS_PER_IP: '1000' });

  it('a spent wrong-code budget stops the guesses without counting toward the lock', async () => {
    await createUser(t.deps.database.db, { email: 'budget-lock@example.com' });
    for (let round = 0; round < 6; round++) {
      await sentAgo(t, 'budget-lock@example.com');
      await postJson(t.app, authEndpoints.sendLoginOtp.path, { username: 'budget-lock@example.com' });
      for (let i = 0; i < 5; i++) await madeUpCode(t, 'budget-lock@example.com');
    }
    // 30 tries, 10 of them checked (OTP_WRONG_CODES_PER_WINDOW): far from the lock (20).
    const owner = await signInWithPassword(t.app, { username: 'budget-lock@example.com', password: TEST_PASSWORD });
    expect(owner.tokens.access_token).toBeTruthy();
  });
});
