import { authEndpoints, forgotPasswordEndpoints as E, tokenLoginEndpoints } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { activityLogs, userClaims } from '../../db/schema.js';
import { codeAt, createTwoFactor, TOTP_PERIOD } from '../../modules/two-factor/index.js';
import { useTestApp } from '../../testing/app.js';
import { testCaller } from '../../testing/caller.js';
import { expireCodes, sentAgo } from '../../testing/codes.js';
import {
  bearer,
  codeOf,
  exchangeCode,
  finishSignIn,
  followRedirects,
  postJson,
  startAuthorization,
} from '../../testing/oidc-flow.js';
import { canSignIn, expectSignedOutEverywhere, signInOnTwoDevices } from '../../testing/sessions.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

const NEW_PASSWORD = 'Moi12345!';

describe('forgot password', () => {
  const t = useTestApp({
    OTP_SENDS_PER_IP: '10000',
    OTP_SENDS_PER_TARGET: '100',
    LOGIN_CAPTCHA_AFTER_FAILURES: '1000',
  });

  const db = () => t.deps.database.db;
  const codeFor = async (to: string) => (await listOutboxMessages(db(), to, 1))[0]?.code ?? '';
  const mails = async (to: string) => (await listOutboxMessages(db(), to, 100)).length;
  const send = (username: string) => postJson(t.app, E.send.path, { username });
  const checkProcess = (username: string) => postJson(t.app, E.checkProcess.path, { username });
  const checkOtp = (username: string, otp: string) => postJson(t.app, E.checkOtp.path, { username, otp });
  const reset = (body: Record<string, unknown>) => postJson(t.app, E.resetPassword.path, body);
  /** Step 3 with NEW_PASSWORD typed twice. */
  const resetTo = (username: string, token: string, extra: Record<string, unknown> = {}) =>
    reset({ username, token, password: NEW_PASSWORD, rePassword: NEW_PASSWORD, ...extra });
  const error = (res: { statusCode: number; json(): { exception: { message: string } } }) => {
    expect(res.statusCode).toBe(400);
    return res.json().exception.message;
  };
  const me = (token: string) => t.app.inject({ url: '/api/account/me', headers: bearer(token) });
  /** Steps 1 and 2: the reset token. */
  const tokenFor = async (username: string, to = username) => {
    expect((await send(username)).statusCode).toBe(200);
    const res = await checkOtp(username, await codeFor(to));
    expect(res.statusCode).toBe(200);
    return res.json().result.message as string;
  };

  it('checks the username with the login keys', async () => {
    expect(error(await send(''))).toBe('error_username_empty');
    expect(error(await send('bad@'))).toBe('error_email_invalid');
    expect(error(await checkProcess(''))).toBe('error_username_empty');
  });

  it('answers alike whether or not the account exists; a code goes only to a real account', async () => {
    await createUser(db(), { email: 'real@example.com' });
    const known = await send('real@example.com');
    const unknown = await send('ghost@example.com');
    expect(known.json()).toEqual({ result: { times: 60 } });
    expect(unknown.json()).toEqual(known.json());
    expect(await codeFor('real@example.com')).toMatch(/^\d{6}$/);
    expect(await mails('ghost@example.com')).toBe(0);
    // Resume check, resend and wrong codes behave the same too.
    for (const name of ['real@example.com', 'ghost@example.com']) {
      const times = (await checkProcess(name)).json().result.times;
      expect(times, name).toBeGreaterThan(55);
      expect((await postJson(t.app, E.resendOtp.path, { username: name })).json().result.times).toBeGreaterThan(55);
    }
    expect(await mails('real@example.com')).toBe(1);
    const wrong = (await codeFor('real@example.com')) === '000000' ? '111111' : '000000';
    const sequence = async (name: string) => {
      const keys: string[] = [];
      for (let i = 0; i < 6; i++) keys.push(error(await checkOtp(name, wrong)));
      keys.push(error(await checkProcess(name)));
      return keys;
    };
    const real = await sequence('real@example.com');
    expect(real).toEqual([
      ...Array(4).fill('otp_invalid'),
      'otp_too_many_attempts',
      'otp_too_many_attempts',
      'process_not_in_progress',
    ]);
    expect(await sequence('ghost@example.com')).toEqual(real);
    // Nothing requested: not in progress, for both.
    await createUser(db(), { email: 'idle@example.com' });
    expect(error(await checkProcess('idle@example.com'))).toBe('process_not_in_progress');
    expect(error(await checkProcess('nobody-idle@example.com'))).toBe('process_not_in_progress');
  });

  it('checks the code: required, digits, expiry, single use; a phone gets it by SMS', async () => {
    await createUser(db(), { phone: '0912000222' });
    expect((await send('+84912000222')).statusCode).toBe(200);
    const code = await codeFor('0912000222');
    expect(code).toMatch(/^\d{6}$/);
    expect(error(await checkOtp('0912000222', ''))).toBe('otp_required');
    expect(error(await checkOtp('0912000222', '12ab'))).toBe('invalid_otp');
    await expireCodes(t, '0912000222');
    expect(error(await checkOtp('0912000222', code))).toBe('otp_expired');
    expect(error(await checkProcess('0912000222'))).toBe('process_not_in_progress');
    await sentAgo(t, '0912000222');
    await send('0912000222');
    const second = await codeFor('0912000222');
    const ok = await checkOtp('0912000222', second);
    expect(ok.json().result.message).toMatch(/^[\w-]{40,}$/);
    expect(error(await checkOtp('0912000222', second))).toBe('otp_invalid');
  });

  it('validates the new password and the token; the token is single use and bound to its account', async () => {
    await createUser(db(), { email: 'mai@example.com' });
    await createUser(db(), { email: 'other@example.com' });
    const token = await tokenFor('mai@example.com');
    const base = { username: 'mai@example.com', token, password: NEW_PASSWORD, rePassword: NEW_PASSWORD };
    expect(error(await reset({ ...base, password: '', rePassword: '' }))).toBe('error_password_empty');
    expect(error(await reset({ ...base, password: 'abcdef', rePassword: 'abcdef' }))).toBe('error_password_invalid');
    expect(error(await reset({ ...base, password: 'Password1!', rePassword: 'Password1!' }))).toBe(
      'error_password_common',
    );
    expect(error(await reset({ ...base, rePassword: '' }))).toBe('error_repassword_empty');
    expect(error(await reset({ ...base, rePassword: 'Moi12345@' }))).toBe('error_confirm_new_password');
    expect(error(await reset({ ...base, token: '' }))).toBe('password_reset_token_invalid');
    expect(error(await reset({ ...base, token: 'forged-token' }))).toBe('password_reset_token_invalid');
    // Bound to the account it was issued for.
    expect(error(await reset({ ...base, username: 'other@example.com' }))).toBe('password_reset_token_invalid');
    expect(await canSignIn(t, 'other@example.com', TEST_PASSWORD)).toBe(true);

    expect((await reset(base)).json()).toEqual({ result: { ok: true, loginToken: expect.any(String) } });
    expect(error(await reset({ ...base, password: 'Khac1234!', rePassword: 'Khac1234!' }))).toBe(
      'password_reset_token_invalid',
    );
    expect(await canSignIn(t, 'mai@example.com', NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(t, 'mai@example.com', TEST_PASSWORD)).toBe(false);
  });

  it('also finds the account by its recovery e-mail (claim), unless several accounts name it', async () => {
    const user = await createUser(db(), { email: 'owner@example.com' });
    await db().insert(userClaims).values({
      userId: user.id,
      claimType: 'email_recovery',
      claimValue: 'backup@example.org',
      confirmedAt: new Date(),
    });
    const token = await tokenFor('backup@example.org');
    const res = await resetTo('backup@example.org', token);
    expect(res.json()).toEqual({ result: { ok: true, loginToken: expect.any(String) } });
    expect(await canSignIn(t, 'owner@example.com', NEW_PASSWORD)).toBe(true);

    const a = await createUser(db(), { email: 'twin-a@example.com' });
    const b = await createUser(db(), { email: 'twin-b@example.com' });
    for (const u of [a, b]) {
      await db().insert(userClaims).values({
        userId: u.id,
        claimType: 'email_recovery',
        claimValue: 'shared@example.org',
        confirmedAt: new Date(),
      });
    }
    expect((await send('shared@example.org')).json()).toEqual({ result: { times: 60 } });
    expect(await mails('shared@example.org')).toBe(0);
  });

  it('a token used by two racing resets works once', async () => {
    await createUser(db(), { email: 'racer@example.com' });
    const token = await tokenFor('racer@example.com');
    const answers = await Promise.all([resetTo('racer@example.com', token), resetTo('racer@example.com', token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('one code checked by racing requests gives one reset token', async () => {
    await createUser(db(), { email: 'twice@example.com' });
    expect((await send('twice@example.com')).statusCode).toBe(200);
    const code = await codeFor('twice@example.com');
    const answers = await Promise.all([0, 1, 2].map(() => checkOtp('twice@example.com', code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(error(a)).toBe('otp_invalid');
  });

  it('ends every existing session of the account: refresh and access tokens stop working', async () => {
    const user = await createUser(db(), { email: 'hung@example.com' });
    const { laptop, phone } = await signInOnTwoDevices(t, 'hung@example.com');
    expect((await me(laptop.tokens.access_token)).statusCode).toBe(200);

    const token = await tokenFor('hung@example.com');
    expect((await resetTo('hung@example.com', token)).statusCode).toBe(200);

    await expectSignedOutEverywhere(t, user.id, [laptop, phone]);
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(log.map((l) => l.action)).toContain('activity_password_reset');
  });

  it('with two-step on, the sign-in after the reset still owes its second step (login step 3)', async () => {
    const user = await createUser(db(), { email: 'reset-2fa@example.com' });
    const twoFactor = createTwoFactor(t.deps);
    const secret = (await twoFactor.startSetup(user.id, 'x')).sharedKey.replace(/\s/g, '').toUpperCase();
    await twoFactor.finishSetup(user.id, codeAt(secret, new Date()), testCaller());
    const flow = await startAuthorization(t.app);
    const token = await tokenFor('reset-2fa@example.com');
    const res = await reset({
      username: 'reset-2fa@example.com',
      token,
      password: NEW_PASSWORD,
      rePassword: NEW_PASSWORD,
      returnUrl: flow.returnUrl,
    });
    flow.jar.store(res);
    const answer = res.json().result;
    expect(answer).toMatchObject({ isOk: false, requiresTwoFactor: true, userId: user.id });
    // The reset's code went to the e-mail: it is not offered again as the second factor.
    expect(answer.twoFactorTypes.map((x: { type: string }) => x.type)).toEqual(['authenticator']);
    expect(answer.redirectUrl).toBe(`/login?ReturnUrl=${encodeURIComponent(flow.returnUrl)}&step=2fa`);
    const step = await postJson(t.app, authEndpoints.loginTwoFactor.path, {
      returnUrl: flow.returnUrl,
      codeReceiveMethod: 'authenticator',
      twoFactorCode: codeAt(secret, new Date(Date.now() + TOTP_PERIOD * 1000)),
    });
    expect(step.statusCode, step.body).toBe(200);
    const location = await followRedirects(t.app, flow, step.json().result.redirectUrl);
    const tokens = await exchangeCode(t.app, flow, codeOf(location));
    const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, amr: ['pwd', 'otp', 'mfa'] });
  });

  it('with the login interaction as returnUrl, signs the user in without the password travelling in a URL', async () => {
    const user = await createUser(db(), { email: 'auto@example.com' });
    const flow = await startAuthorization(t.app);
    const token = await tokenFor('auto@example.com');
    const res = await resetTo('auto@example.com', token, { returnUrl: flow.returnUrl });
    expect(res.statusCode).toBe(200);
    const answer = res.json().result;
    expect(answer).toMatchObject({ isOk: true, requiresTwoFactor: false, userId: user.id });
    expect(answer.redirectUrl).not.toContain(NEW_PASSWORD);
    const tokens = await finishSignIn(t.app, flow, answer.redirectUrl);
    const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString());
    expect(claims.sub).toBe(user.id);
    // An expired or unknown interaction still resets; the page then signs in with the login token.
    const again = await tokenFor('auto@example.com');
    await sentAgo(t, 'auto@example.com');
    const plain = await reset({
      username: 'auto@example.com',
      token: again,
      password: 'Lan2nua!@',
      rePassword: 'Lan2nua!@',
      returnUrl: '/oidc/interaction/unknown-interaction-uid',
    });
    expect(plain.json()).toEqual({ result: { ok: true, loginToken: expect.any(String) } });
  });

  it('with no sign-in to finish, hands this browser a one-time login token that signs it in to the portal (issue 34 point 3)', async () => {
    const user = await createUser(db(), { email: 'solo@example.com' });
    const token = await tokenFor('solo@example.com');
    const answer = (await resetTo('solo@example.com', token)).json().result;
    expect(answer).toEqual({ ok: true, loginToken: expect.any(String) });
    // The token-login page starts the portal's own sign-in and spends the token in it.
    const flow = await startAuthorization(t.app, { params: { prompt: 'login consent' } });
    const exchange = (returnUrl: string) =>
      postJson(t.app, tokenLoginEndpoints.exchange.path, { token: answer.loginToken, returnUrl });
    const res = await exchange(flow.returnUrl);
    expect(res.statusCode, res.body).toBe(200);
    const tokens = await finishSignIn(t.app, flow, res.json().result.redirectUrl);
    const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString());
    // Signed in as after a password step (the new password), not as an app's token hand-over.
    expect(claims).toMatchObject({ sub: user.id, amr: ['pwd'] });
    // Single use.
    const again = await startAuthorization(t.app, { params: { prompt: 'login consent' } });
    expect(error(await exchange(again.returnUrl))).toBe('token_login_invalid');
  });

  it('with two-step on, the login token of a reset still owes the second step', async () => {
    const user = await createUser(db(), { email: 'solo-2fa@example.com' });
    const twoFactor = createTwoFactor(t.deps);
    const secret = (await twoFactor.startSetup(user.id, 'x')).sharedKey.replace(/\s/g, '').toUpperCase();
    await twoFactor.finishSetup(user.id, codeAt(secret, new Date()), testCaller());
    const { loginToken } = (await resetTo('solo-2fa@example.com', await tokenFor('solo-2fa@example.com'))).json()
      .result;
    const flow = await startAuthorization(t.app, { params: { prompt: 'login consent' } });
    const res = await postJson(t.app, tokenLoginEndpoints.exchange.path, {
      token: loginToken,
      returnUrl: flow.returnUrl,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.redirectUrl).toBe(`/login?ReturnUrl=${encodeURIComponent(flow.returnUrl)}&step=2fa`);
  });
});
