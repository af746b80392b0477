import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type ActivityPage,
  accountEndpoints,
  activityEndpoints,
  authEndpoints,
  fillPath,
  type TokenLoginIssueAnswer,
  tokenLoginEndpoints,
} from '@portico/contracts';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeLoginToken } from '../../modules/sign-in/index.js';
import { errorKey, resultOf } from '../../testing/account.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import {
  bearer,
  browse,
  CookieJar,
  codeOf,
  exchangeCode,
  type Flow,
  finishSignIn,
  followRedirects,
  postJson,
  signInWithPassword,
  startAuthorization,
  TEST_ORIGIN,
} from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';
import { createTokenLoginService } from './service.js';

const HOST = { host: 'localhost:3000' };
const secretOf = (id: string) => `${id}-secret-0123456789-0123456789`;
const redirectOf = (id: string) => `http://127.0.0.1:4200/${id}/cb`;
const client = (id: string, firstParty: boolean) => ({
  client_id: id,
  client_secret: secretOf(id),
  redirect_uris: [redirectOf(id)],
  grant_types: ['authorization_code', 'refresh_token'],
  first_party: firstParty,
});
const clientOptions = (id: string) => ({ clientId: id, clientSecret: secretOf(id), redirectUri: redirectOf(id) });

describe('token login', () => {
  let t: TestApp;
  const file = path.join(os.tmpdir(), `portico-token-login-clients-${process.pid}.json`);

  beforeAll(async () => {
    // app and other-app: first-party products; partner: a third-party relying party.
    await writeFile(file, JSON.stringify([client('app', true), client('other-app', true), client('partner', false)]));
    t = await createTestApp({ OIDC_CLIENTS_FILE: file, LOGIN_CAPTCHA_AFTER_FAILURES: '1000' });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  let n = 0;
  /** A user signed in to the app: their id and the app's access token. */
  const signedIn = async (scope = 'openid') => {
    const email = `token-login-${++n}@example.com`;
    const user = await createUser(t.deps.database.db, { email });
    const credentials = { username: email, password: TEST_PASSWORD };
    const { tokens } = await signInWithPassword(t.app, credentials, { ...clientOptions('app'), scope });
    return { ...user, accessToken: tokens.access_token };
  };

  /** A user signed in to the third-party partner, consent given: the partner's access token. */
  const signedInToPartner = async () => {
    const email = `token-login-${++n}@example.com`;
    await createUser(t.deps.database.db, { email });
    const flow = await startAuthorization(t.app, clientOptions('partner'));
    const login = await postJson(t.app, authEndpoints.login.path, {
      username: email,
      password: TEST_PASSWORD,
      returnUrl: flow.returnUrl,
    });
    await followRedirects(t.app, flow, resultOf<{ redirectUrl: string }>(login).redirectUrl);
    const consent = await postJson(
      t.app,
      fillPath(authEndpoints.consent.path, { uid: flow.uid }),
      { approve: true },
      { cookie: flow.jar.header('/api/account/interaction') },
    );
    return (await finishSignIn(t.app, flow, resultOf<{ redirectUrl: string }>(consent).redirectUrl)).access_token;
  };

  /**
   * Follows a sign-in answer like a browser. When the browser held another account's session, the
   * provider first ends it with a self-submitting form (oidc-provider resume.js), then resumes.
   */
  const resume = async (flow: Flow, redirectUrl: string): Promise<string> => {
    const res = await browse(t.app, flow.jar, redirectUrl);
    const form = /action="[^"]+\/session\/end\/confirm"[\s\S]*name="xsrf" value="([^"]+)"/.exec(res.body);
    if (!form?.[1]) {
      const location = String(res.headers.location ?? '');
      const atProvider = location.startsWith('/oidc/') || location.startsWith(`${TEST_ORIGIN}/oidc/`);
      return atProvider ? followRedirects(t.app, flow, location) : location;
    }
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      headers: {
        ...HOST,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: flow.jar.header('/oidc/session/end/confirm'),
      },
      payload: new URLSearchParams({ xsrf: form[1], logout: 'yes' }).toString(),
    });
    flow.jar.store(confirm);
    return followRedirects(t.app, flow, String(confirm.headers.location));
  };

  const issue = (accessToken: string) =>
    t.app.inject({ method: 'POST', url: tokenLoginEndpoints.issue.path, headers: { ...HOST, ...bearer(accessToken) } });
  const issueToken = async (accessToken: string) => resultOf<TokenLoginIssueAnswer>(await issue(accessToken)).token;

  /** A fresh browser starts the portal's sign-in the way the token-login page does (prompt=login consent). */
  const portalSignIn = (jar = new CookieJar(), clientId = 'portal') =>
    startAuthorization(t.app, {
      ...(clientId === 'portal' ? {} : clientOptions(clientId)),
      scope: 'openid profile email offline_access',
      params: { prompt: 'login consent' },
      jar,
    });
  const exchange = (token: string, returnUrl: string) =>
    postJson(t.app, tokenLoginEndpoints.exchange.path, { token, returnUrl });

  /** The whole page journey in one fresh browser: answers the ID token's claims. */
  const signInWithToken = async (token: string) => {
    const flow = await portalSignIn();
    const res = await exchange(token, flow.returnUrl);
    const location = await resume(flow, resultOf<{ redirectUrl: string }>(res).redirectUrl);
    const tokens = await exchangeCode(t.app, flow, codeOf(location));
    return { flow, claims: decodeJwt(tokens.id_token), tokens };
  };

  it('gives a first-party app a one-time token for its own user, 60 seconds, with the page URL', async () => {
    const alice = await signedIn();
    const answer = resultOf<TokenLoginIssueAnswer>(await issue(alice.accessToken));
    expect(answer.token).toMatch(/^[\w-]{43}$/);
    expect(answer.expiresIn).toBe(60);
    expect(answer.url).toBe(`${TEST_ORIGIN}/token-login?token=${answer.token}`);
    // Each call makes a new token.
    expect(await issueToken(alice.accessToken)).not.toBe(answer.token);
  });

  it('refuses to issue without a valid access token', async () => {
    expect(
      errorKey(await t.app.inject({ method: 'POST', url: tokenLoginEndpoints.issue.path, headers: HOST }), 401),
    ).toBe('unauthorized');
    expect(errorKey(await issue('not-a-token'), 401)).toBe('unauthorized');
  });

  it('signs a fresh browser in as the token user once: amr token, the activity entry and the sign-in event', async () => {
    const alice = await signedIn();
    const seen: { userId: string; method: string }[] = [];
    const unsubscribe = t.deps.events.subscribe('user.signedIn', ({ userId, method }) => {
      seen.push({ userId, method });
    });
    const token = await issueToken(alice.accessToken);
    const { claims, tokens } = await signInWithToken(token);
    unsubscribe();
    expect(claims.sub).toBe(alice.id);
    expect(claims.amr).toEqual(['token']);
    expect(seen).toEqual([{ userId: alice.id, method: 'token' }]);
    // The browser's own tokens work on the account API (the portal is first-party).
    const log = await t.app.inject({
      method: 'GET',
      url: activityEndpoints.list.path,
      headers: { ...HOST, ...bearer(tokens.access_token), 'accept-language': 'en-US' },
    });
    expect(resultOf<ActivityPage>(log).data[0]?.actionText).toMatch(
      /^Signed in with <strong>a sign-in link from an app<\/strong>/,
    );

    // The same token a second time, in another browser: refused.
    const again = await portalSignIn();
    expect(errorKey(await exchange(token, again.returnUrl))).toBe('token_login_invalid');
  });

  it('lets only one of two simultaneous exchanges of a token through', async () => {
    const alice = await signedIn();
    const token = await issueToken(alice.accessToken);
    const [a, b] = await Promise.all([portalSignIn(), portalSignIn()]);
    const answers = await Promise.all([exchange(token, a.returnUrl), exchange(token, b.returnUrl)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a token after its 60 seconds', async () => {
    const alice = await signedIn();
    const token = await issueToken(alice.accessToken);
    const flow = await portalSignIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(errorKey(await exchange(token, flow.returnUrl))).toBe('token_login_invalid');
  });

  it('refuses tokens that were never issued, and malformed ones with a message key', async () => {
    const flow = await portalSignIn();
    expect(errorKey(await exchange('A'.repeat(43), flow.returnUrl))).toBe('token_login_invalid');
    expect(errorKey(await exchange('short', flow.returnUrl))).toBe('token_login_invalid');
    const res = await postJson(t.app, tokenLoginEndpoints.exchange.path, { returnUrl: flow.returnUrl });
    expect(errorKey(res)).toBe('token_login_invalid');
  });

  it("refuses another client's use: a third client's sign-in, first- or third-party; the asking app's own is allowed", async () => {
    const alice = await signedIn();
    const other = await portalSignIn(new CookieJar(), 'other-app');
    const otherToken = await issueToken(alice.accessToken);
    expect(errorKey(await exchange(otherToken, other.returnUrl), 403)).toBe('token_login_wrong_client');
    // The refused attempt spent it.
    expect(errorKey(await exchange(otherToken, (await portalSignIn()).returnUrl))).toBe('token_login_invalid');

    const partner = await portalSignIn(new CookieJar(), 'partner');
    expect(errorKey(await exchange(await issueToken(alice.accessToken), partner.returnUrl), 403)).toBe(
      'token_login_wrong_client',
    );

    const own = await portalSignIn(new CookieJar(), 'app');
    const res = await exchange(await issueToken(alice.accessToken), own.returnUrl);
    const location = await followRedirects(t.app, own, resultOf<{ redirectUrl: string }>(res).redirectUrl);
    expect(location.startsWith(redirectOf('app'))).toBe(true);
  });

  it("spends a password reset's token on the portal's sign-in only, never a product's (issue 34 point 3)", async () => {
    const user = await createUser(t.deps.database.db, { email: `token-login-${++n}@example.com` });
    const resetToken = () => storeLoginToken(t.deps.kv, { kind: 'reset', userId: user.id, firstFactorByEmail: true });
    const app = await startAuthorization(t.app, clientOptions('app'));
    expect(errorKey(await exchange(await resetToken(), app.returnUrl), 403)).toBe('token_login_wrong_client');
    const { claims } = await signInWithToken(await resetToken());
    expect(claims).toMatchObject({ sub: user.id, amr: ['pwd'] });
  });

  it('refuses a third-party client: its access token cannot ask, and the rule holds in the service itself', async () => {
    expect(errorKey(await issue(await signedInToPartner()), 401)).toBe('unauthorized');

    const alice = await signedIn();
    const token = await t.app.oidc.AccessToken.find(alice.accessToken);
    const service = createTokenLoginService(t.deps, t.app.oidc);
    const user = { id: alice.id } as Parameters<typeof service.issue>[0]['user'];
    await expect(
      service.issue({
        user,
        primaryEmail: null,
        sessionUid: token?.sessionUid ?? null,
        grantId: null,
        signInMethod: null,
        clientId: 'partner',
      }),
    ).rejects.toMatchObject({ status: 403, messageKey: 'token_login_not_first_party' });
  });

  it("refuses a token when the app's session ended, and the ended session cannot ask for another", async () => {
    const alice = await signedIn();
    const token = await issueToken(alice.accessToken);
    const flow = await portalSignIn();
    // Alice signs out everywhere from the portal; her app's session ends with the others.
    const portal = await signInWithPassword(t.app, { username: alice.email ?? '', password: TEST_PASSWORD });
    const out = await t.app.inject({
      method: 'POST',
      url: accountEndpoints.logoutAll.path,
      headers: { ...HOST, ...bearer(portal.tokens.access_token) },
    });
    expect(out.statusCode).toBe(200);
    expect(errorKey(await exchange(token, flow.returnUrl))).toBe('token_login_session_ended');
    // Signing out everywhere revoked the app's tokens too.
    expect(errorKey(await issue(alice.accessToken), 401)).toBe('unauthorized');

    // An offline token outlives its session (oidc-provider binds only the others to it); once the
    // session has ended it cannot ask either.
    const cara = await signedIn('openid offline_access');
    const caraSession = (await t.app.oidc.AccessToken.find(cara.accessToken))?.sessionUid ?? '';
    await (await t.app.oidc.Session.findByUid(caraSession))?.destroy();
    expect(errorKey(await issue(cara.accessToken), 401)).toBe('token_login_session_ended');
  });

  it('binds the token to its own user: a second user gets only themselves, and one user ending sessions leaves the other', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const aliceToken = await issueToken(alice.accessToken);
    const bobToken = await issueToken(bob.accessToken);
    // Bob's browser, signed in as Bob, spends Alice's token: the browser becomes Alice's, not Bob's.
    const bobBrowser = (await signInWithToken(bobToken)).flow.jar;
    const flow = await portalSignIn(bobBrowser);
    const res = await exchange(aliceToken, flow.returnUrl);
    const location = await resume(flow, resultOf<{ redirectUrl: string }>(res).redirectUrl);
    expect(decodeJwt((await exchangeCode(t.app, flow, codeOf(location))).id_token).sub).toBe(alice.id);

    // Bob ends his sessions: his next token is refused, Alice's still works.
    const bobNext = await issueToken(bob.accessToken);
    const aliceNext = await issueToken(alice.accessToken);
    const session = await t.app.oidc.AccessToken.find(bob.accessToken);
    await (await t.app.oidc.Session.findByUid(session?.sessionUid ?? ''))?.destroy();
    expect(errorKey(await exchange(bobNext, (await portalSignIn()).returnUrl))).toBe('token_login_session_ended');
    expect((await signInWithToken(aliceNext)).claims.sub).toBe(alice.id);
  });

  it('refuses a sign-in this browser did not start, without spending the token', async () => {
    const alice = await signedIn();
    const token = await issueToken(alice.accessToken);
    const victim = await portalSignIn();
    // Another browser (no binding cookie) names the victim's interaction.
    const foreign = await t.app.inject({
      method: 'POST',
      url: tokenLoginEndpoints.exchange.path,
      headers: HOST,
      payload: { token, returnUrl: victim.returnUrl },
    });
    expect(errorKey(foreign)).toBe('login_session_expired');
    expect((await signInWithToken(token)).claims.sub).toBe(alice.id);
  });
});
