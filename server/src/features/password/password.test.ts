import { passwordEndpoints as E, type Endpoint } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { activityLogs, userContacts, users } from '../../db/schema.js';
import { COMMON_PASSWORD_COUNT, isAcceptablePassword, isCommonPassword } from '../../modules/password/index.js';
import { codeAt, createTwoFactor } from '../../modules/two-factor/index.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { testCaller } from '../../testing/caller.js';
import {
  bearer,
  codeOf,
  exchangeCode,
  followRedirects,
  postJson,
  refresh,
  signInWithPassword,
  startAuthorization,
} from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

const NEW_PASSWORD = 'DoiMoi2026!';

describe('common passwords', () => {
  it('refuses the 10,000 most common ones, without case and with decorations taken out', () => {
    expect(COMMON_PASSWORD_COUNT).toBe(10_000);
    for (const pw of ['123456', 'password', 'P@ssw0rd', 'P@SSW0RD', 'Password1!', 'Qwerty123!', 'iloveyou1!']) {
      expect(isCommonPassword(pw), pw).toBe(true);
    }
    for (const pw of [TEST_PASSWORD, NEW_PASSWORD, 'Hoa12345!']) expect(isCommonPassword(pw), pw).toBe(false);
    expect(isAcceptablePassword('P@ssw0rd')).toBe(false);
    expect(isAcceptablePassword(NEW_PASSWORD)).toBe(true);
  });
});

describe('change password and set first password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      OTP_SENDS_PER_IP: '10000',
      OTP_SENDS_PER_TARGET: '100',
      LOGIN_LOCK_FAILURES: '8',
      LOGIN_CAPTCHA_AFTER_FAILURES: '1000',
    });
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const codeFor = async (to: string) => (await listOutboxMessages(db(), to, 1))[0]?.code ?? '';
  const get = (endpoint: Endpoint, token?: string) =>
    t.app.inject({ url: endpoint.path, headers: token ? bearer(token) : {} });
  const post = (endpoint: Endpoint, token: string | undefined, body: Record<string, unknown>) =>
    postJson(t.app, endpoint.path, body, token ? bearer(token) : {});
  const me = (token: string) => t.app.inject({ url: '/api/account/me', headers: bearer(token) });
  const error = (res: { statusCode: number; json(): { exception: { message: string } } }) => {
    expect(res.statusCode).toBe(400);
    return res.json().exception.message;
  };
  const canSignIn = async (username: string, password: string) => {
    const flow = await startAuthorization(t.app);
    return (
      (await postJson(t.app, '/api/account/login', { username, password, returnUrl: flow.returnUrl })).statusCode ===
      200
    );
  };
  const change = {
    currentpassword: TEST_PASSWORD,
    newpassword: NEW_PASSWORD,
    confirmnewpassword: NEW_PASSWORD,
    OtpType: 'email',
  };
  /** Two-step verification on for the account (its authenticator's Base32 secret): the change then needs a code. */
  async function twoStepOn(userId: string) {
    const twoFactor = createTwoFactor(t.deps);
    const secret = (await twoFactor.startSetup(userId, 'x')).sharedKey.replace(/\s/g, '').toUpperCase();
    expect(Array.isArray(await twoFactor.finishSetup(userId, codeAt(secret, new Date()), testCaller()))).toBe(true);
    return secret;
  }
  async function signInByCode(email: string) {
    const flow = await startAuthorization(t.app);
    await postJson(t.app, '/api/account/login/send-otp', { username: email });
    const res = await postJson(t.app, '/api/account/login/otp', {
      username: email,
      otp: await codeFor(email),
      returnUrl: flow.returnUrl,
    });
    return exchangeCode(t.app, flow, codeOf(await followRedirects(t.app, flow, res.json().result.redirectUrl)));
  }

  it('every endpoint needs a bearer token', async () => {
    for (const endpoint of [E.otpMethods, E.checkRequirePassword, E.hasTempPassword])
      expect((await get(endpoint)).statusCode).toBe(401);
    // Before the input is looked at: an empty body would be a 400 for a signed-in user.
    for (const endpoint of [E.changePassword, E.setPassword])
      expect((await post(endpoint, undefined, {})).statusCode).toBe(401);
    expect((await post(E.changePassword, 'not-a-token', change)).statusCode).toBe(401);
  });

  it("lists the user's own code methods, masked; says whether a current password is needed", async () => {
    await createUser(db(), { email: 'nam.nguyen@example.com', phone: '0912345678' });
    await createUser(db(), { email: 'someone.else@example.com' });
    const { tokens } = await signInWithPassword(t.app, { username: 'nam.nguyen@example.com', password: TEST_PASSWORD });
    expect((await get(E.otpMethods, tokens.access_token)).json()).toEqual({
      result: [
        { type: 'email', staticKey: 'otp_method_email', value: 'na***@example.com' },
        { type: 'phone', staticKey: 'otp_method_phone', value: '091****678' },
      ],
    });
    expect((await get(E.checkRequirePassword, tokens.access_token)).json()).toEqual({ result: true });
    expect((await get(E.hasTempPassword, tokens.access_token)).json()).toEqual({
      result: { isOk: true, data: false, msg: '' },
    });
  });

  it('checks the form with the spec keys, then the current password, then the method', async () => {
    const rules = await createUser(db(), { email: 'rules@example.com' });
    const { tokens } = await signInWithPassword(t.app, { username: 'rules@example.com', password: TEST_PASSWORD });
    await twoStepOn(rules.id);
    const send = (body: Record<string, unknown>) => post(E.changePassword, tokens.access_token, body);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...change, currentpassword: '' }, 'error_current_password_empty'],
      [{ ...change, newpassword: '', confirmnewpassword: '' }, 'error_new_password_empty'],
      [{ ...change, newpassword: 'abcdef', confirmnewpassword: 'abcdef' }, 'error_password_invalid'],
      [{ ...change, newpassword: 'Qwerty123!', confirmnewpassword: 'Qwerty123!' }, 'error_password_common'],
      [{ ...change, confirmnewpassword: '' }, 'error_confirm_new_password_empty'],
      [{ ...change, confirmnewpassword: 'DoiMoi2026@' }, 'error_confirm_new_password'],
      [{ ...change, OtpType: undefined }, 'please_select_method_receive_2fa_code'],
      [{ ...change, OtpType: 'pigeon' }, 'please_select_method_receive_2fa_code'],
      [{ ...change, OtpType: 'phone' }, 'please_select_method_receive_2fa_code'], // not a second factor
      [{ ...change, currentpassword: 'Wrong123!' }, 'invalid_password'],
      [{ ...change, otp: 'abc' }, 'invalid_otp'],
    ];
    for (const [body, key] of cases) expect(error(await send(body)), key).toBe(key);
    expect((await send({ ...change, currentpassword: 'Wrong123!' })).json().errors).toEqual({
      currentpassword: ['invalid_password'],
    });
    // No code went out (the only mail is the two-step alert).
    expect((await listOutboxMessages(db(), 'rules@example.com', 10)).filter((m) => m.code)).toEqual([]);
  });

  it('wrong current passwords count towards the account lock', async () => {
    await createUser(db(), { email: 'locked@example.com' });
    const { tokens } = await signInWithPassword(t.app, { username: 'locked@example.com', password: TEST_PASSWORD });
    for (let i = 0; i < 8; i++) {
      await post(E.changePassword, tokens.access_token, { ...change, currentpassword: 'Wrong123!' });
    }
    const res = await post(E.changePassword, tokens.access_token, change);
    expect(res.statusCode).toBe(429);
    expect(res.json().exception.message).toBe('account_locked');
  });

  it('changes the password in two steps with the code; keeps every session unless asked', async () => {
    const user = await createUser(db(), { email: 'thu@example.com' });
    const credentials = { username: 'thu@example.com', password: TEST_PASSWORD };
    const laptop = await signInWithPassword(t.app, credentials, { scope: 'openid offline_access' });
    const phone = await signInWithPassword(t.app, credentials, { scope: 'openid offline_access' });
    await twoStepOn(user.id);

    const step1 = await post(E.changePassword, laptop.tokens.access_token, { ...change, otp: '' });
    expect(step1.json()).toEqual({ result: { times: 60 } });
    const code = await codeFor('thu@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(error(await post(E.changePassword, laptop.tokens.access_token, { ...change, otp: wrong }))).toBe(
      'otp_invalid',
    );
    const done = await post(E.changePassword, laptop.tokens.access_token, { ...change, otp: code });
    expect(done.json()).toEqual({ result: { ok: true } });
    expect(
      error(
        await post(E.changePassword, laptop.tokens.access_token, {
          ...change,
          currentpassword: NEW_PASSWORD,
          otp: code,
        }),
      ),
    ).toBe('otp_invalid');

    expect(await canSignIn('thu@example.com', NEW_PASSWORD)).toBe(true);
    expect(await canSignIn('thu@example.com', TEST_PASSWORD)).toBe(false);
    // "Keep login": both devices stay signed in.
    for (const { tokens, flow } of [laptop, phone]) {
      expect((await me(tokens.access_token)).statusCode).toBe(200);
      expect((await refresh(t.app, flow, tokens.refresh_token!)).statusCode).toBe(200);
    }
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(log.map((l) => l.action)).toContain('activity_password_changed');
  });

  it('the code of step 2 sent by racing requests changes the password once', async () => {
    const user = await createUser(db(), { email: 'race@example.com' });
    const { tokens } = await signInWithPassword(t.app, { username: 'race@example.com', password: TEST_PASSWORD });
    await twoStepOn(user.id);
    await post(E.changePassword, tokens.access_token, { ...change, otp: '' });
    const code = await codeFor('race@example.com');
    const answers = await Promise.all(
      [0, 1, 2].map(() => post(E.changePassword, tokens.access_token, { ...change, otp: code })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(error(a)).toBe('otp_invalid');
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(log.filter((l) => l.action === 'activity_password_changed')).toHaveLength(1);
    expect(await canSignIn('race@example.com', NEW_PASSWORD)).toBe(true);
  });

  it('with logoutAll ends every other session and keeps the current one', async () => {
    const vy = await createUser(db(), { email: 'vy@example.com', phone: '0987654321' });
    const credentials = { username: 'vy@example.com', password: TEST_PASSWORD };
    const current = await signInWithPassword(t.app, credentials, { scope: 'openid offline_access' });
    const other = await signInWithPassword(t.app, credentials, { scope: 'openid offline_access' });
    await twoStepOn(vy.id);
    const body = { ...change, logoutAll: true };
    expect((await post(E.changePassword, current.tokens.access_token, body)).json().result.times).toBe(60);
    const code = await codeFor('vy@example.com');
    expect((await post(E.changePassword, current.tokens.access_token, { ...body, otp: code })).json()).toEqual({
      result: { ok: true },
    });

    const otherRefresh = await refresh(t.app, other.flow, other.tokens.refresh_token!);
    expect(otherRefresh.statusCode).toBe(400);
    expect(otherRefresh.json().error).toBe('invalid_grant');
    expect((await me(other.tokens.access_token)).statusCode).toBe(401);
    const otherSilent = await startAuthorization(t.app, { jar: other.flow.jar, params: { prompt: 'none' } });
    expect(new URL(otherSilent.location).searchParams.get('error')).toBe('login_required');

    expect((await me(current.tokens.access_token)).statusCode).toBe(200);
    expect((await refresh(t.app, current.flow, current.tokens.refresh_token!)).statusCode).toBe(200);
    const currentSilent = await startAuthorization(t.app, { jar: current.flow.jar, params: { prompt: 'none' } });
    expect(new URL(currentSilent.location).searchParams.get('code')).toBeTruthy();
  });

  it("a second user's token changes only the second user's password", async () => {
    await createUser(db(), { email: 'an@example.com' });
    const binh = await createUser(db(), { email: 'binh@example.com' });
    const b = await signInWithPassword(t.app, { username: 'binh@example.com', password: TEST_PASSWORD });
    await twoStepOn(binh.id);
    await post(E.changePassword, b.tokens.access_token, { ...change, id: 'someone-else', username: 'an@example.com' });
    expect(await codeFor('an@example.com')).toBe('');
    const code = await codeFor('binh@example.com');
    expect((await post(E.changePassword, b.tokens.access_token, { ...change, otp: code })).statusCode).toBe(200);
    expect(await canSignIn('an@example.com', TEST_PASSWORD)).toBe(true);
    expect(await canSignIn('binh@example.com', NEW_PASSWORD)).toBe(true);
    expect((await get(E.otpMethods, b.tokens.access_token)).json().result).toEqual([
      { type: 'email', staticKey: 'two_factor_method_email', value: 'bi***@example.com' },
      { type: 'authenticator', staticKey: 'two_factor_method_authenticator', value: '' },
    ]);
  });

  it('with two-step verification off, the current password is enough: the change is done at once', async () => {
    const user = await createUser(db(), { email: 'off@example.com' });
    const { tokens } = await signInWithPassword(t.app, { username: 'off@example.com', password: TEST_PASSWORD });
    const res = await post(E.changePassword, tokens.access_token, { ...change, otp: '' });
    expect(res.json()).toEqual({ result: { twoFactorDisabled: true } });
    expect((await listOutboxMessages(db(), 'off@example.com', 10)).filter((m) => m.code)).toEqual([]);
    expect(await canSignIn('off@example.com', NEW_PASSWORD)).toBe(true);
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(log.map((l) => l.action)).toContain('activity_password_changed');
    // The alert of server/src/modules/alerts.
    const mail = await listOutboxMessages(db(), 'off@example.com', 10);
    expect(mail.map((m) => m.subject)).toContain('Portico: mật khẩu của bạn đã được thay đổi');
  });

  it('with two-step verification on, the authenticator code changes the password, once per code', async () => {
    const user = await createUser(db(), { email: 'app@example.com' });
    const { tokens } = await signInWithPassword(t.app, { username: 'app@example.com', password: TEST_PASSWORD });
    const secret = await twoStepOn(user.id);
    const body = { ...change, OtpType: 'authenticator' };
    // Nothing is sent for the app: step 2 at once.
    expect((await post(E.changePassword, tokens.access_token, { ...body, otp: '' })).json()).toEqual({
      result: { times: 0 },
    });
    expect((await listOutboxMessages(db(), 'app@example.com', 10)).filter((m) => m.code)).toEqual([]);
    const later = new Date(Date.now() + 30_000); // the setup used this step's code
    const wrong = codeAt(secret, new Date(Date.now() + 3600_000));
    const refused = await post(E.changePassword, tokens.access_token, { ...body, otp: wrong });
    expect(error(refused)).toBe('authentication_code_is_incorrect');
    expect(refused.json().errors).toEqual({ otp: ['authentication_code_is_incorrect'] });
    const code = codeAt(secret, later);
    expect((await post(E.changePassword, tokens.access_token, { ...body, otp: code })).json()).toEqual({
      result: { ok: true },
    });
    expect(await canSignIn('app@example.com', NEW_PASSWORD)).toBe(true);
    // The same code again is refused.
    const again = {
      ...body,
      currentpassword: NEW_PASSWORD,
      newpassword: 'Khac2026!x',
      confirmnewpassword: 'Khac2026!x',
    };
    expect(error(await post(E.changePassword, tokens.access_token, { ...again, otp: code }))).toBe(
      'authentication_code_is_incorrect',
    );
  });

  it('sets a first password only for an account without one, with a code to its primary address', async () => {
    const social = await createUser(db(), { email: 'social@example.com', password: null });
    await createUser(db(), { email: 'haspw@example.com' });
    const pair = { newpassword: NEW_PASSWORD, confirmnewpassword: NEW_PASSWORD };
    const withPassword = await signInWithPassword(t.app, { username: 'haspw@example.com', password: TEST_PASSWORD });
    expect(error(await post(E.setPassword, withPassword.tokens.access_token, { ...pair, otp: '' }))).toBe(
      'password_already_set',
    );
    expect(await canSignIn('haspw@example.com', TEST_PASSWORD)).toBe(true);

    const tokens = await signInByCode('social@example.com');
    const token = tokens.access_token;
    // The spec's subject id: the caller's own only; another account's is not known.
    expect((await get(E.checkRequirePassword, token)).json()).toEqual({ result: false });
    const mine = await t.app.inject({
      method: 'GET',
      url: `${E.checkRequirePassword.path}?id=${social.id}`,
      headers: bearer(token),
    });
    expect(mine.json()).toEqual({ result: false });
    const theirs = await t.app.inject({
      method: 'GET',
      url: `${E.checkRequirePassword.path}?id=someone-else`,
      headers: bearer(token),
    });
    expect(theirs.statusCode).toBe(404);
    const foreign = await post(E.setPassword, token, { ...pair, id: 'someone-else', otp: '' });
    expect(foreign.statusCode).toBe(404);
    expect((await get(E.hasTempPassword, token)).json()).toEqual({ result: { isOk: true, data: true, msg: '' } });
    expect(error(await post(E.changePassword, token, change))).toBe('password_not_set');

    const cases: [Record<string, unknown>, string][] = [
      [{}, 'error_new_password_empty'],
      [{ newpassword: 'abcdef', confirmnewpassword: 'abcdef' }, 'error_password_invalid'],
      [{ newpassword: 'P@ssw0rd', confirmnewpassword: 'P@ssw0rd' }, 'error_password_common'],
      [{ newpassword: NEW_PASSWORD }, 'error_confirm_new_password_empty'],
      [{ newpassword: NEW_PASSWORD, confirmnewpassword: 'x' }, 'error_confirm_new_password'],
      [{ ...pair, OtpType: 'authenticator' }, 'please_select_method_receive_2fa_code'],
    ];
    for (const [body, key] of cases) expect(error(await post(E.setPassword, token, body)), key).toBe(key);

    // The access token alone sets nothing: the first submission sends a code to the primary e-mail.
    const before = await codeFor('social@example.com');
    const sent = await post(E.setPassword, token, { ...pair, id: social.id, password: '', otp: '' });
    expect(sent.json().result).toEqual({ times: expect.any(Number) });
    const code = await codeFor('social@example.com');
    expect(code).not.toBe(before);
    expect(error(await post(E.setPassword, token, { ...pair, otp: code === '000000' ? '111111' : '000000' }))).toBe(
      'otp_invalid',
    );
    expect(await canSignIn('social@example.com', NEW_PASSWORD)).toBe(false);
    const res = await post(E.setPassword, token, { ...pair, otp: code });
    expect(res.json()).toEqual({ result: { ok: true } });
    expect((await get(E.checkRequirePassword, token)).json()).toEqual({ result: true });
    expect(error(await post(E.setPassword, token, { ...pair, otp: code }))).toBe('password_already_set');
    expect(await canSignIn('social@example.com', NEW_PASSWORD)).toBe(true);
    const [row] = await db().select().from(users).where(eq(users.id, social.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('asks an account with no e-mail or phone to add one first', async () => {
    const bare = await createUser(db(), { email: 'bare@example.com', password: null });
    const tokens = await signInByCode('bare@example.com');
    await db().delete(userContacts).where(eq(userContacts.userId, bare.id));
    const res = await post(E.setPassword, tokens.access_token, {
      newpassword: NEW_PASSWORD,
      confirmnewpassword: NEW_PASSWORD,
      otp: '',
    });
    expect(error(res)).toBe('set_password_no_contact');
  });

  it('accepts any Unicode password, hashed in NFC: set decomposed, sign in precomposed (issue 8, point 10)', async () => {
    await createUser(db(), { email: 'unicode@example.com', password: null });
    const tokens = await signInByCode('unicode@example.com');
    const typed = 'Mật-khẩu-rất-dài-2026';
    const decomposed = typed.normalize('NFD');
    expect(decomposed).not.toBe(typed.normalize('NFC'));
    const pair = { newpassword: decomposed, confirmnewpassword: decomposed };
    await post(E.setPassword, tokens.access_token, { ...pair, otp: '' });
    const res = await post(E.setPassword, tokens.access_token, { ...pair, otp: await codeFor('unicode@example.com') });
    expect(res.json()).toEqual({ result: { ok: true } });
    expect(await canSignIn('unicode@example.com', typed.normalize('NFC'))).toBe(true);
    expect(await canSignIn('unicode@example.com', decomposed)).toBe(true);
    expect(await canSignIn('unicode@example.com', 'Mat-khau-rat-dai-2026')).toBe(false);
  });
});
