import { authEndpoints } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { oidcPayloads, verificationCodes } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { solvedCaptcha } from '../../testing/captcha.js';
import { codeOf, exchangeCode, followRedirects, postJson, startAuthorization } from '../../testing/oidc-flow.js';
import { createUser } from '../../testing/users.js';

describe('sign-in by one-time code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OTP_SENDS_PER_IP: '1000' });
  });
  afterAll(() => t.close());

  const send = (username: string) => postJson(t.app, authEndpoints.sendLoginOtp.path, { username });
  const codeFor = async (to: string) => (await listOutboxMessages(t.deps.database.db, to, 1))[0]?.code ?? '';
  // Each try from its own address: the IP's streak would ask for the captcha across tests.
  let ip = 0;
  const loginByOtp = async (username: string, otp: string) => {
    const flow = await startAuthorization(t.app);
    const res = await postJson(
      t.app,
      authEndpoints.loginByOtp.path,
      { username, otp, returnUrl: flow.returnUrl },
      { 'x-forwarded-for': `198.51.100.${++ip}` },
    );
    return { res, flow };
  };

  it('lists the code methods the username allows', async () => {
    const email = await t.app.inject(`${authEndpoints.otpSupport.path}?userName=a%40example.com`);
    expect(email.json()).toEqual({ result: [{ type: 'email', title: 'otp_method_email' }] });
    const phone = await t.app.inject(`${authEndpoints.otpSupport.path}?userName=0912000111`);
    expect(phone.json()).toEqual({ result: [{ type: 'phone', title: 'otp_method_phone' }] });
    expect((await t.app.inject(authEndpoints.otpSupport.path)).json().exception.message).toBe('error_username_empty');
  });

  it('answers send-otp the same way whether or not the account exists, and sends only to real accounts', async () => {
    await createUser(t.deps.database.db, { email: 'otp@example.com' });
    const known = await send('otp@example.com');
    const unknown = await send('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ result: { times: 60 } });
    expect(unknown.json()).toEqual(known.json());
    expect(await codeFor('otp@example.com')).toMatch(/^\d{6}$/);
    expect(await codeFor('nobody@example.com')).toBe('');
    // A second request within the cooldown sends nothing and tells how long to wait, for both.
    const again = (await send('otp@example.com')).json().result.times;
    const againUnknown = (await send('nobody@example.com')).json().result.times;
    expect(again).toBeGreaterThan(55);
    expect(again).toBeLessThanOrEqual(60);
    expect(againUnknown).toBeGreaterThan(55);
  });

  it('signs in with the code once; the flow then completes', async () => {
    const user = await createUser(t.deps.database.db, { email: 'olive@example.com' });
    await send('olive@example.com');
    const code = await codeFor('olive@example.com');
    const { res, flow } = await loginByOtp('olive@example.com', code);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ isOk: true, userId: user.id });
    const location = await followRedirects(t.app, flow, res.json().result.redirectUrl);
    const tokens = await exchangeCode(t.app, flow, codeOf(location));
    const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString());
    expect(claims.sub).toBe(user.id);
    // The provider session remembers how the user signed in (RFC 8176 amr).
    const sessions = await t.deps.database.db.select().from(oidcPayloads).where(eq(oidcPayloads.type, 'Session'));
    expect(sessions.map((s) => s.payload)).toContainEqual(
      expect.objectContaining({ accountId: user.id, amr: ['otp'] }),
    );
    // Reuse is refused.
    expect((await loginByOtp('olive@example.com', code)).res.json().exception.message).toBe('otp_invalid');
  });

  it('signs in by phone code only for a confirmed phone that allows login', async () => {
    const user = await createUser(t.deps.database.db, { phone: '0933444555' });
    await createUser(t.deps.database.db, { phone: '0933444666', confirmed: false });
    await send('0933444555');
    await send('0933444666');
    const { res } = await loginByOtp('0933444555', await codeFor('0933444555'));
    expect(res.json().result.userId).toBe(user.id);
    expect(await codeFor('0933444666')).toBe('');
  });

  it('refuses wrong, expired and over-tried codes with their keys', async () => {
    await createUser(t.deps.database.db, { email: 'pat@example.com' });
    await send('pat@example.com');
    const code = await codeFor('pat@example.com');
    const wrong = code === '123456' ? '654321' : '123456';
    const first = await loginByOtp('pat@example.com', wrong);
    expect(first.res.statusCode).toBe(400);
    expect(first.res.json()).toEqual({ exception: { message: 'otp_invalid' }, errors: { otp: ['otp_invalid'] } });
    for (let i = 0; i < 3; i++) await loginByOtp('pat@example.com', wrong);
    expect((await loginByOtp('pat@example.com', wrong)).res.json().exception.message).toBe('otp_too_many_attempts');
    // Five failures reached the streak: the next try needs the captcha, and then the code is still spent.
    expect((await loginByOtp('pat@example.com', code)).res.json().exception.message).toBe('captcha_error_empty');
    const flow = await startAuthorization(t.app);
    const withCaptcha = await postJson(t.app, authEndpoints.loginByOtp.path, {
      username: 'pat@example.com',
      otp: code,
      returnUrl: flow.returnUrl,
      captcha: await solvedCaptcha(t),
    });
    expect(withCaptcha.json().exception.message).toBe('otp_too_many_attempts');

    await createUser(t.deps.database.db, { email: 'quinn@example.com' });
    await send('quinn@example.com');
    await t.deps.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.target, 'quinn@example.com'));
    expect(
      (await loginByOtp('quinn@example.com', await codeFor('quinn@example.com'))).res.json().exception.message,
    ).toBe('otp_expired');
  });

  it('a name without an account runs out of tries like a real one (issue 24 point 8)', async () => {
    await createUser(t.deps.database.db, { email: 'real-tries@example.com' });
    const keys = async (username: string) => {
      await send(username);
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) answers.push((await loginByOtp(username, '000000')).res.json().exception.message);
      return answers;
    };
    const real = await keys('real-tries@example.com');
    expect(real.at(-1)).toBe('otp_too_many_attempts');
    expect(await keys('ghost-tries@example.com')).toEqual(real);
    // A real code row, sent to nobody.
    expect(await codeFor('ghost-tries@example.com')).toBe('');
  });

  it('validates the code field', async () => {
    const blank = await postJson(t.app, authEndpoints.loginByOtp.path, {
      username: 'a@example.com',
      otp: '',
      returnUrl: '/',
    });
    expect(blank.json().errors).toEqual({ otp: ['otp_error_blank'] });
  });
});

describe('login code send limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OTP_RESEND_SECONDS: '0', OTP_SENDS_PER_TARGET: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 too_many_requests past the per-address limit, for known and unknown names alike', async () => {
    await createUser(t.deps.database.db, { email: 'rate@example.com' });
    for (const username of ['rate@example.com', 'unknown-rate@example.com']) {
      for (let i = 0; i < 2; i++)
        expect((await postJson(t.app, authEndpoints.sendLoginOtp.path, { username })).statusCode).toBe(200);
      const res = await postJson(t.app, authEndpoints.sendLoginOtp.path, { username });
      expect(res.statusCode).toBe(429);
      expect(res.json().exception.message).toBe('too_many_requests');
    }
  });

  it("sends the code in the language of the page the person is on, not the account's (issue 34 point 9)", async () => {
    await createUser(t.deps.database.db, { email: 'page-language@example.com', languageId: 'vi-VN' });
    await postJson(
      t.app,
      authEndpoints.sendLoginOtp.path,
      { username: 'page-language@example.com' },
      { 'accept-language': 'en-US', 'x-forwarded-for': '198.51.100.250' },
    );
    const [mail] = await listOutboxMessages(t.deps.database.db, 'page-language@example.com', 1);
    expect(mail?.subject).toContain('verification code');
    expect(mail?.text).toContain('Your verification code is');
  });
});

describe('sign-in codes from a busy IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OTP_SENDS_PER_IP: '2', OTP_SENDS_PER_IP_MAX: '100', ALTCHA_MAX_NUMBER: '1000' });
    await createUser(t.deps.database.db, { email: 'busy@example.com' });
  });
  afterAll(() => t.close());

  const send = (username: string, captcha?: string) =>
    postJson(t.app, authEndpoints.sendLoginOtp.path, { username, captcha }, { 'x-forwarded-for': '203.0.113.80' });

  it('asks for the captcha (the key the login page shows it for) instead of refusing, for known and unknown names', async () => {
    expect((await send('first@example.com')).statusCode).toBe(200);
    expect((await send('second@example.com')).statusCode).toBe(200);
    for (const name of ['busy@example.com', 'nobody-busy@example.com']) {
      const res = await send(name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        exception: { message: 'captcha_error_empty' },
        errors: { captcha: ['captcha_error_empty'] },
      });
      expect((await send(name, await solvedCaptcha(t))).json()).toEqual({ result: { times: 60 } });
    }
    expect((await listOutboxMessages(t.deps.database.db, 'busy@example.com', 1))[0]?.code).toMatch(/^\d{6}$/);
  });
});
