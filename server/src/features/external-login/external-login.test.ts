import {
  accountEndpoints,
  activityEndpoints,
  authEndpoints,
  externalLoginEndpoints as E,
  type LoginAnswer,
  profileEndpoints,
  stepUpEndpoints,
} from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userClaims, userContacts, users } from '../../db/schema.js';
import { errorKey, resultOf } from '../../testing/account.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { startFakeFacebook } from '../../testing/fake-facebook.js';
import { startFakeGoogle } from '../../testing/fake-google.js';
import { startFakeZalo } from '../../testing/fake-zalo.js';
import {
  bearer,
  browse,
  codeOf,
  exchangeCode,
  type Flow,
  finishSignIn,
  followRedirects,
  postJson,
  signInWithPassword,
  startAuthorization,
} from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

// Issue 25's API tests: sign-in through Google, Facebook and Zalo against local fakes of the three,
// the update-info step of a new account, the proof an existing account's e-mail asks for, links
// held by others, and every malformed, forged, foreign or stale proof refused with a 4xx.

const GOOGLE_CLIENT = 'portico-test.apps.googleusercontent.com';
const FACEBOOK = { appId: '4242', appSecret: 'fb-secret-0123456789', version: 'v21.0' };
const ZALO = { appId: '3131', appSecret: 'zalo-secret-0123456789' };
const HOST = { host: 'localhost:3000' };

describe('external sign-in', () => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  let facebook: Awaited<ReturnType<typeof startFakeFacebook>>;
  let zalo: Awaited<ReturnType<typeof startFakeZalo>>;

  beforeAll(async () => {
    [google, facebook, zalo] = await Promise.all([
      startFakeGoogle(GOOGLE_CLIENT),
      startFakeFacebook(FACEBOOK),
      startFakeZalo(ZALO),
    ]);
    t = await createTestApp({
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
      GOOGLE_ISSUER: google.issuer,
      GOOGLE_JWKS_URL: google.jwksUrl,
      FACEBOOK_APP_ID: FACEBOOK.appId,
      FACEBOOK_APP_SECRET: FACEBOOK.appSecret,
      FACEBOOK_SDK_VERSION: FACEBOOK.version,
      FACEBOOK_GRAPH_URL: facebook.graphUrl,
      ZALO_APP_ID: ZALO.appId,
      ZALO_APP_SECRET: ZALO.appSecret,
      ZALO_OAUTH_URL: zalo.oauthUrl,
      ZALO_GRAPH_URL: zalo.graphUrl,
      LOGIN_CAPTCHA_AFTER_FAILURES: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([google.close(), facebook.close(), zalo.close()]);
  });

  let n = 0;
  const unique = () => `${Date.now()}${++n}`;
  /** A password account with a confirmed e-mail that signs in. */
  const account = async (name: string) => {
    const email = `${name}.${unique()}@example.com`;
    return { ...(await createUser(t.deps.database.db, { email })), email };
  };

  /** A call of the login page: the browser keeps the cookies the answer sets. */
  const post = async (flow: Flow, url: string, body: Record<string, unknown>) => {
    const res = await postJson(t.app, url, { returnUrl: flow.returnUrl, ...body });
    flow.jar.store(res);
    return res;
  };
  const withGoogle = (flow: Flow, credential: string) => post(flow, E.login.path, { provider: 'google', credential });
  const passwordLogin = async (flow: Flow, username: string, password: string) =>
    answerOf(await post(flow, authEndpoints.login.path, { username, password }));
  const answerOf = (res: Awaited<ReturnType<typeof postJson>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return resultOf<LoginAnswer>(res);
  };
  /** Update-info: Update with the details, or Skip. */
  const details = (flow: Flow, body: Record<string, unknown>) => post(flow, E.details.path, body);
  const fullDetails = {
    firstName: 'Lan',
    lastName: 'Nguyễn',
    password: 'Lan@2026x',
    rePassword: 'Lan@2026x',
    birthdate: '2001-04-12',
    gender: 2,
  };
  const tokensAfter = async (flow: Flow, answer: LoginAnswer) => {
    expect(answer.isOk).toBe(true);
    return finishSignIn(t.app, flow, answer.redirectUrl);
  };

  it('lists the configured providers in the app settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app-settings' });
    expect(res.json().result.configs).toMatchObject({
      socialProviders: ['google', 'facebook', 'zalo'],
      googleClientId: GOOGLE_CLIENT,
      facebookAppId: FACEBOOK.appId,
      facebookSdkVersion: FACEBOOK.version,
    });
  });

  it('makes a new account from Google, asks update-info, then signs in with amr fed and idp Google', async () => {
    const id = unique();
    const email = `new.${id}@gmail.com`;
    const flow = await startAuthorization(t.app);
    const answer = answerOf(await withGoogle(flow, await google.sign({ sub: `g-${id}`, email })));
    expect(answer).toMatchObject({
      isOk: false,
      isRegister: true,
      userInfo: { username: email, firstName: 'Lan', lastName: 'Nguyễn' },
    });
    const userId = answer.userInfo!.id;
    // The account exists with its verified e-mail and the link; no password yet.
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.passwordHash).toBeNull();
    const contacts = await t.deps.database.db.select().from(userContacts).where(eq(userContacts.userId, userId));
    expect(contacts).toMatchObject([{ value: email, isConfirmed: true, isPrimary: true, allowLogin: true }]);

    // The page reloads: the pending step is still there.
    const pending = await browse(t.app, flow.jar, `${E.pending.path}?returnUrl=${encodeURIComponent(flow.returnUrl)}`);
    expect(pending.json().result).toMatchObject({ step: 'details', answer: { userInfo: { id: userId } } });

    // Update asks for the password pair (spec §5), a common one refused as at register, then finishes the sign-in.
    const missing = await details(flow, { ...fullDetails, password: '', rePassword: '' });
    expect(missing.statusCode).toBe(400);
    expect(errorKey(missing)).toBe('error_password_empty');
    const common = await details(flow, { ...fullDetails, password: 'Password1!', rePassword: 'Password1!' });
    expect(errorKey(common)).toBe('error_password_common');
    const tokens = await tokensAfter(flow, answerOf(await details(flow, fullDetails)));
    expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: userId, amr: ['fed'] });
    const me = await t.app.inject({
      method: 'GET',
      url: accountEndpoints.me.path,
      headers: bearer(tokens.access_token),
    });
    expect(me.json().result).toMatchObject({ sub: userId, idp: 'Google', email });
    // Personal answers are never stored, however the path is spelt.
    const spelt = await t.app.inject({ method: 'GET', url: '/api/%61ccount/me', headers: bearer(tokens.access_token) });
    expect(spelt.statusCode).toBe(200);
    expect(spelt.headers['cache-control']).toBe('no-store');
    // The step is used: a second Update is refused.
    expect(errorKey(await details(flow, fullDetails))).toBe('login_session_expired');

    // The password set on update-info signs in.
    const again = await startAuthorization(t.app);
    const signedIn = await passwordLogin(again, email, fullDetails.password);
    expect(signedIn.isOk).toBe(true);

    // And the same Google account signs in to the same account, without update-info.
    const next = await startAuthorization(t.app);
    const known = answerOf(await withGoogle(next, await google.sign({ sub: `g-${id}`, email })));
    expect(known).toMatchObject({ isOk: true, isRegister: false, userId });

    // The devices list and the activity log say how.
    const devices = await t.app.inject({
      method: 'GET',
      url: '/api/account/devices',
      headers: bearer(tokens.access_token),
    });
    expect(JSON.stringify(devices.json())).toContain('"signInMethod":"google"');
    const log = await t.app.inject({
      method: 'GET',
      url: activityEndpoints.list.path,
      headers: bearer(tokens.access_token),
    });
    expect(JSON.stringify(log.json())).toContain('Google');
  });

  it('Skip leaves the account with the provider names and no password', async () => {
    const id = unique();
    const flow = await startAuthorization(t.app);
    const answer = answerOf(
      await withGoogle(flow, await google.sign({ sub: `g-${id}`, email: `skip.${id}@gmail.com` })),
    );
    const done = answerOf(await details(flow, { skip: true }));
    expect(done.isOk).toBe(true);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, answer.userInfo!.id));
    expect(row).toMatchObject({ firstName: 'Lan', lastName: 'Nguyễn', passwordHash: null });
  });

  it('never links an existing account silently: its own sign-in in this interaction is the proof', async () => {
    const owner = await account('owner');
    const sub = `g-owner-${unique()}`;
    const flow = await startAuthorization(t.app);
    const answer = answerOf(await withGoogle(flow, await google.sign({ sub, email: owner.email })));
    expect(answer).toMatchObject({
      isOk: false,
      isRegister: false,
      linkProof: { provider: 'google', username: owner.email },
    });
    const linkOf = () =>
      t.deps.database.db
        .select()
        .from(userClaims)
        .where(and(eq(userClaims.userId, owner.id), eq(userClaims.claimType, 'google_link')));
    expect(await linkOf()).toEqual([]);
    // Nothing signs in on the provider's word alone.
    expect(answer.userId ?? null).toBeNull();

    // A wrong password proves nothing and links nothing.
    const wrong = await postJson(t.app, authEndpoints.login.path, {
      username: owner.email,
      password: 'Wrong@123',
      returnUrl: flow.returnUrl,
    });
    expect(wrong.statusCode).toBe(400);
    expect(await linkOf()).toEqual([]);

    // The account's own password in the same interaction links Google.
    const signedIn = await passwordLogin(flow, owner.email, TEST_PASSWORD);
    expect(signedIn.isOk).toBe(true);
    expect(await linkOf()).toMatchObject([{ claimValue: sub }]);
    // From now on Google signs in to it.
    const next = await startAuthorization(t.app);
    expect(answerOf(await withGoogle(next, await google.sign({ sub, email: owner.email })))).toMatchObject({
      isOk: true,
      userId: owner.id,
    });
  });

  it('a proof of another account in that interaction links nothing', async () => {
    const owner = await account('owner2');
    const other = await account('other');
    const flow = await startAuthorization(t.app);
    await withGoogle(flow, await google.sign({ sub: `g-x-${unique()}`, email: owner.email }));
    await passwordLogin(flow, other.email, TEST_PASSWORD);
    const links = await t.deps.database.db.select().from(userClaims).where(eq(userClaims.claimType, 'google_link'));
    expect(links.filter((l) => l.userId === owner.id || l.userId === other.id)).toEqual([]);
  });

  it('refuses a wrong audience, a forged signature, an unknown issuer, an expired token, and no token at all', async () => {
    const flow = await startAuthorization(t.app);
    const now = Math.floor(Date.now() / 1000);
    for (const credential of [
      await google.sign({ aud: 'someone-else.apps.googleusercontent.com' }),
      await google.sign({}, { key: await google.forgerKey() }),
      await google.sign({ iss: 'https://evil.example.com' }),
      await google.sign({ iat: now - 7200, exp: now - 120 }),
      'not.a.token',
      '',
    ]) {
      const res = await withGoogle(flow, credential);
      expect(res.statusCode, credential).toBe(400);
      expect(errorKey(res)).toBe('login_invalid_external_info');
    }
    // A good token is spent once: a leaked one replays nothing.
    const good = await google.sign({ sub: `g-once-${unique()}`, email: `once.${unique()}@gmail.com` });
    expect(answerOf(await withGoogle(flow, good)).isRegister).toBe(true);
    const second = await startAuthorization(t.app);
    expect(errorKey(await withGoogle(second, good))).toBe('login_invalid_external_info');
    const none = await postJson(t.app, E.login.path, { provider: 'google', returnUrl: flow.returnUrl });
    expect(errorKey(none)).toBe('login_invalid_external_info');
    const unknown = await postJson(t.app, E.login.path, { provider: 'myspace', returnUrl: flow.returnUrl });
    expect(unknown.statusCode).toBe(400);
  });

  it('asks a browser that did not open the sign-in to start again', async () => {
    const flow = await startAuthorization(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: E.login.path,
      headers: { ...HOST, 'content-type': 'application/json' },
      payload: {
        provider: 'google',
        credential: await google.sign({ sub: `g-${unique()}` }),
        returnUrl: flow.returnUrl,
      },
    });
    expect(errorKey(res)).toBe('login_session_expired');
  });

  it('Facebook: debug_token must say valid, this app and this person; then me', async () => {
    const id = unique();
    const person = {
      id: `fb-${id}`,
      name: 'Minh Trần',
      first_name: 'Minh',
      last_name: 'Trần',
      email: `fb.${id}@example.com`,
    };
    const flow = await startAuthorization(t.app);
    const withFacebook = (accessToken: string, userId: string) =>
      post(flow, E.login.path, { provider: 'facebook', accessToken, userId });
    // Another app's token for the same person, a token Facebook says is invalid, a mismatched id, a made-up token.
    for (const [token, userId] of [
      [facebook.issue(person, { appId: '999' }), person.id],
      [facebook.issue(person, { valid: false }), person.id],
      [facebook.issue(person), 'fb-someone-else'],
      ['EAAmadeup', person.id],
    ] as const) {
      expect(errorKey(await withFacebook(token, userId))).toBe('login_invalid_external_info');
    }
    const answer = answerOf(await withFacebook(facebook.issue(person), person.id));
    expect(answer).toMatchObject({
      isRegister: true,
      userInfo: { username: person.email, firstName: 'Minh', lastName: 'Trần' },
    });
    const tokens = await tokensAfter(flow, answerOf(await details(flow, { skip: true })));
    expect(decodeJwt(tokens.id_token).amr).toEqual(['fed']);
    const me = await t.app.inject({
      method: 'GET',
      url: accountEndpoints.me.path,
      headers: bearer(tokens.access_token),
    });
    expect(me.json().result.idp).toBe('Facebook');
    // Facebook vouches for no address: it waits for its own code, and is no sign-in name meanwhile.
    const contacts = await t.deps.database.db
      .select()
      .from(userContacts)
      .where(eq(userContacts.userId, answer.userInfo!.id));
    expect(contacts).toMatchObject([{ value: person.email, isConfirmed: false, isPrimary: false }]);

    // So a Facebook e-mail equal to an account's is not that account's: no link, no word of it.
    const owner = await account('fbowner');
    const other = { id: `fb-o-${id}`, name: 'Kẻ Giả', email: owner.email };
    const next = await startAuthorization(t.app);
    const withOther = answerOf(
      await post(next, E.login.path, { provider: 'facebook', accessToken: facebook.issue(other), userId: other.id }),
    );
    expect(withOther).toMatchObject({ isRegister: true });
    expect(withOther.linkProof).toBeUndefined();
    expect(withOther.userInfo!.id).not.toBe(owner.id);
  });

  /** Starts Zalo for the flow's sign-in; answers the callback address Zalo sends the browser to. */
  async function throughZalo(flow: Flow) {
    const start = await post(flow, E.zaloStart.path, {});
    expect(start.statusCode, start.body).toBe(200);
    const url = new URL(resultOf<{ url: string }>(start).url);
    expect(url.searchParams.get('app_id')).toBe(ZALO.appId);
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    const approved = await fetch(url, { redirect: 'manual' });
    return new URL(approved.headers.get('location') ?? '');
  }

  it('Zalo: code with PKCE, the state bound to the browser; a new person has no e-mail', async () => {
    const id = unique();
    zalo.signInAs({ id: `z-${id}`, name: 'Trần Minh Khoa' });
    const flow = await startAuthorization(t.app);
    const back = await throughZalo(flow);
    expect(back.pathname).toBe(E.zaloCallback.path);

    // Another browser (no cookie) lands on the in-app browser help, a changed state is refused:
    // neither signs in nor uses anything up.
    const foreign = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: HOST });
    expect(foreign.statusCode).toBe(303);
    expect(foreign.headers.location).toBe('/error/external-login');
    expect(foreign.headers['set-cookie']).toBeUndefined();
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    expect((await browse(t.app, flow.jar, `${forged.pathname}${forged.search}`)).statusCode).toBe(400);

    const landed = await browse(t.app, flow.jar, `${back.pathname}${back.search}`);
    expect(landed.statusCode).toBe(303);
    expect(String(landed.headers.location)).toContain('external=zalo');
    // Used once: the cookie is gone with it, and nothing happens again.
    const replay = await browse(t.app, flow.jar, `${back.pathname}${back.search}`);
    expect(replay.headers.location).toBe('/error/external-login');
    const withCookie = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { ...HOST, cookie: `portico_zalo=${'x'.repeat(43)}` },
    });
    expect(withCookie.statusCode).toBe(400);

    const pending = await browse(t.app, flow.jar, `${E.pending.path}?returnUrl=${encodeURIComponent(flow.returnUrl)}`);
    const answer = pending.json().result.answer as LoginAnswer;
    expect(answer.userInfo).toMatchObject({ username: '', firstName: 'Khoa', lastName: 'Trần Minh' });
    const tokens = await tokensAfter(flow, answerOf(await details(flow, fullDetails)));
    const me = await t.app.inject({
      method: 'GET',
      url: accountEndpoints.me.path,
      headers: bearer(tokens.access_token),
    });
    expect(me.json().result).toMatchObject({ idp: 'Zalo', email: null });

    // The same Zalo person signs in straight to the relying party next time.
    const next = await startAuthorization(t.app);
    const again = await throughZalo(next);
    const done = await browse(t.app, next.jar, `${again.pathname}${again.search}`);
    const location = await followRedirects(t.app, next, String(done.headers.location));
    expect(codeOf(location)).toBeTruthy();
    expect(decodeJwt((await exchangeCode(t.app, next, codeOf(location))).id_token).sub).toBe(answer.userInfo!.id);
  });

  it('Zalo: a refusal at Zalo goes back to the login page with the message', async () => {
    zalo.signInAs(null);
    const flow = await startAuthorization(t.app);
    const back = await throughZalo(flow);
    const landed = await browse(t.app, flow.jar, `${back.pathname}${back.search}`);
    expect(String(landed.headers.location)).toContain('externalError=login_invalid_external_info');
  });

  describe('links from the personal-info page', () => {
    /** A signed-in password user with the step-up proof given. */
    async function signedIn() {
      const user = await account('linker');
      const { tokens } = await signInWithPassword(t.app, { username: user.email, password: TEST_PASSWORD });
      const auth = bearer(tokens.access_token);
      const proof = await t.app.inject({
        method: 'POST',
        url: stepUpEndpoints.verify.path,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: { method: 'password', value: TEST_PASSWORD },
      });
      expect(proof.statusCode, proof.body).toBe(200);
      return { user, auth };
    }
    const link = (auth: Record<string, string>, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: E.link.path,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: body as object,
      });

    it('needs the step-up proof, links, refuses a provider account held by another user, and unlinks', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const sub = `g-link-${unique()}`;
      const credential = await google.sign({ sub, email: `someone.${unique()}@gmail.com` });

      const linked = await link(a.auth, { provider: 'google', credential });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json().result).toMatchObject({ claimType: 'google_link', claimValue: sub });

      const taken = await link(b.auth, { provider: 'google', credential: await google.sign({ sub }) });
      expect(taken.statusCode).toBe(409);
      expect(errorKey(taken, 409)).toBe('error_linking_by_other_user');
      expect(errorKey(await link(b.auth, { provider: 'google', credential: 'forged' }))).toBe(
        'login_invalid_external_info',
      );

      // B cannot remove A's link; A can.
      const claimId = linked.json().result.id;
      const cancel = (auth: Record<string, string>) =>
        t.app.inject({
          method: 'PUT',
          url: profileEndpoints.cancelLinking.path,
          headers: { ...auth, 'content-type': 'application/json' },
          payload: { claimId, providerName: 'Google' },
        });
      expect((await cancel(b.auth)).statusCode).toBe(404);
      expect((await cancel(a.auth)).statusCode).toBe(200);
      // Free again: B may link it now.
      expect((await link(b.auth, { provider: 'google', credential: await google.sign({ sub }) })).statusCode).toBe(200);
    });

    it('a token without the step-up proof links nothing', async () => {
      const user = await account('noproof');
      const { tokens } = await signInWithPassword(t.app, { username: user.email, password: TEST_PASSWORD });
      const res = await link(bearer(tokens.access_token), {
        provider: 'google',
        credential: await google.sign({ sub: `g-${unique()}` }),
      });
      expect(errorKey(res, 403)).toBe('step_up_required');
    });

    it('links Zalo through its callback and sends the browser back to the info page', async () => {
      const a = await signedIn();
      zalo.signInAs({ id: `z-link-${unique()}`, name: 'Lê Hoa' });
      const start = await t.app.inject({ method: 'POST', url: E.linkZaloStart.path, headers: { ...a.auth, ...HOST } });
      expect(start.statusCode, start.body).toBe(200);
      const cookie = String(start.headers['set-cookie']).split(';')[0]!;
      const approved = await fetch(resultOf<{ url: string }>(start).url, { redirect: 'manual' });
      const back = new URL(approved.headers.get('location') ?? '');
      const landed = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { ...HOST, cookie },
      });
      expect(String(landed.headers.location)).toMatch(/\/account\/info\?linked=zalo$/);
      const info = await t.app.inject({ method: 'GET', url: profileEndpoints.get.path, headers: a.auth });
      expect(JSON.stringify(info.json().result.userClaims)).toContain('zalo_link');
    });

    it('links no Zalo account once the sign-in that started it has ended', async () => {
      const a = await signedIn();
      zalo.signInAs({ id: `z-late-${unique()}`, name: 'Kẻ Lạ' });
      const start = await t.app.inject({ method: 'POST', url: E.linkZaloStart.path, headers: { ...a.auth, ...HOST } });
      const cookie = String(start.headers['set-cookie']).split(';')[0]!;
      // The owner signs out everywhere (their sessions end) before Zalo's page is answered.
      const out = await t.app.inject({ method: 'POST', url: accountEndpoints.logoutAll.path, headers: a.auth });
      expect(out.statusCode).toBe(200);
      const approved = await fetch(resultOf<{ url: string }>(start).url, { redirect: 'manual' });
      const back = new URL(approved.headers.get('location') ?? '');
      const landed = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { ...HOST, cookie },
      });
      expect(String(landed.headers.location)).toMatch(/linkError=step_up_required$/);
      const links = await t.deps.database.db
        .select()
        .from(userClaims)
        .where(and(eq(userClaims.userId, a.user.id), eq(userClaims.claimType, 'zalo_link')));
      expect(links).toEqual([]);
    });

    /** A Zalo sign-up (no e-mail); `details` fills update-info, else Skip. Answers the bearer header and the user id. */
    async function zaloAccount(withDetails: boolean) {
      zalo.signInAs({ id: `z-only-${unique()}`, name: 'Phạm An' });
      const flow = await startAuthorization(t.app);
      const back = await throughZalo(flow);
      await browse(t.app, flow.jar, `${back.pathname}${back.search}`);
      const tokens = await tokensAfter(flow, answerOf(await details(flow, withDetails ? fullDetails : { skip: true })));
      const auth = bearer(tokens.access_token);
      // With a password it proves itself with it; without, its fresh Zalo sign-in is the proof.
      if (withDetails)
        await t.app.inject({
          method: 'POST',
          url: stepUpEndpoints.verify.path,
          headers: { ...auth, 'content-type': 'application/json' },
          payload: { method: 'password', value: fullDetails.password },
        });
      const claims = async () => {
        const info = await t.app.inject({ method: 'GET', url: profileEndpoints.get.path, headers: auth });
        return info.json().result.userClaims as { id: number; claimType: string }[];
      };
      const unlink = async (providerName: string, claimType: string) =>
        t.app.inject({
          method: 'PUT',
          url: profileEndpoints.cancelLinking.path,
          headers: { ...auth, 'content-type': 'application/json' },
          payload: { claimId: (await claims()).find((c) => c.claimType === claimType)!.id, providerName },
        });
      return { auth, claims, unlink };
    }

    it('refuses to unlink the only way into an account, a password without an e-mail or phone included', async () => {
      for (const withDetails of [false, true]) {
        const account = await zaloAccount(withDetails);
        // With a password but no e-mail or phone there is no name to type it with.
        expect(errorKey(await account.unlink('Zalo', 'zalo_link'))).toBe('error_unlink_last_way');
      }
    });

    it('a Zalo account with no password and no address proves itself by its fresh Zalo sign-in: it links Google, then may drop Zalo', async () => {
      const account = await zaloAccount(false);
      const sub = `g-fresh-${unique()}`;
      const linked = await link(account.auth, { provider: 'google', credential: await google.sign({ sub }) });
      expect(linked.statusCode, linked.body).toBe(200);
      const status = await t.app.inject({ method: 'GET', url: stepUpEndpoints.status.path, headers: account.auth });
      expect(status.json().result).toMatchObject({ proven: true });
      expect((await account.unlink('Zalo', 'zalo_link')).statusCode).toBe(200);
      expect(errorKey(await account.unlink('Google', 'google_link'))).toBe('error_unlink_last_way');
    });
  });
});
