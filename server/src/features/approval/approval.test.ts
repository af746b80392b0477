import {
  approvalEndpoints as A,
  activityEndpoints,
  authEndpoints,
  devicesEndpoints,
  type LoginAnswer,
  type Prompts,
  QR_CODE_MINUTES,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { userTwoFactor } from '../../db/schema.js';
import { accountSubject, createLoginLimits } from '../../modules/sign-in/index.js';
import { codeAt, createTwoFactor } from '../../modules/two-factor/index.js';
import { errorKey, resultOf, signedInUser } from '../../testing/account.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { testCaller } from '../../testing/caller.js';
import { type Flow, finishSignIn, postJson, startAuthorization } from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

// Issue 26's API tests: a QR code shown by one browser and approved by the account's signed-in
// phone, push requests answered with the right or a wrong number, the `app` code, and the hub
// that wakes the waiting page (over a real socket: server-sent events).

const HOST = { host: 'localhost:3000' };
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('sign-in approved by a signed-in device', () => {
  let t: TestApp;
  let ipSeq = 0;
  const newIp = () => `203.0.113.${++ipSeq}`;
  let n = 0;
  const email = (name: string) => `${name}.${Date.now()}${++n}@example.com`;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA_AFTER_FAILURES: '1000' });
  });
  afterAll(() => t.close());

  /** A call of the login page in the desktop browser of `flow` (its cookies sent, new ones kept). */
  async function desktop(flow: Flow, method: 'GET' | 'POST', path: string, input: Record<string, unknown>, ip: string) {
    const withReturn = { returnUrl: flow.returnUrl, ...input };
    const url = method === 'GET' ? `${path}?${new URLSearchParams(withReturn as Record<string, string>)}` : path;
    const res = await t.app.inject({
      method,
      url,
      headers: { ...HOST, cookie: flow.jar.header(path), 'user-agent': DESKTOP_UA, 'x-forwarded-for': ip },
      ...(method === 'POST' ? { payload: withReturn } : {}),
    });
    flow.jar.store(res);
    return res;
  }

  /** A desktop browser on the login page of a new authorization. */
  async function desktopPage() {
    return { flow: await startAuthorization(t.app), ip: newIp() };
  }

  const qrOf = async (page: { flow: Flow; ip: string }) => {
    const res = await desktop(page.flow, 'GET', A.qrCode.path, {}, page.ip);
    expect(res.statusCode, res.body).toBe(200);
    return resultOf<{ image: string; code: string; time: number }>(res);
  };

  const phone = async (name: string, number?: string) => {
    const address = email(name);
    const u = await signedInUser(t, { email: address, ...(number ? { phone: number } : {}) });
    const get = (path: string, query: Record<string, string> = {}) =>
      u.call('GET', `${path}?${new URLSearchParams(query)}`, undefined, { 'user-agent': PHONE_UA });
    const post = (path: string, body: unknown) => u.call('POST', path, body, { 'user-agent': PHONE_UA });
    return { ...u, email: address, get, post };
  };

  it('signs in the desktop that showed the QR code once the phone approved it; amr says qr', async () => {
    const page = await desktopPage();
    const qr = await qrOf(page);
    expect(qr.time).toBe(QR_CODE_MINUTES);
    expect(qr.image).toMatch(/^data:image\/png;base64,/);
    expect(qr.code.length).toBeGreaterThanOrEqual(32);

    const owner = await phone('qr-owner');
    // Before the approval the browser cannot sign in with the code.
    expect(errorKey(await desktop(page.flow, 'GET', A.loginByQrCode.path, { key: qr.code }, page.ip))).toBe(
      'qr_code_expired',
    );
    const details = await owner.get(A.qrDetails.path, { code: qr.code });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.headers['cache-control']).toContain('no-store');
    expect(resultOf(details)).toMatchObject({
      browser: expect.stringContaining('Chrome'),
      system: expect.stringContaining('Windows'),
      deviceType: 1,
      ip: page.ip,
      clientName: expect.any(String),
      expirySecond: expect.any(Number),
    });
    // Another account cannot read or approve a code this one scanned.
    const other = await phone('qr-other');
    expect(errorKey(await other.get(A.qrDetails.path, { code: qr.code }))).toBe('qr_code_expired');
    expect(errorKey(await other.post(A.qrApprove.path, { code: qr.code, approve: true }))).toBe('qr_code_expired');

    const approve = await owner.post(A.qrApprove.path, { code: qr.code, approve: true });
    expect(approve.statusCode, approve.body).toBe(200);
    // Approving twice is refused (the code moved on).
    expect(errorKey(await owner.post(A.qrApprove.path, { code: qr.code, approve: true }))).toBe('qr_code_expired');

    // Another browser that knows the code (it was on screen) cannot use it: it lacks the cookie.
    const thief = await desktopPage();
    expect(errorKey(await desktop(thief.flow, 'GET', A.loginByQrCode.path, { key: qr.code }, thief.ip))).toBe(
      'qr_code_expired',
    );

    const login = await desktop(page.flow, 'GET', A.loginByQrCode.path, { key: qr.code }, page.ip);
    expect(login.statusCode, login.body).toBe(200);
    const answer = resultOf<LoginAnswer>(login);
    expect(answer).toMatchObject({ isOk: true, userId: owner.id });
    const tokens = await finishSignIn(t.app, page.flow, answer.redirectUrl);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: owner.id, amr: ['qr'] });
    // Single use: the sign-in it belonged to is over too.
    const again = await desktop(page.flow, 'GET', A.loginByQrCode.path, { key: qr.code }, page.ip);
    expect(['qr_code_expired', 'login_session_expired']).toContain(errorKey(again));

    // The devices list the desktop, signed in by QR.
    const devices = resultOf<{ browser: string; signInMethod: string | null }[]>(
      await owner.get(devicesEndpoints.list.path),
    );
    expect(devices).toEqual(expect.arrayContaining([expect.objectContaining({ signInMethod: 'qr' })]));
    // The approver's log says what it let in, and the owner gets an e-mail.
    const log = await owner.get(activityEndpoints.list.path, { pageIndex: '1', pageSize: '20' });
    expect(log.body).toContain('Xác nhận đăng nhập bằng <strong>mã QR</strong> cho <strong>Windows 10 · Chrome 131');
    const [mail] = await listOutboxMessages(t.deps.database.db, owner.email, 1);
    expect(mail?.subject).toContain('xác nhận');
    expect(mail?.text).toContain(page.ip);
  });

  it('a refused QR code signs nobody in and the log says so', async () => {
    const page = await desktopPage();
    const qr = await qrOf(page);
    const owner = await phone('qr-deny');
    expect((await owner.get(A.qrDetails.path, { code: qr.code })).statusCode).toBe(200);
    expect((await owner.post(A.qrApprove.path, { code: qr.code, approve: false })).statusCode).toBe(200);
    expect(errorKey(await desktop(page.flow, 'GET', A.loginByQrCode.path, { key: qr.code }, page.ip))).toBe(
      'qr_code_expired',
    );
    const log = await owner.get(activityEndpoints.list.path, { pageIndex: '1', pageSize: '20' });
    expect(log.body).toContain('Từ chối đăng nhập bằng <strong>mã QR</strong>');
  });

  it('refuses what is not its own: no QR code without the pending sign-in, no approval without a token, no unknown code', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${A.qrCode.path}?returnUrl=/oidc/interaction/nope`,
      headers: HOST,
    });
    expect(errorKey(res)).toBe('login_session_expired');
    const anonymous = await t.app.inject({ method: 'GET', url: `${A.qrDetails.path}?code=abc`, headers: HOST });
    expect(anonymous.statusCode).toBe(401);
    const owner = await phone('qr-unknown');
    expect(errorKey(await owner.get(A.qrDetails.path, { code: 'not-a-code' }))).toBe('qr_code_expired');
    expect(errorKey(await owner.post(A.qrApprove.path, { code: 'x'.repeat(500), approve: true }))).toBe(
      'qr_code_expired',
    );
    expect(errorKey(await owner.post(A.qrApprove.path, { code: 'abc' }))).toBe('invalid_input');
  });

  it('a paused account is not signed in by an approved QR code', async () => {
    const page = await desktopPage();
    const qr = await qrOf(page);
    const owner = await phone('qr-paused');
    expect((await owner.get(A.qrDetails.path, { code: qr.code })).statusCode).toBe(200);
    expect((await owner.post(A.qrApprove.path, { code: qr.code, approve: true })).statusCode).toBe(200);
    await createLoginLimits(t.deps).closeSecondStep(accountSubject(owner.id));
    expect(errorKey(await desktop(page.flow, 'GET', A.loginByQrCode.path, { key: qr.code }, page.ip), 429)).toBe(
      'account_locked',
    );
  });

  it('an expired QR code is refused to the phone and to the browser', async () => {
    const page = await desktopPage();
    const qr = await qrOf(page);
    await t.deps.database.db.execute(
      `update flows set expires_at = now() - interval '1 second' where kind = 'qr_sign_in'` as never,
    );
    const owner = await phone('qr-expired');
    expect(errorKey(await owner.get(A.qrDetails.path, { code: qr.code }))).toBe('qr_code_expired');
    expect(errorKey(await desktop(page.flow, 'GET', A.loginByQrCode.path, { key: qr.code }, page.ip))).toBe(
      'qr_code_expired',
    );
  });

  describe('push approval', () => {
    const ask = (page: { flow: Flow; ip: string }, username: string) =>
      desktop(page.flow, 'POST', A.requestVerifyPrompt.path, { username }, page.ip);

    it('the right number signs the desktop in; a wrong one voids the request', async () => {
      const owner = await phone('push');
      const page = await desktopPage();
      const first = await ask(page, owner.email);
      expect(first.statusCode, first.body).toBe(200);
      const asked = resultOf<{ message: string; number: number; expirySecond: number }>(first);
      expect(asked.number).toBeGreaterThanOrEqual(10);
      expect(asked.number).toBeLessThan(100);

      // Waiting: the login call says so.
      expect(errorKey(await desktop(page.flow, 'GET', A.promptLogin.path, {}, page.ip), 409)).toBe('prompt_waiting');

      const list = resultOf<Prompts>(await owner.get(A.prompts.path));
      expect(list.items).toHaveLength(1);
      const item = list.items[0]!;
      expect(item.numbers).toHaveLength(3);
      expect(item.numbers).toContain(asked.number);
      expect(item).toMatchObject({ ip: page.ip, browser: expect.stringContaining('Chrome') });
      expect(list.hubKey).toMatch(/^u\./);

      // Another account cannot answer it, nor see it.
      const other = await phone('push-other');
      expect(resultOf<Prompts>(await other.get(A.prompts.path)).items).toHaveLength(0);
      expect(errorKey(await other.post(A.answerPrompt.path.replace(':id', item.id), { number: asked.number }))).toBe(
        'prompt_expired',
      );

      const wrong = item.numbers.find((x) => x !== asked.number)!;
      expect(errorKey(await owner.post(A.answerPrompt.path.replace(':id', item.id), { number: wrong }))).toBe(
        'prompt_wrong_number',
      );
      // Voided: the right number no longer helps, and the browser is told it is over.
      expect(errorKey(await owner.post(A.answerPrompt.path.replace(':id', item.id), { number: asked.number }))).toBe(
        'prompt_expired',
      );
      expect(errorKey(await desktop(page.flow, 'GET', A.promptLogin.path, {}, page.ip))).toBe('prompt_expired');

      // A new request with the right number.
      const again = resultOf<{ number: number }>(await ask(page, owner.email));
      const next = resultOf<Prompts>(await owner.get(A.prompts.path)).items[0]!;
      const ok = await owner.post(A.answerPrompt.path.replace(':id', next.id), { number: again.number });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(resultOf(ok)).toEqual({ approved: true });
      const login = await desktop(page.flow, 'GET', A.promptLogin.path, {}, page.ip);
      expect(login.statusCode, login.body).toBe(200);
      const answer = resultOf<LoginAnswer>(login);
      expect(answer).toMatchObject({ isOk: true, userId: owner.id });
      const tokens = await finishSignIn(t.app, page.flow, answer.redirectUrl);
      expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: owner.id, amr: ['prompt'] });
    });

    it('counts the waiting requests per account, whichever of its names is typed', async () => {
      const owner = await phone('push-names', `09${String(Date.now()).slice(-8)}`);
      const page = await desktopPage();
      for (let i = 0; i < 3; i++) expect((await ask(page, owner.email)).statusCode).toBe(200);
      const number = (await t.deps.database.db.query.userContacts.findFirst({
        where: (c, { and, eq }) => and(eq(c.userId, owner.id), eq(c.type, 2)),
      }))!.value;
      expect(errorKey(await ask(page, number), 429)).toBe('too_many_requests');
      expect(resultOf<Prompts>(await owner.get(A.prompts.path)).items).toHaveLength(3);
    });

    it('a refusal voids the request', async () => {
      const owner = await phone('push-deny');
      const page = await desktopPage();
      await ask(page, owner.email);
      const item = resultOf<Prompts>(await owner.get(A.prompts.path)).items[0]!;
      const res = await owner.post(A.answerPrompt.path.replace(':id', item.id), { deny: true });
      expect(resultOf(res)).toEqual({ approved: false });
      expect(errorKey(await desktop(page.flow, 'GET', A.promptLogin.path, {}, page.ip))).toBe('prompt_expired');
      expect(errorKey(await owner.post(A.answerPrompt.path.replace(':id', item.id), {}))).toBe('prompt_pick_number');
    });

    it('answers a name without an account like one with, and limits both the same (3 waiting)', async () => {
      const owner = await phone('push-limit');
      const page = await desktopPage();
      const ghost = email('nobody');
      for (const name of [owner.email, ghost]) {
        const answers = [];
        for (let i = 0; i < 3; i++) answers.push(await ask(page, name));
        for (const res of answers) {
          expect(res.statusCode, res.body).toBe(200);
          expect(Object.keys(resultOf<object>(res)).sort()).toEqual(['expirySecond', 'message', 'number']);
        }
        expect(errorKey(await ask(page, name), 429)).toBe('too_many_requests');
      }
      // The unknown name's request simply waits, like an unanswered one.
      expect(errorKey(await desktop(page.flow, 'GET', A.promptLogin.path, {}, page.ip), 409)).toBe('prompt_waiting');
    });
  });

  describe('as the second step', () => {
    async function twoStepUser(name: string) {
      const address = email(name);
      const user = await createUser(t.deps.database.db, { email: address });
      const twoFactor = createTwoFactor(t.deps);
      const secret = (await twoFactor.startSetup(user.id, address)).sharedKey.replace(/\s/g, '').toUpperCase();
      await twoFactor.finishSetup(user.id, codeAt(secret, new Date()), testCaller());
      // Signed in on a phone already (its second step passed with the authenticator).
      const flow = await startAuthorization(t.app);
      const first = await postJson(t.app, authEndpoints.login.path, {
        username: address,
        password: TEST_PASSWORD,
        returnUrl: flow.returnUrl,
      });
      flow.jar.store(first);
      await t.deps.database.db
        .update(userTwoFactor)
        .set({ lastUsedStep: null })
        .where(eq(userTwoFactor.userId, user.id));
      const second = await postJson(t.app, authEndpoints.loginTwoFactor.path, {
        returnUrl: flow.returnUrl,
        codeReceiveMethod: 'authenticator',
        twoFactorCode: codeAt(secret, new Date()),
      });
      expect(second.statusCode, second.body).toBe(200);
      const tokens = await finishSignIn(t.app, flow, resultOf<LoginAnswer>(second).redirectUrl);
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: { ...HOST, authorization: `Bearer ${tokens.access_token}` }, payload });
      return { ...user, email: address, call };
    }

    async function passwordOnDesktop(address: string) {
      const page = await desktopPage();
      const res = await desktop(
        page.flow,
        'POST',
        authEndpoints.login.path,
        { username: address, password: TEST_PASSWORD },
        page.ip,
      );
      return { page, answer: resultOf<LoginAnswer>(res) };
    }

    it('offers the signed-in device: a push request approved passes it, amr pwd + prompt', async () => {
      const u = await twoStepUser('second-prompt');
      const { page, answer } = await passwordOnDesktop(u.email);
      expect(answer.requiresTwoFactor).toBe(true);
      expect(answer.twoFactorTypes?.map((x) => x.type)).toEqual(['authenticator', 'email', 'prompt', 'app']);
      const asked = resultOf<{ number: number }>(
        await desktop(page.flow, 'POST', A.requestVerifyPrompt.path, { username: u.email }, page.ip),
      );
      const item = resultOf<Prompts>(await u.call('GET', A.prompts.path)).items[0]!;
      expect(
        (await u.call('POST', A.answerPrompt.path.replace(':id', item.id), { number: asked.number })).statusCode,
      ).toBe(200);
      const login = await desktop(page.flow, 'GET', A.promptLogin.path, { userName: u.email }, page.ip);
      expect(login.statusCode, login.body).toBe(200);
      const tokens = await finishSignIn(t.app, page.flow, resultOf<LoginAnswer>(login).redirectUrl);
      expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: u.id, amr: ['pwd', 'prompt', 'mfa'] });
    });

    it('takes the code a signed-in session shows, once', async () => {
      const u = await twoStepUser('second-app');
      const { page } = await passwordOnDesktop(u.email);
      const issued = resultOf<{ code: string; expirySecond: number }>(await u.call('GET', A.appCode.path));
      expect(issued.code).toMatch(/^\d{6}$/);
      expect(issued.expirySecond).toBe(30);
      const wrong = await desktop(
        page.flow,
        'POST',
        authEndpoints.loginTwoFactor.path,
        { codeReceiveMethod: 'app', twoFactorCode: issued.code === '000000' ? '111111' : '000000' },
        page.ip,
      );
      expect(errorKey(wrong)).toBe('authentication_code_is_incorrect');
      const ok = await desktop(
        page.flow,
        'POST',
        authEndpoints.loginTwoFactor.path,
        { codeReceiveMethod: 'app', twoFactorCode: issued.code },
        page.ip,
      );
      expect(ok.statusCode, ok.body).toBe(200);
      const tokens = await finishSignIn(t.app, page.flow, resultOf<LoginAnswer>(ok).redirectUrl);
      expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: u.id, amr: ['pwd', 'otp', 'mfa'] });
      // Used: another browser's step 3 cannot pass with it.
      const { page: later } = await passwordOnDesktop(u.email);
      const reuse = await desktop(
        later.flow,
        'POST',
        authEndpoints.loginTwoFactor.path,
        { codeReceiveMethod: 'app', twoFactorCode: issued.code },
        later.ip,
      );
      expect(errorKey(reuse)).toBe('authentication_code_is_incorrect');
    });
  });

  describe('the hub', () => {
    let base: string;
    beforeAll(async () => {
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    /** Reads server-sent events until `count` came or the stream ended. */
    async function events(url: string, count: number, during?: () => Promise<void>) {
      const res = await fetch(url);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const reader = res.body!.getReader();
      const out: { type: string; reason?: string }[] = [];
      let buffer = '';
      const pending = (async () => {
        while (out.length < count) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += new TextDecoder().decode(value);
          for (;;) {
            const end = buffer.indexOf('\n\n');
            if (end < 0) break;
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            if (data) out.push(JSON.parse(data.slice(6)));
          }
        }
      })();
      // Let the stream subscribe before the other side acts.
      await new Promise((r) => setTimeout(r, 100));
      await during?.();
      await pending;
      await reader.cancel().catch(() => {});
      return out;
    }

    it('wakes the page that shows a QR code: scanned, then approved', async () => {
      const page = await desktopPage();
      const qr = await qrOf(page);
      const owner = await phone('hub');
      const heard = await events(`${base}${A.hub.path}?userId=${encodeURIComponent(qr.code)}`, 2, async () => {
        await owner.get(A.qrDetails.path, { code: qr.code });
        await owner.post(A.qrApprove.path, { code: qr.code, approve: true });
      });
      expect(heard).toEqual([{ type: 'qrScanned' }, { type: 'qrLogin' }]);
      // A page that comes back learns at once what happened.
      expect(await events(`${base}${A.hub.path}?userId=${encodeURIComponent(qr.code)}`, 1)).toEqual([
        { type: 'qrLogin' },
      ]);
    });

    it('says expired for a key it does not know, and tells an account page of a new push request', async () => {
      expect(await events(`${base}${A.hub.path}?userId=nothing-here`, 1)).toEqual([
        { type: 'expired', reason: 'timeout' },
      ]);
      const owner = await phone('hub-user');
      const { hubKey } = resultOf<Prompts>(await owner.get(A.prompts.path));
      const page = await desktopPage();
      const heard = await events(`${base}${A.hub.path}?userId=${encodeURIComponent(hubKey)}`, 1, async () => {
        await desktop(page.flow, 'POST', A.requestVerifyPrompt.path, { username: owner.email }, page.ip);
      });
      expect(heard).toEqual([{ type: 'promptAsked' }]);
      // A forged page key hears nothing of it.
      const forged = hubKey.replace(/\.[^.]+$/, '.AAAA');
      expect(await events(`${base}${A.hub.path}?userId=${encodeURIComponent(forged)}`, 1)).toEqual([
        { type: 'expired', reason: 'timeout' },
      ]);
      const empty = await fetch(`${base}${A.hub.path}`);
      expect(empty.status).toBe(400);
    });
  });
});
