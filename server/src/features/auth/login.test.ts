import { accountEndpoints, authEndpoints } from '@portico/contracts';
import { solveChallenge } from 'altcha-lib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, devices } from '../../db/schema.js';
import { createCampaign } from '../../modules/campaigns/index.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import {
  bearer,
  codeOf,
  exchangeCode,
  followRedirects,
  postJson,
  startAuthorization,
  TEST_ORIGIN,
} from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

let ipSeq = 0;
/** Each test uses its own client address so per-IP counters do not leak between tests. */
const newIp = () => `203.0.113.${++ipSeq}`;

async function solveAltcha(t: TestApp): Promise<string> {
  const res = await t.app.inject('/api/captcha/challenge');
  expect(res.statusCode).toBe(200);
  const challenge = res.json();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  return Buffer.from(JSON.stringify({ ...challenge, number: solution?.number })).toString('base64');
}

describe('password sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = async (body: Record<string, unknown>, ip = newIp(), query = '') => {
    const flow = await startAuthorization(t.app);
    const res = await postJson(
      t.app,
      `${authEndpoints.login.path}${query}`,
      { returnUrl: flow.returnUrl, ...body },
      {
        'x-forwarded-for': ip,
        'user-agent': IPHONE,
      },
    );
    return { res, flow };
  };

  it('answers the login check without revealing whether the account exists', async () => {
    await createUser(t.deps.database.db, { email: 'check@example.com' });
    const known = await postJson(t.app, authEndpoints.loginCheck.path, { userName: 'check@example.com' });
    const unknown = await postJson(t.app, authEndpoints.loginCheck.path, { userName: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ result: { loginByOTP: false, isErrorMulti: false } });
    expect(unknown.json()).toEqual(known.json());
  });

  it('validates the form with the spec keys', async () => {
    const empty = await postJson(t.app, authEndpoints.loginCheck.path, { userName: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().exception.message).toBe('error_username_empty');
    const badEmail = await postJson(t.app, authEndpoints.login.path, {
      username: 'a@b',
      password: 'x',
      returnUrl: '/',
    });
    expect(badEmail.json()).toMatchObject({
      exception: { message: 'error_email_invalid' },
      errors: { username: ['error_email_invalid'] },
    });
    const noPassword = await postJson(t.app, authEndpoints.login.path, {
      username: 'a@example.com',
      password: '',
      returnUrl: '/',
    });
    expect(noPassword.json().errors).toEqual({ password: ['error_password_empty'] });
  });

  it('signs in with the right password and hands back the resume URL, then the code flow completes', async () => {
    const user = await createUser(t.deps.database.db, { email: 'alice@example.com' });
    const { res, flow } = await login({ username: ' Alice@Example.com ', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const answer = res.json().result;
    expect(answer).toMatchObject({
      isOk: true,
      isRegister: false,
      requiresTwoFactor: false,
      userId: user.id,
      userCampagin: null,
    });
    expect(answer.redirectUrl).toBe(`${TEST_ORIGIN}/oidc/auth/${flow.uid}`);

    const location = await followRedirects(t.app, flow, answer.redirectUrl);
    expect(location).toMatch(/^http:\/\/localhost:3000\/callback\?code=/);
    const tokens = await exchangeCode(t.app, flow, codeOf(location));
    const me = await t.app.inject({ url: accountEndpoints.me.path, headers: bearer(tokens.access_token) });
    expect(me.json().result).toMatchObject({ sub: user.id, email: 'alice@example.com', idp: 'local' });

    // The device is recorded from the user agent and tied to the provider session on resume.
    const [device] = await t.deps.database.db.select().from(devices).where(eq(devices.userId, user.id));
    expect(device).toMatchObject({ deviceType: 2, browser: 'Mobile Safari 17', interactionUid: flow.uid });
    expect(device?.deviceName).toContain('iOS');
    await expect
      .poll(
        async () => (await t.deps.database.db.select().from(devices).where(eq(devices.userId, user.id)))[0]?.sessionUid,
      )
      .toBeTruthy();
    const [entry] = await t.deps.database.db.select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(entry).toMatchObject({ action: 'activity_sign_in', params: { method: 'password' } });
  });

  it('gives an unknown account and a wrong password the same answer', async () => {
    await createUser(t.deps.database.db, { email: 'bob@example.com' });
    const wrong = await login({ username: 'bob@example.com', password: 'nope' });
    const unknown = await login({ username: 'ghost@example.com', password: 'nope' });
    expect(wrong.res.statusCode).toBe(400);
    expect(unknown.res.statusCode).toBe(400);
    expect(wrong.res.json()).toEqual({ exception: { message: 'login_invalid_info' } });
    expect(unknown.res.json()).toEqual(wrong.res.json());
  });

  it('refuses accounts without a password, deleted accounts, and names that are unconfirmed or do not allow login', async () => {
    const db = t.deps.database.db;
    await createUser(db, { email: 'social@example.com', password: null });
    await createUser(db, { email: 'deleted@example.com', deleted: true });
    await createUser(db, { email: 'pending@example.com', confirmed: false });
    await createUser(db, { email: 'nologin@example.com', allowLogin: false });
    for (const username of [
      'social@example.com',
      'deleted@example.com',
      'pending@example.com',
      'nologin@example.com',
    ]) {
      const { res } = await login({ username, password: TEST_PASSWORD });
      expect(res.json().exception.message, username).toBe('login_invalid_info');
    }
  });

  it('signs in with a confirmed phone that allows login, in any usual spelling', async () => {
    const user = await createUser(t.deps.database.db, { phone: '0912345678' });
    const { res } = await login({ username: '+84 912 345 678', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.userId).toBe(user.id);
    await createUser(t.deps.database.db, { phone: '0987654321', allowLogin: false });
    expect((await login({ username: '0987654321', password: TEST_PASSWORD })).res.json().exception.message).toBe(
      'login_invalid_info',
    );
  });

  it('answers login_session_expired when the returnUrl is not a live interaction', async () => {
    await createUser(t.deps.database.db, { email: 'carol@example.com' });
    for (const returnUrl of [
      '/',
      '/oidc/interaction/doesnotexist123',
      'https://evil.example/oidc/interaction/abcdefghijkl',
    ]) {
      const res = await postJson(t.app, authEndpoints.login.path, {
        username: 'carol@example.com',
        password: TEST_PASSWORD,
        returnUrl,
      });
      expect(res.json().exception.message, returnUrl).toBe('login_session_expired');
    }
  });

  it('returns the campaign named by campaignId, with popup HTML sanitized', async () => {
    await createUser(t.deps.database.db, { email: 'dave@example.com' });
    const popup = await createCampaign(t.deps.database.db, {
      action: 2,
      data: '<p onclick="x()">Hi<script>alert(1)</script></p>',
    });
    const { res } = await login(
      { username: 'dave@example.com', password: TEST_PASSWORD },
      newIp(),
      `?campaignId=${popup.id}`,
    );
    expect(res.json().result.userCampagin).toEqual({ loggedInAction: 2, data: '<p>Hi</p>' });
  });
});

describe('failed sign-in protection (ALTCHA)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_PROVIDER: 'altcha', ALTCHA_MAX_NUMBER: '1000', LOGIN_LOCK_FAILURES: '8' });
  });
  afterAll(() => t.close());

  const attempt = async (username: string, password: string, ip: string, captcha?: string) => {
    const flow = await startAuthorization(t.app);
    return postJson(
      t.app,
      authEndpoints.login.path,
      { username, password, returnUrl: flow.returnUrl, captcha },
      { 'x-forwarded-for': ip },
    );
  };
  const check = async (userName: string, ip: string) =>
    (await postJson(t.app, authEndpoints.loginCheck.path, { userName }, { 'x-forwarded-for': ip })).json().result;

  it('after 5 consecutive failures flags isErrorMulti and requires a captcha; success resets the account', async () => {
    await createUser(t.deps.database.db, { email: 'erin@example.com' });
    const ip = newIp();
    for (let i = 1; i <= 4; i++) {
      expect((await attempt('erin@example.com', 'bad', ip)).json().exception.message).toBe('login_invalid_info');
    }
    expect(await check('erin@example.com', ip)).toEqual({ loginByOTP: false, isErrorMulti: false });
    expect((await attempt('erin@example.com', 'bad', ip)).json().exception.message).toBe('error_multi_time');
    expect(await check('erin@example.com', ip)).toEqual({ loginByOTP: false, isErrorMulti: true });
    // Another IP: the account's own counter still asks for the captcha.
    expect((await check('erin@example.com', newIp())).isErrorMulti).toBe(true);

    expect((await attempt('erin@example.com', TEST_PASSWORD, ip)).json().exception.message).toBe('captcha_error_empty');
    expect(
      (await attempt('erin@example.com', TEST_PASSWORD, ip, 'bm90IGEgc29sdXRpb24=')).json().exception.message,
    ).toBe('captcha_invalid');
    const solved = await solveAltcha(t);
    expect((await attempt('erin@example.com', 'bad', ip, solved)).json().exception.message).toBe('error_multi_time');
    // A solved challenge is accepted once.
    expect((await attempt('erin@example.com', TEST_PASSWORD, ip, solved)).json().exception.message).toBe(
      'captcha_invalid',
    );
    const ok = await attempt('erin@example.com', TEST_PASSWORD, ip, await solveAltcha(t));
    expect(ok.statusCode).toBe(200);
    // Success clears the account's streak; the address keeps its own, so an attacker cannot
    // reset an IP's count by signing in to an account of their own.
    expect(await check('erin@example.com', newIp())).toEqual({ loginByOTP: false, isErrorMulti: false });
    expect(await check('erin@example.com', ip)).toEqual({ loginByOTP: false, isErrorMulti: true });
  });

  it('counts failures from one IP across accounts', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) await attempt(`nobody${i}@example.com`, 'bad', ip);
    expect((await check('someone-else@example.com', ip)).isErrorMulti).toBe(true);
    expect((await check('someone-else@example.com', newIp())).isErrorMulti).toBe(false);
  });

  it('locks an account after LOGIN_LOCK_FAILURES failures in the window, even with the right password', async () => {
    await createUser(t.deps.database.db, { email: 'frank@example.com' });
    for (let i = 0; i < 8; i++) {
      // A fresh IP and captcha each time: the lock counts per account, whatever the address.
      const res = await attempt('frank@example.com', 'bad', newIp(), await solveAltcha(t));
      expect(res.statusCode).toBe(400);
    }
    const locked = await attempt('frank@example.com', TEST_PASSWORD, newIp(), await solveAltcha(t));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().exception.message).toBe('account_locked');
    // Unknown names lock the same way, so the lock tells nothing either.
    for (let i = 0; i < 8; i++) await attempt('phantom@example.com', 'bad', newIp(), await solveAltcha(t));
    expect((await attempt('phantom@example.com', 'bad', newIp(), await solveAltcha(t))).json().exception.message).toBe(
      'account_locked',
    );
  });
});

describe('failed sign-in protection (CAPTCHA_PROVIDER=none)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_PROVIDER: 'none' });
  });
  afterAll(() => t.close());

  it('never asks for the captcha no page shows: no isErrorMulti, no error_multi_time (issue 34 point 7)', async () => {
    await createUser(t.deps.database.db, { email: 'gina@example.com' });
    const ip = newIp();
    const attempt = async (password: string) => {
      const flow = await startAuthorization(t.app);
      return postJson(
        t.app,
        authEndpoints.login.path,
        { username: 'gina@example.com', password, returnUrl: flow.returnUrl },
        { 'x-forwarded-for': ip },
      );
    };
    for (let i = 0; i < 6; i++) expect((await attempt('bad')).json().exception.message).toBe('login_invalid_info');
    const check = await postJson(
      t.app,
      authEndpoints.loginCheck.path,
      { userName: 'gina@example.com' },
      { 'x-forwarded-for': ip },
    );
    expect(check.json().result.isErrorMulti).toBe(false);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await t.app.inject('/api/captcha/challenge')).statusCode).toBe(404);
  });
});

describe('interaction binding', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_PROVIDER: 'none' });
    await createUser(t.deps.database.db, { email: 'bound@example.com', password: 'Bound#2026' });
  });
  afterAll(() => t.close());

  it('refuses to complete an interaction from a browser that did not open its login page', async () => {
    // The attacker starts a sign-in and sends the victim a link to its login page.
    const attacker = await startAuthorization(t.app);
    const victim = await t.app.inject({
      method: 'POST',
      url: authEndpoints.login.path,
      headers: { host: 'localhost:3000' },
      payload: { username: 'bound@example.com', password: 'Bound#2026', returnUrl: attacker.returnUrl },
    });
    expect(victim.statusCode).toBe(400);
    expect(victim.json().exception.message).toBe('login_session_expired');
    // The browser that opened the login page completes it.
    const own = await postJson(t.app, authEndpoints.login.path, {
      username: 'bound@example.com',
      password: 'Bound#2026',
      returnUrl: attacker.returnUrl,
    });
    expect(own.statusCode).toBe(200);
  });
});
