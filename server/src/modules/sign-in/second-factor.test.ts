import { accountEndpoints, authEndpoints, devicesEndpoints } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flows, rememberedBrowsers, userTwoFactor } from '../../db/schema.js';
import { errorKey, lastCode, resultOf, signedInUser } from '../../testing/account.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { testCaller } from '../../testing/caller.js';
import { bearer, CookieJar, type Flow, finishSignIn, postJson, startAuthorization } from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';
import { codeAt, createTwoFactor } from '../two-factor/index.js';
import { ACR_ONE_FACTOR, ACR_TWO_FACTOR } from './acr.js';
import { rememberCookieName } from './remembered.js';

const secretOf = (sharedKey: string) => sharedKey.replace(/\s/g, '').toUpperCase();
type Answer = {
  isOk: boolean;
  requiresTwoFactor: boolean;
  userId: string;
  redirectUrl: string;
  twoFactorTypes?: { type: string; title: string; value?: string }[];
};

let ipSeq = 0;
const newIp = () => `198.51.100.${++ipSeq}`;

describe('login step 3: the second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_CAPTCHA_AFTER_FAILURES: '1000',
      LOGIN_LOCK_FAILURES: '6',
      CAPTCHA_PROVIDER: 'none',
    });
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;

  /** An account with two-step on: the authenticator's secret and the recovery codes. */
  async function twoStepUser(email: string) {
    const user = await createUser(db(), { email });
    const twoFactor = createTwoFactor(t.deps);
    const secret = secretOf((await twoFactor.startSetup(user.id, email)).sharedKey);
    const codes = await twoFactor.finishSetup(user.id, codeAt(secret, new Date()), testCaller());
    if (!Array.isArray(codes)) throw new Error(`setup failed: ${codes}`);
    return { ...user, email, secret, recoveryCodes: codes };
  }

  /**
   * The authenticator's code now, as if the time step of the last accepted code had passed (each
   * time step passes once; the tests cannot wait 30 s between sign-ins of one account).
   */
  async function freshCode(u: { id: string; secret: string }) {
    await db().update(userTwoFactor).set({ lastUsedStep: null }).where(eq(userTwoFactor.userId, u.id));
    return codeAt(u.secret, new Date());
  }

  /** Authorization + password in one browser (a new one unless given). */
  async function password(email: string, opts: { jar?: CookieJar; params?: Record<string, string>; ip?: string } = {}) {
    // A browser signed in already: prompt=login asks for a sign-in all the same.
    const params = opts.jar ? { prompt: 'login', ...opts.params } : opts.params;
    const flow = await startAuthorization(t.app, { jar: opts.jar, params });
    const res = await postJson(
      t.app,
      authEndpoints.login.path,
      { username: email, password: TEST_PASSWORD, returnUrl: flow.returnUrl },
      { 'x-forwarded-for': opts.ip ?? newIp() },
    );
    flow.jar.store(res);
    return { flow, answer: resultOf<Answer>(res) };
  }

  /** A step-3 call from the flow's browser (postJson sends its cookies); the answer's cookies are kept. */
  async function step(flow: Flow, path: string, body: Record<string, unknown>, ip = newIp()) {
    const res = await postJson(t.app, path, { returnUrl: flow.returnUrl, ...body }, { 'x-forwarded-for': ip });
    flow.jar.store(res);
    return res;
  }

  async function idTokenOf(flow: Flow, redirectUrl: string) {
    const tokens = await finishSignIn(t.app, flow, redirectUrl);
    return { tokens, claims: decodeJwt(tokens.id_token) };
  }

  it('asks an account with two-step on for its second factor instead of finishing the sign-in', async () => {
    const u = await twoStepUser('second@example.com');
    const { flow, answer } = await password(u.email);
    expect(answer).toMatchObject({ isOk: false, requiresTwoFactor: true, userId: u.id, twoFactorReason: 'two_step' });
    expect(answer.twoFactorTypes).toEqual([
      { type: 'authenticator', title: 'two_factor_method_authenticator' },
      { type: 'email', title: 'two_factor_method_email', value: expect.stringContaining('***') },
    ]);
    // The answer points at the login page of the same interaction (a page that just follows it shows step 3).
    expect(answer.redirectUrl).toBe(`/login?ReturnUrl=${encodeURIComponent(flow.returnUrl)}&step=2fa`);
    expect(await db().select().from(flows).where(eq(flows.subject, u.id))).toHaveLength(1);
    // A reload of the login page finds the owed step again.
    const again = resultOf<Answer>(await step(flow, authEndpoints.twoFactorResume.path, {}));
    expect(again).toMatchObject({ requiresTwoFactor: true, userId: u.id });
  });

  it('an account without two-step signs in at once with one factor', async () => {
    const user = await createUser(db(), { email: 'onefactor@example.com' });
    const { flow, answer } = await password('onefactor@example.com');
    expect(answer).toMatchObject({ isOk: true, requiresTwoFactor: false, userId: user.id });
    const { claims } = await idTokenOf(flow, answer.redirectUrl);
    expect(claims).toMatchObject({ sub: user.id, amr: ['pwd'], acr: ACR_ONE_FACTOR });
  });

  it('passes with an authenticator code: amr holds both factors, acr says two; the same code is refused again', async () => {
    const u = await twoStepUser('totp@example.com');
    const { flow } = await password(u.email);
    const code = await freshCode(u);
    const blank = await step(flow, authEndpoints.loginTwoFactor.path, {
      codeReceiveMethod: 'authenticator',
      twoFactorCode: ' ',
    });
    expect(errorKey(blank)).toBe('please_enter_code_2fa_code');
    const noMethod = await step(flow, authEndpoints.loginTwoFactor.path, { twoFactorCode: code });
    expect(errorKey(noMethod)).toBe('please_select_method_receive_2fa_code');
    const ok = await step(flow, authEndpoints.loginTwoFactor.path, {
      codeReceiveMethod: 'authenticator',
      twoFactorCode: code,
      rememberMachine: false,
    });
    const answer = resultOf<Answer>(ok);
    expect(answer).toMatchObject({ isOk: true, requiresTwoFactor: false, userId: u.id });
    const { claims } = await idTokenOf(flow, answer.redirectUrl);
    expect(claims.amr).toEqual(['pwd', 'otp', 'mfa']);
    expect(claims.acr).toBe(ACR_TWO_FACTOR);

    // The step is over: its cookie no longer names anything.
    const used = await step(flow, authEndpoints.loginTwoFactor.path, {
      codeReceiveMethod: 'authenticator',
      twoFactorCode: code,
    });
    expect(errorKey(used)).toBe('login_session_expired');

    // Replay: the same code in a new sign-in is refused (each time step passes once).
    const second = await password(u.email);
    const replay = await step(second.flow, authEndpoints.loginTwoFactor.path, {
      codeReceiveMethod: 'authenticator',
      twoFactorCode: code,
    });
    expect(errorKey(replay)).toBe('authentication_code_is_incorrect');
    expect(replay.json().errors).toEqual({ twoFactorCode: ['authentication_code_is_incorrect'] });
  });

  it('is bound to the browser that passed the first step', async () => {
    const u = await twoStepUser('bound@example.com');
    const { flow } = await password(u.email);
    const code = await freshCode(u);
    const body = { returnUrl: flow.returnUrl, codeReceiveMethod: 'authenticator', twoFactorCode: code };
    // Another browser: neither the interaction binding nor the step's cookie.
    const other = await t.app.inject({
      method: 'POST',
      url: authEndpoints.loginTwoFactor.path,
      payload: body,
      headers: { host: 'localhost:3000' },
    });
    expect(errorKey(other)).toBe('login_session_expired');
    // The interaction's binding without the step's cookie (someone who opened the same login page).
    const binding = flow.jar.header('/api/account/login').replace(/(^|; )portico_2fa=[^;]*/, '');
    const noStep = await t.app.inject({
      method: 'POST',
      url: authEndpoints.loginTwoFactor.path,
      payload: body,
      headers: { host: 'localhost:3000', cookie: binding },
    });
    expect(errorKey(noStep)).toBe('login_two_factor_expired');
    // The step's cookie carried to another browser's interaction: not that interaction's step.
    const elsewhereFlow = await startAuthorization(t.app);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: authEndpoints.loginTwoFactor.path,
      payload: { ...body, returnUrl: elsewhereFlow.returnUrl },
      headers: {
        host: 'localhost:3000',
        cookie: `${elsewhereFlow.jar.header('/api/account/login')}; portico_2fa=${flow.jar.get('portico_2fa')}`,
      },
    });
    expect(errorKey(elsewhere)).toBe('login_two_factor_expired');
    // The right browser still passes.
    expect(resultOf<Answer>(await step(flow, authEndpoints.loginTwoFactor.path, body)).isOk).toBe(true);
  });

  it('expires within five minutes', async () => {
    const u = await twoStepUser('expiry@example.com');
    const { flow } = await password(u.email);
    const [row] = await db().select().from(flows).where(eq(flows.subject, u.id));
    expect(row?.kind).toBe('sign_in_second_factor');
    const life = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(life).toBeLessThanOrEqual(300);
    expect(life).toBeGreaterThan(60);
    await db()
      .update(flows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(flows.id, row!.id));
    const late = await step(flow, authEndpoints.loginTwoFactor.path, {
      codeReceiveMethod: 'authenticator',
      twoFactorCode: await freshCode(u),
    });
    expect(errorKey(late)).toBe('login_two_factor_expired');
  });

  it("shares the account's failure limits: wrong codes lock the account for sign-in too", async () => {
    const u = await twoStepUser('limits@example.com');
    const { flow } = await password(u.email);
    // LOGIN_LOCK_FAILURES is 6 here: five wrong second factors, then a wrong password locks.
    for (let i = 0; i < 5; i++) {
      const wrong = await step(flow, authEndpoints.loginTwoFactor.path, {
        codeReceiveMethod: 'authenticator',
        twoFactorCode: '000000',
      });
      expect(errorKey(wrong)).toBe('authentication_code_is_incorrect');
    }
    const lastTry = await step(flow, authEndpoints.loginRecoveryCode.path, { recoveryCode: 'nope-nope' });
    expect(errorKey(lastTry)).toBe('recovery_code_is_incorrect');
    const locked = await step(flow, authEndpoints.loginTwoFactor.path, {
      codeReceiveMethod: 'authenticator',
      twoFactorCode: await freshCode(u),
    });
    expect(errorKey(locked, 429)).toBe('account_locked');
    const res = await postJson(t.app, authEndpoints.login.path, {
      username: u.email,
      password: TEST_PASSWORD,
      returnUrl: (await startAuthorization(t.app)).returnUrl,
    });
    expect(errorKey(res, 429)).toBe('account_locked');
  });

  it('passes with a recovery code once', async () => {
    const u = await twoStepUser('recovery@example.com');
    const { flow } = await password(u.email);
    const code = u.recoveryCodes[0]!;
    const answer = resultOf<Answer>(await step(flow, authEndpoints.loginRecoveryCode.path, { recoveryCode: code }));
    expect(answer.isOk).toBe(true);
    const { claims } = await idTokenOf(flow, answer.redirectUrl);
    expect(claims).toMatchObject({ amr: ['pwd', 'otp', 'mfa'], acr: ACR_TWO_FACTOR });
    const next = await password(u.email);
    const again = await step(next.flow, authEndpoints.loginRecoveryCode.path, { recoveryCode: code });
    expect(errorKey(again)).toBe('recovery_code_is_incorrect');
  });

  it('passes with an e-mail code sent through the verification service', async () => {
    const u = await twoStepUser('mailcode@example.com');
    const { flow } = await password(u.email);
    const noMethod = await step(flow, authEndpoints.twoFactorSendCode.path, {});
    expect(errorKey(noMethod)).toBe('please_select_method_receive_2fa_code');
    const sent = resultOf<{ expirySecond: number }>(
      await step(flow, authEndpoints.twoFactorSendCode.path, { codeReceiveMethod: 'email' }),
    );
    expect(sent.expirySecond).toBeGreaterThan(0);
    const code = await lastCode(t, u.email);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await step(flow, authEndpoints.loginTwoFactor.path, {
      codeReceiveMethod: 'email',
      twoFactorCode: code === '000000' ? '111111' : '000000',
    });
    expect(errorKey(wrong)).toBe('otp_invalid');
    const answer = resultOf<Answer>(
      await step(flow, authEndpoints.loginTwoFactor.path, { codeReceiveMethod: 'email', twoFactorCode: code }),
    );
    const { claims } = await idTokenOf(flow, answer.redirectUrl);
    expect(claims).toMatchObject({ amr: ['pwd', 'otp', 'mfa'], acr: ACR_TWO_FACTOR });
  });

  it('remembers the browser for 30 days; a password change, two-step reset or log out everywhere forgets it', async () => {
    const u = await twoStepUser('remember@example.com');
    const jar = new CookieJar();
    const signIn = async () => {
      const { flow, answer } = await password(u.email, { jar });
      if (!answer.requiresTwoFactor) return { flow, answer };
      const res = await step(flow, authEndpoints.loginTwoFactor.path, {
        codeReceiveMethod: 'authenticator',
        twoFactorCode: await freshCode(u),
        rememberMachine: true,
      });
      return { flow, answer: resultOf<Answer>(res), passedSecond: true };
    };
    const first = await signIn();
    expect(first.passedSecond).toBe(true);
    const cookie = jar.get(rememberCookieName(u.id));
    expect(cookie).toBeTruthy();
    const [row] = await db().select().from(rememberedBrowsers).where(eq(rememberedBrowsers.userId, u.id));
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    // The same browser: no second step; one factor (the remembered browser is not counted as one).
    const remembered = await password(u.email, { jar });
    expect(remembered.answer).toMatchObject({ isOk: true, requiresTwoFactor: false });
    const { claims, tokens } = await idTokenOf(remembered.flow, remembered.answer.redirectUrl);
    expect(claims).toMatchObject({ amr: ['pwd'], acr: ACR_ONE_FACTOR });

    // The cookie is signed for its user: another account's cookie name with this value is worthless.
    const other = await twoStepUser('remember-other@example.com');
    const forged = new CookieJar();
    const start = await startAuthorization(t.app, { jar: forged });
    const forgedRes = await t.app.inject({
      method: 'POST',
      url: authEndpoints.login.path,
      payload: { username: other.email, password: TEST_PASSWORD, returnUrl: start.returnUrl },
      headers: {
        host: 'localhost:3000',
        cookie: `${forged.header('/api/account/login')}; ${rememberCookieName(other.id)}=${cookie}`,
      },
    });
    expect(resultOf<Answer>(forgedRes).requiresTwoFactor).toBe(true);

    // Log out everywhere forgets it.
    const out = await t.app.inject({
      method: 'POST',
      url: accountEndpoints.logoutAll.path,
      headers: { host: 'localhost:3000', ...bearer(tokens.access_token) },
    });
    expect(out.statusCode).toBe(200);
    expect((await password(u.email, { jar })).answer.requiresTwoFactor).toBe(true);

    // Remembered again, then a password change (its event) forgets it.
    await signIn();
    expect((await password(u.email, { jar })).answer.requiresTwoFactor).toBe(false);
    await t.deps.events.publish('password.changed', { userId: u.id, ip: '127.0.0.1', how: 'changed' });
    expect((await password(u.email, { jar })).answer.requiresTwoFactor).toBe(true);

    // Remembered again, then a two-step reset forgets it (and two-step is off afterwards).
    await signIn();
    expect((await password(u.email, { jar })).answer.requiresTwoFactor).toBe(false);
    await createTwoFactor(t.deps).reset(u.id, testCaller());
    expect(await db().select().from(rememberedBrowsers).where(eq(rememberedBrowsers.userId, u.id))).toEqual([]);
  });

  it('the devices page lists remembered browsers and forgets them; a second user is refused', async () => {
    const a = await signedInUser(t, { email: 'devices-a@example.com' });
    const b = await signedInUser(t, { email: 'devices-b@example.com' });
    const twoFactor = createTwoFactor(t.deps);
    const secret = secretOf((await twoFactor.startSetup(a.id, 'devices-a@example.com')).sharedKey);
    await twoFactor.finishSetup(a.id, codeAt(secret, new Date()), testCaller());
    const { flow } = await password('devices-a@example.com');
    resultOf(
      await step(flow, authEndpoints.loginTwoFactor.path, {
        codeReceiveMethod: 'authenticator',
        twoFactorCode: await freshCode({ id: a.id, secret }),
      }),
    );
    const list = resultOf<{ id: string; browser: string }[]>(await a.call('GET', devicesEndpoints.remembered.path));
    expect(list).toHaveLength(1);
    const id = list[0]!.id;
    expect(resultOf(await b.call('GET', devicesEndpoints.remembered.path))).toEqual([]);
    const forgetPath = devicesEndpoints.forgetRemembered.path.replace(':id', id);
    expect(errorKey(await b.call('POST', forgetPath), 404)).toBe('remembered_device_not_found');
    expect(resultOf(await a.call('POST', forgetPath))).toBe(true);
    expect(resultOf(await a.call('GET', devicesEndpoints.remembered.path))).toEqual([]);
    expect(errorKey(await a.call('POST', forgetPath), 404)).toBe('remembered_device_not_found');
    const anonymous = await t.app.inject({ method: 'GET', url: devicesEndpoints.remembered.path });
    expect(anonymous.statusCode).toBe(401);
  });

  it('steps up a signed-in session when the relying party asks acr_values for two factors', async () => {
    const u = await twoStepUser('stepup@example.com');
    const jar = new CookieJar();
    // Signed in on a remembered browser: one factor.
    const first = await password(u.email, { jar });
    resultOf(
      await step(first.flow, authEndpoints.loginTwoFactor.path, {
        codeReceiveMethod: 'authenticator',
        twoFactorCode: await freshCode(u),
      }),
    );
    const second = await password(u.email, { jar });
    expect(second.answer.requiresTwoFactor).toBe(false);
    await idTokenOf(second.flow, second.answer.redirectUrl);

    // The relying party asks for two factors: the signed-in user is sent to the login page.
    const flow = await startAuthorization(t.app, { jar, params: { acr_values: ACR_TWO_FACTOR } });
    expect(flow.uid).toBeTruthy();
    const details = resultOf<{ stepUp?: boolean }>(
      await t.app.inject({ url: authEndpoints.interaction.path.replace(':uid', flow.uid) }),
    );
    expect(details.stepUp).toBe(true);
    // Without the session's cookie (another browser bound to the page somehow) no step-up starts.
    const stranger = await t.app.inject({
      method: 'POST',
      url: authEndpoints.twoFactorResume.path,
      payload: { returnUrl: flow.returnUrl },
      headers: {
        host: 'localhost:3000',
        cookie: flow.jar.header('/api/account/login').replace(/(^|; )_session(\.sig)?=[^;]*/g, ''),
      },
    });
    expect(errorKey(stranger)).toBe('login_two_factor_expired');
    const owed = resultOf<Answer>(await step(flow, authEndpoints.twoFactorResume.path, {}));
    expect(owed).toMatchObject({ requiresTwoFactor: true, userId: u.id });

    const answer = resultOf<Answer>(
      await step(flow, authEndpoints.loginTwoFactor.path, {
        codeReceiveMethod: 'authenticator',
        twoFactorCode: await freshCode(u),
      }),
    );
    const { claims } = await idTokenOf(flow, answer.redirectUrl);
    expect(claims).toMatchObject({ sub: u.id, acr: ACR_TWO_FACTOR });
    // Remembered again by the step-up: still one row for this browser.
    expect(await db().select().from(rememberedBrowsers).where(eq(rememberedBrowsers.userId, u.id))).toHaveLength(1);
    expect(claims.amr).toEqual(expect.arrayContaining(['pwd', 'otp', 'mfa']));

    // Asked again, the session already has two factors: no interaction.
    const later = await startAuthorization(t.app, { jar, params: { acr_values: ACR_TWO_FACTOR } });
    expect(later.uid).toBe('');
    expect(later.location).toMatch(/\/callback\?code=/);
  });

  it('a password sign-in asked for two factors owes the second even with two-step off', async () => {
    const user = await createUser(db(), { email: 'acr-ask@example.com' });
    const { flow, answer } = await password('acr-ask@example.com', { params: { acr_values: ACR_TWO_FACTOR } });
    expect(answer).toMatchObject({ requiresTwoFactor: true, userId: user.id });
    expect(answer.twoFactorTypes?.map((x) => x.type)).toEqual(['email']);
    resultOf(await step(flow, authEndpoints.twoFactorSendCode.path, { codeReceiveMethod: 'email' }));
    const done = resultOf<Answer>(
      await step(flow, authEndpoints.loginTwoFactor.path, {
        codeReceiveMethod: 'email',
        twoFactorCode: await lastCode(t, 'acr-ask@example.com'),
      }),
    );
    const { claims } = await idTokenOf(flow, done.redirectUrl);
    expect(claims).toMatchObject({ amr: ['pwd', 'otp', 'mfa'], acr: ACR_TWO_FACTOR });
  });
});
