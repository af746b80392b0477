import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';

describe('OpenID Connect discovery', () => {
  let t: TestApp;
  const clientsFile = path.join(os.tmpdir(), `portico-clients-${process.pid}.json`);
  beforeAll(async () => {
    await writeFile(
      clientsFile,
      JSON.stringify([
        {
          client_id: 'shop',
          client_secret: 'shop-secret-shop-secret-shop-secret',
          redirect_uris: ['http://127.0.0.1:4000/cb'],
          grant_types: ['authorization_code', 'refresh_token'],
        },
      ]),
    );
    t = await createTestApp({ OIDC_CLIENTS_FILE: clientsFile });
  });
  afterAll(() => t.close());

  it('advertises the code flow with PKCE S256, the scopes, end-session, revocation and userinfo', async () => {
    const res = await t.app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe('http://localhost:3000/oidc');
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    expect(doc.end_session_endpoint).toBe('http://localhost:3000/oidc/session/end');
    expect(doc.revocation_endpoint).toBeTypeOf('string');
    expect(doc.userinfo_endpoint).toBeTypeOf('string');
    expect(doc.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
  });

  it('publishes the signing keys without their private parts', async () => {
    const { keys } = (await t.app.inject('/oidc/jwks')).json();
    // RS256 first (every client's default), ES256 and EdDSA beside it (server/src/config/secrets.ts).
    expect(keys.map((k: { kty: string }) => k.kty)).toEqual(['RSA', 'EC', 'OKP']);
    for (const key of keys) expect(key.d).toBeUndefined();
  });

  it('knows the portal client and the clients of OIDC_CLIENTS_FILE', async () => {
    const portal = await t.app.oidc.Client.find('portal');
    expect(portal?.redirectUris).toContain('http://localhost:3000/callback');
    const shop = await t.app.oidc.Client.find('shop');
    expect(shop?.redirectUris).toEqual(['http://127.0.0.1:4000/cb']);
  });

  it('sends an authorization request to the login page, in English when ui_locales asks', async () => {
    const query = (extra: Record<string, string>) =>
      new URLSearchParams({
        client_id: 'portal',
        response_type: 'code',
        scope: 'openid',
        redirect_uri: 'http://localhost:3000/callback',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        ...extra,
      });
    const vi = await t.app.inject(`/oidc/auth?${query({})}`);
    expect(vi.statusCode).toBe(303);
    expect(vi.headers.location).toMatch(/^\/login\?ReturnUrl=%2Foidc%2Finteraction%2F/);
    const en = await t.app.inject(`/oidc/auth?${query({ ui_locales: 'en-US' })}`);
    expect(en.headers.location).toMatch(/^\/en-us\/login\?ReturnUrl=/);
  });

  it('refuses an authorization request without PKCE', async () => {
    const res = await t.app.inject(
      `/oidc/auth?${new URLSearchParams({ client_id: 'portal', response_type: 'code', scope: 'openid', redirect_uri: 'http://localhost:3000/callback' })}`,
    );
    // Errors go back to the client's redirect URI, as OAuth 2.0 requires.
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe('http://localhost:3000/callback');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });
});
