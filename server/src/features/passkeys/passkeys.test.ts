import {
  authEndpoints,
  passkeysEndpoints as E,
  fillPath,
  type LoginAnswer,
  type Passkey,
  stepUpEndpoints,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { activityLogs, passkeys, userContacts, userTwoFactor } from '../../db/schema.js';
import { queuedSendsDone } from '../../lib/send-later.js';
import { accountSubject } from '../../modules/login-limits/index.js';
import { ACR_TWO_FACTOR } from '../../modules/sign-in/index.js';
import { errorKey, resultOf, type SignedInUser, signedInUser } from '../../testing/account.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createFakeAuthenticator } from '../../testing/fake-authenticator.js';
import {
  bearer,
  type Flow,
  finishSignIn,
  postJson,
  signInWithPassword,
  startAuthorization,
} from '../../testing/oidc-flow.js';
import { TEST_PASSWORD } from '../../testing/users.js';

// Passkeys (issue 32 point 1): registration behind the step-up proof, sign-in at login step 1 as
// two factors in one, and the rules around them (contracts/src/passkeys.ts).
describe('passkeys', () => {
  let t: TestApp;
  const origin = 'http://localhost:3000';
  const authenticator = createFakeAuthenticator(origin);
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA_AFTER_FAILURES: '1000' });
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;

  /** A passkey made for `user` (who has given the step-up proof), answered by the fake authenticator. */
  async function addPasskey(user: SignedInUser, name = 'Laptop') {
    const { options } = resultOf<{ options: Record<string, unknown> }>(
      await user.call('POST', E.registrationOptions.path),
    );
    const response = authenticator.create(options);
    const res = await user.call('POST', E.register.path, { name, response });
    expect(res.statusCode, res.body).toBe(200);
    return resultOf<Passkey>(res);
  }

  /** Login step 1 with a passkey: the challenge for this sign-in, answered with credential `id`. */
  async function passkeySignIn(id: string, params: Record<string, string> = {}, answer = authenticator.get) {
    const flow = await startAuthorization(t.app, { params });
    const { options } = resultOf<{ options: Record<string, unknown> }>(
      await postJson(t.app, E.signInOptions.path, { returnUrl: flow.returnUrl }),
    );
    const response = answer(options, id);
    const res = await postJson(t.app, E.signIn.path, { returnUrl: flow.returnUrl, response });
    return { flow, res, options, response };
  }

  it('adds a passkey only with the step-up proof; the primary e-mail is told with an undo link', async () => {
    const lan = await signedInUser(t, { email: 'passkey-add@example.com' });
    expect(errorKey(await lan.call('POST', E.registrationOptions.path), 403)).toBe('step_up_required');
    await lan.stepUp();
    const { options } = resultOf<{ options: Record<string, unknown> }>(
      await lan.call('POST', E.registrationOptions.path),
    );
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: expect.any(String) },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // A browser on another site (phishing) answers with its own origin: refused.
    const phished = authenticator.create(options, { origin: 'https://portico.example.evil' });
    expect(errorKey(await lan.call('POST', E.register.path, { name: 'X', response: phished }))).toBe('passkey_failed');
    // No user verification: refused (a passkey must be two factors in one).
    const unverified = authenticator.create(options, { verified: false });
    expect(errorKey(await lan.call('POST', E.register.path, { name: 'X', response: unverified }))).toBe(
      'passkey_failed',
    );
    const response = authenticator.create(options);
    const added = resultOf<Passkey>(await lan.call('POST', E.register.path, { name: 'Điện thoại', response }));
    expect(added).toMatchObject({ name: 'Điện thoại', synced: false, lastUsedTime: null });
    // The same challenge again (a replay): used already.
    expect(errorKey(await lan.call('POST', E.register.path, { name: 'Again', response }))).toBe('passkey_failed');
    const list = resultOf<Passkey[]>(await lan.call('GET', E.list.path));
    expect(list.map((p) => p.id)).toEqual([added.id]);
    await queuedSendsDone();
    const [mail] = await listOutboxMessages(db(), 'passkey-add@example.com', 1);
    expect(mail?.text).toContain('Điện thoại');
    expect(mail?.text).toContain('/undo-change?token=');
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, lan.id));
    expect(log.map((l) => l.action)).toContain('activity_passkey_added');
    // Names are checked.
    expect(errorKey(await lan.call('PUT', fillPath(E.rename.path, { id: added.id }), { name: ' ' }))).toBe(
      'passkey_name_required',
    );
  });

  it('signs in at step 1 as two factors: amr hwk and mfa, the two-factor acr a relying party asked for', async () => {
    const lan = await signedInUser(t, { email: 'passkey-in@example.com', steppedUp: true });
    const key = await addPasskey(lan);
    const mai = await signedInUser(t, { email: 'passkey-in-other@example.com', steppedUp: true });
    await addPasskey(mai);
    const { flow, res } = await passkeySignIn(key.id, { acr_values: ACR_TWO_FACTOR });
    expect(res.statusCode, res.body).toBe(200);
    const answer = resultOf<LoginAnswer>(res);
    expect(answer).toMatchObject({ isOk: true, requiresTwoFactor: false, userId: lan.id });
    const tokens = await finishSignIn(t.app, flow, answer.redirectUrl);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: lan.id, amr: ['hwk', 'mfa'], acr: ACR_TWO_FACTOR });
    const [used] = resultOf<Passkey[]>(await lan.call('GET', E.list.path));
    expect(used?.lastUsedTime).not.toBeNull();
    // Only that passkey was touched.
    const [untouched] = resultOf<Passkey[]>(await mai.call('GET', E.list.path));
    expect(untouched?.lastUsedTime).toBeNull();
  });

  it('refuses an answer for another sign-in, a replay, a counter gone back, another origin and an unknown key', async () => {
    const lan = await signedInUser(t, { email: 'passkey-no@example.com', steppedUp: true });
    const key = await addPasskey(lan);
    // The challenge of one sign-in, used for another.
    const first = await passkeySignIn(key.id);
    expect(first.res.statusCode).toBe(200);
    const other = await startAuthorization(t.app);
    const stolen = await postJson(t.app, E.signIn.path, { returnUrl: other.returnUrl, response: first.response });
    expect(errorKey(stolen)).toBe('passkey_failed');
    // The same answer again.
    const replay = await postJson(t.app, E.signIn.path, { returnUrl: first.flow.returnUrl, response: first.response });
    expect(['passkey_failed', 'login_session_expired']).toContain(errorKey(replay));
    // A clone whose counter is behind.
    const cloned = await passkeySignIn(key.id, {}, (options, id) => authenticator.get(options, id, { counter: 1 }));
    expect(errorKey(cloned.res)).toBe('passkey_failed');
    const phished = await passkeySignIn(key.id, {}, (options, id) =>
      authenticator.get(options, id, { origin: 'https://evil.example' }),
    );
    expect(errorKey(phished.res)).toBe('passkey_failed');
    const made = authenticator.create({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'nobody' } });
    expect(errorKey((await passkeySignIn(made.id)).res)).toBe('passkey_failed');
    // A malformed answer is a 400 with no server error.
    const flow = await startAuthorization(t.app);
    const junk = await postJson(t.app, E.signIn.path, { returnUrl: flow.returnUrl, response: { id: '\u0000' } });
    expect(junk.statusCode).toBe(400);
    // Without the login page's binding (another browser), the sign-in is expired.
    const foreign = await t.app.inject({
      method: 'POST',
      url: E.signInOptions.path,
      payload: { returnUrl: flow.returnUrl },
    });
    expect(errorKey(foreign)).toBe('login_session_expired');
  });

  it('an account with two-step on signs in with its passkey without a second step', async () => {
    const lan = await signedInUser(t, { email: 'passkey-2fa@example.com', steppedUp: true });
    const key = await addPasskey(lan);
    // Two-step on: a password sign-in would owe the second step now (complete-sign-in.ts).
    await db().insert(userTwoFactor).values({ userId: lan.id, enabled: true, secret: 'not-asked' });
    const { res } = await passkeySignIn(key.id);
    expect(resultOf<LoginAnswer>(res)).toMatchObject({ isOk: true, requiresTwoFactor: false });
  });

  it('passes login step 3 after a password: a step-up of a one-factor account, and beside two-step', async () => {
    const lan = await signedInUser(t, { email: 'passkey-step3@example.com', steppedUp: true });
    const key = await addPasskey(lan);
    const mai = await signedInUser(t, { email: 'passkey-step3-other@example.com', steppedUp: true });
    const maiKey = await addPasskey(mai);
    /** A POST of this sign-in's browser, keeping the cookies it is given (the owed step's). */
    const post = async (flow: Flow, path: string, body: object) => {
      const res = await postJson(t.app, path, { returnUrl: flow.returnUrl, ...body });
      flow.jar.store(res);
      return res;
    };
    const password = async (email: string) => {
      const flow = await startAuthorization(t.app, { params: { acr_values: ACR_TWO_FACTOR } });
      const answer = resultOf<LoginAnswer>(
        await post(flow, authEndpoints.login.path, { username: email, password: TEST_PASSWORD }),
      );
      return { flow, answer };
    };

    // No two-step, but the relying party asks for two factors: the passkey is offered first.
    const { flow, answer } = await password('passkey-step3@example.com');
    expect(answer).toMatchObject({ requiresTwoFactor: true, userId: lan.id, twoFactorReason: 'application' });
    expect(answer.twoFactorTypes?.[0]).toEqual({ type: 'passkey', title: 'two_factor_method_passkey' });
    // A passkey is never a typed code.
    expect(
      errorKey(
        await post(flow, authEndpoints.loginTwoFactor.path, {
          codeReceiveMethod: 'passkey',
          twoFactorCode: '123456',
          rememberMachine: false,
        }),
      ),
    ).toBe('please_select_method_receive_2fa_code');
    const challenge = async () =>
      resultOf<{ options: { allowCredentials?: { id: string }[] } & Record<string, unknown> }>(
        await post(flow, E.secondStepOptions.path, {}),
      ).options;
    const options = await challenge();
    // Only this account's passkeys are asked for.
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    // Another account's passkey does not pass this account's step, nor does an answer for another origin.
    const foreign = authenticator.get(options, maiKey.id);
    expect(errorKey(await post(flow, E.secondStep.path, { response: foreign }))).toBe('passkey_failed');
    const phished = authenticator.get(await challenge(), key.id, { origin: 'https://evil.example' });
    expect(errorKey(await post(flow, E.secondStep.path, { response: phished }))).toBe('passkey_failed');
    // Nor is step 3's challenge taken at step 1 of the same sign-in (a sign-in without the password).
    const atStepOne = authenticator.get(await challenge(), key.id);
    expect(errorKey(await post(flow, E.signIn.path, { response: atStepOne }))).toBe('passkey_failed');
    // The two wrong answers at step 3 count against the account's second step, like wrong codes
    // (login-limits.ts createSecondStepCount); the passkey that passes clears the count.
    const secondStepTries = () => t.deps.kv.get(`login:fail:2nd:${accountSubject(lan.id)}`);
    expect(await secondStepTries()).toBe('2');
    const response = authenticator.get(await challenge(), key.id);
    const passed = resultOf<LoginAnswer>(await post(flow, E.secondStep.path, { response, rememberMachine: false }));
    expect(await secondStepTries()).toBeNull();
    expect(passed).toMatchObject({ isOk: true, requiresTwoFactor: false, userId: lan.id });
    const tokens = await finishSignIn(t.app, flow, passed.redirectUrl);
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      sub: lan.id,
      amr: ['pwd', 'hwk', 'mfa'],
      acr: ACR_TWO_FACTOR,
    });
    // The step is over: the same answer, or a new challenge, finds nothing owed.
    expect(errorKey(await post(flow, E.secondStep.path, { response }))).toBe('login_two_factor_expired');
    expect(errorKey(await post(flow, E.secondStepOptions.path, {}))).toBe('login_two_factor_expired');
    // A sign-in that owes nothing has no passkey step.
    const plain = await startAuthorization(t.app);
    expect(errorKey(await post(plain, E.secondStepOptions.path, {}))).toBe('login_two_factor_expired');

    // Two-step on: the authenticator stays preselected, the passkey next.
    await db().insert(userTwoFactor).values({ userId: mai.id, enabled: true, secret: 'not-asked' });
    const second = await password('passkey-step3-other@example.com');
    expect(second.answer.twoFactorTypes?.slice(0, 3).map((type) => type.type)).toEqual([
      'authenticator',
      'passkey',
      'email',
    ]);
  });

  it("gives the account pages' whole step-up proof with the account's own passkey, for that sign-in only", async () => {
    const lan = await signedInUser(t, { email: 'passkey-stepup@example.com', steppedUp: true });
    const key = await addPasskey(lan);
    const mai = await signedInUser(t, { email: 'passkey-stepup-other@example.com', steppedUp: true });
    const maiKey = await addPasskey(mai);
    // A new sign-in of Lan's: no proof yet, and the passkey is offered.
    const { tokens } = await signInWithPassword(t.app, {
      username: 'passkey-stepup@example.com',
      password: TEST_PASSWORD,
    });
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { host: 'localhost:3000', ...bearer(tokens.access_token) }, payload });
    expect(resultOf(await call('GET', stepUpEndpoints.status.path))).toMatchObject({ proven: false, passkey: true });
    expect(errorKey(await call('POST', E.registrationOptions.path), 403)).toBe('step_up_required');
    const challenge = async () =>
      resultOf<{ options: { allowCredentials?: { id: string }[] } & Record<string, unknown> }>(
        await call('POST', E.stepUpOptions.path),
      ).options;
    const options = await challenge();
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    // Another account's passkey, another origin, a malformed answer: refused.
    expect(errorKey(await call('POST', E.stepUp.path, { response: authenticator.get(options, maiKey.id) }))).toBe(
      'passkey_failed',
    );
    const phished = authenticator.get(await challenge(), key.id, { origin: 'https://evil.example' });
    expect(errorKey(await call('POST', E.stepUp.path, { response: phished }))).toBe('passkey_failed');
    expect((await call('POST', E.stepUp.path, { response: { id: '\u0000' } })).statusCode).toBe(400);
    // A challenge of this sign-in answered from Lan's other sign-in: refused (the proof is per sign-in).
    const elsewhere = authenticator.get(await challenge(), key.id);
    expect(errorKey(await lan.call('POST', E.stepUp.path, { response: elsewhere }))).toBe('passkey_failed');
    const response = authenticator.get(await challenge(), key.id);
    expect(resultOf(await call('POST', E.stepUp.path, { response }))).toMatchObject({ proven: true, next: null });
    expect((await call('POST', E.registrationOptions.path)).statusCode).toBe(200);
    // The answer is used once.
    expect(errorKey(await call('POST', E.stepUp.path, { response }))).toBe('passkey_failed');
    // Without a passkey there is no challenge to ask for.
    const nobody = await signedInUser(t, { email: 'passkey-stepup-none@example.com' });
    expect(errorKey(await nobody.call('POST', E.stepUpOptions.path), 404)).toBe('not_found');
    expect(resultOf(await nobody.call('GET', stepUpEndpoints.status.path))).toMatchObject({ passkey: false });
  });

  it('another person reaches none of them; the last way in cannot be removed', async () => {
    const lan = await signedInUser(t, { email: 'passkey-own@example.com', steppedUp: true });
    const key = await addPasskey(lan);
    const mai = await signedInUser(t, { email: 'passkey-other@example.com', steppedUp: true });
    expect(resultOf<Passkey[]>(await mai.call('GET', E.list.path))).toEqual([]);
    expect(errorKey(await mai.call('PUT', fillPath(E.rename.path, { id: key.id }), { name: 'Mine' }), 404)).toBe(
      'not_found',
    );
    expect(errorKey(await mai.call('POST', fillPath(E.remove.path, { id: key.id })), 404)).toBe('not_found');
    const list = await lan.call('GET', E.list.path);
    expect(list.headers['cache-control']).toContain('no-store');

    // Renamed by its owner.
    const renamed = resultOf<Passkey>(await lan.call('PUT', fillPath(E.rename.path, { id: key.id }), { name: 'Work' }));
    expect(renamed.name).toBe('Work');
    // A key with a long id (a security key may make up to 1023 bytes) is renamed and removed too.
    const { options } = resultOf<{ options: Record<string, unknown> }>(
      await lan.call('POST', E.registrationOptions.path),
    );
    const long = resultOf<Passkey>(
      await lan.call('POST', E.register.path, {
        name: 'Key',
        response: authenticator.create(options, { idBytes: 512 }),
      }),
    );
    expect(long.id.length).toBeGreaterThan(600);
    expect(
      resultOf<Passkey>(await lan.call('PUT', fillPath(E.rename.path, { id: long.id }), { name: 'Yubi' })).name,
    ).toBe('Yubi');
    expect(resultOf(await lan.call('POST', fillPath(E.remove.path, { id: long.id })))).toBe(true);
    // The e-mail no longer signs in: the passkey is the last way in, and stays.
    await db().update(userContacts).set({ allowLogin: false }).where(eq(userContacts.userId, lan.id));
    expect(errorKey(await lan.call('POST', fillPath(E.remove.path, { id: key.id })))).toBe('error_unlink_last_way');
    await db().update(userContacts).set({ allowLogin: true }).where(eq(userContacts.userId, lan.id));
    expect(resultOf(await lan.call('POST', fillPath(E.remove.path, { id: key.id })))).toBe(true);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, lan.id))).toEqual([]);
    // A removed passkey signs nobody in.
    expect(errorKey((await passkeySignIn(key.id)).res)).toBe('passkey_failed');
    // The login call keeps its own path (the auth contract) apart from these.
    expect(authEndpoints.login.path).not.toBe(E.signIn.path);
  });
});
