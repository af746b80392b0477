import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { accountEndpoints, authEndpoints, fillPath } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';
import {
  bearer,
  CookieJar,
  codeOf,
  exchangeCode,
  type Flow,
  followRedirects,
  postJson,
  startAuthorization,
} from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

const PARTNER = {
  clientId: 'partner',
  clientSecret: 'partner-secret-partner-secret-partner',
  redirectUri: 'http://127.0.0.1:4001/cb',
};

describe('interactions and consent', () => {
  let t: TestApp;
  const clientsFile = path.join(os.tmpdir(), `portico-consent-clients-${process.pid}.json`);
  beforeAll(async () => {
    await writeFile(
      clientsFile,
      JSON.stringify([
        {
          client_id: PARTNER.clientId,
          client_secret: PARTNER.clientSecret,
          client_name: 'Partner School',
          logo_uri: 'https://partner.example/logo.png',
          redirect_uris: [PARTNER.redirectUri],
        },
      ]),
    );
    t = await createTestApp({ OIDC_CLIENTS_FILE: clientsFile });
    await createUser(t.deps.database.db, { email: 'cara@example.com' });
  });
  afterAll(() => t.close());

  const details = async (uid: string) =>
    (await t.app.inject(fillPath(authEndpoints.interaction.path, { uid: uid }))).json();

  /** Signs in to the partner in a browser; answers the flow, now at the consent interaction. */
  async function signInToPartner(jar = new CookieJar()): Promise<{ flow: Flow; location: string }> {
    const flow = await startAuthorization(t.app, {
      ...PARTNER,
      jar,
      scope: 'openid email',
      params: { login_hint: 'cara@example.com' },
    });
    expect(await details(flow.uid)).toEqual({
      result: {
        uid: flow.uid,
        prompt: 'login',
        client: {
          clientId: 'partner',
          clientName: 'Partner School',
          logoUri: 'https://partner.example/logo.png',
          firstParty: false,
        },
        // A client of no block: the portal's own banner (contracts/src/branding.ts).
        brand: {
          'vi-VN': { banner: { name: 'Portico', logo: null } },
          'en-US': { banner: { name: 'Portico', logo: null } },
        },
        scopes: ['openid', 'email'],
        loginHint: 'cara@example.com',
      },
    });
    const login = await postJson(t.app, authEndpoints.login.path, {
      username: 'cara@example.com',
      password: TEST_PASSWORD,
      returnUrl: flow.returnUrl,
    });
    const location = await followRedirects(t.app, flow, login.json().result.redirectUrl);
    return { flow, location };
  }

  it('describes the portal interaction as first-party', async () => {
    const flow = await startAuthorization(t.app);
    expect((await details(flow.uid)).result.client).toMatchObject({ clientId: 'portal', firstParty: true });
    expect((await details('unknown-uid-123')).exception.message).toBe('login_session_expired');
  });

  it('asks a third-party client for consent after sign-in; approval from the same browser completes the flow', async () => {
    const { flow, location } = await signInToPartner();
    expect(location).toMatch(/^\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
    expect((await details(flow.uid)).result).toMatchObject({ prompt: 'consent', scopes: ['openid', 'email'] });

    // Without the browser's provider session cookie the answer is refused.
    const stranger = await postJson(t.app, fillPath(authEndpoints.consent.path, { uid: flow.uid }), { approve: true });
    expect(stranger.statusCode).toBe(403);
    const other = await postJson(
      t.app,
      fillPath(authEndpoints.consent.path, { uid: flow.uid }),
      { approve: true },
      { cookie: '_session=forged' },
    );
    expect(other.statusCode).toBe(403);

    const approved = await postJson(
      t.app,
      fillPath(authEndpoints.consent.path, { uid: flow.uid }),
      { approve: true },
      {
        cookie: flow.jar.header('/api/account/interaction'),
      },
    );
    expect(approved.statusCode).toBe(200);
    const final = await followRedirects(t.app, flow, approved.json().result.redirectUrl);
    expect(final).toMatch(/^http:\/\/127\.0\.0\.1:4001\/cb\?code=/);
    const tokens = await exchangeCode(t.app, flow, codeOf(final));
    // The partner's token is for the partner, never for the account area.
    expect(
      (await t.app.inject({ url: accountEndpoints.me.path, headers: bearer(tokens.access_token) })).statusCode,
    ).toBe(401);

    // Consent once given is remembered: signing in again in a new browser needs no consent screen.
    const again = await signInToPartner();
    expect(again.location).toMatch(/^http:\/\/127\.0\.0\.1:4001\/cb\?code=/);
  });

  it('sends access_denied to the client when the user declines or cancels', async () => {
    const other = await createUser(t.deps.database.db, { email: 'dina@example.com' });
    const flow = await startAuthorization(t.app, { ...PARTNER, scope: 'openid profile' });
    const login = await postJson(t.app, authEndpoints.login.path, {
      username: 'dina@example.com',
      password: TEST_PASSWORD,
      returnUrl: flow.returnUrl,
    });
    expect(login.json().result.userId).toBe(other.id);
    await followRedirects(t.app, flow, login.json().result.redirectUrl);
    const declined = await postJson(
      t.app,
      fillPath(authEndpoints.consent.path, { uid: flow.uid }),
      { approve: false },
      {
        cookie: flow.jar.header('/api/account/interaction'),
      },
    );
    const final = await followRedirects(t.app, flow, declined.json().result.redirectUrl);
    expect(new URL(final).searchParams.get('error')).toBe('access_denied');

    const cancelled = await startAuthorization(t.app, PARTNER);
    const abortUrl = fillPath(authEndpoints.abort.path, { uid: cancelled.uid });
    // Another browser (no binding cookie, or one bound to its own interaction) cannot cancel it.
    const elsewhere = await startAuthorization(t.app, PARTNER);
    for (const cookie of ['', elsewhere.jar.header(abortUrl)]) {
      const stranger = await postJson(t.app, abortUrl, {}, { cookie });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().exception.message).toBe('login_session_expired');
    }
    const abort = await postJson(t.app, abortUrl, {}, { cookie: cancelled.jar.header(abortUrl) });
    const end = await followRedirects(t.app, cancelled, abort.json().result.redirectUrl);
    expect(new URL(end).searchParams.get('error')).toBe('access_denied');
  });

  it('refuses a consent answer for an interaction that is still at the login step', async () => {
    const flow = await startAuthorization(t.app, PARTNER);
    const res = await postJson(
      t.app,
      fillPath(authEndpoints.consent.path, { uid: flow.uid }),
      { approve: true },
      { cookie: flow.jar.header('/api') },
    );
    expect(res.json().exception.message).toBe('login_session_expired');
  });
});
