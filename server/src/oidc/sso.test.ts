import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { codeOf, exchangeCode, signInWithPassword, startAuthorization } from '../testing/oidc-flow.js';
import { createUser } from '../testing/users.js';

describe('single sign-on between clients', () => {
  let t: TestApp;
  const file = path.join(os.tmpdir(), `portico-sso-clients-${process.pid}.json`);
  const client = (id: string, firstParty: boolean) => ({
    client_id: id,
    client_secret: `${id}-secret-0123456789-0123456789`,
    redirect_uris: [`http://127.0.0.1:4100/${id}/cb`],
    grant_types: ['authorization_code', 'refresh_token'],
    first_party: firstParty,
  });
  beforeAll(async () => {
    await writeFile(file, JSON.stringify([client('learn', true), client('partner', false)]));
    t = await createTestApp({ OIDC_CLIENTS_FILE: file });
    await createUser(t.deps.database.db, { email: 'sso@example.com', password: 'Secret#123' });
  });
  afterAll(() => t.close());

  it('puts the sign-in method and time in the ID token, and gives a second first-party client a code silently', async () => {
    const { flow, tokens } = await signInWithPassword(
      t.app,
      { username: 'sso@example.com', password: 'Secret#123' },
      { scope: 'openid email' },
    );
    const idToken = decodeJwt(tokens.id_token);
    expect(idToken.amr).toEqual(['pwd']);
    expect(idToken.auth_time).toBeTypeOf('number');
    expect(idToken.email).toBe('sso@example.com');

    const second = await startAuthorization(t.app, {
      clientId: 'learn',
      clientSecret: 'learn-secret-0123456789-0123456789',
      redirectUri: 'http://127.0.0.1:4100/learn/cb',
      scope: 'openid profile',
      jar: flow.jar,
    });
    // No login page: the browser goes straight back to the client with a code.
    expect(second.returnUrl).toBe('');
    expect(second.location).toMatch(/^http:\/\/127\.0\.0\.1:4100\/learn\/cb\?code=/);
    expect(codeOf(second.location)).toMatch(/[\w-]{20,}/);
  });

  it('widens a first-party grant silently when a client asks for more, and keeps it as it was otherwise', async () => {
    const { flow, tokens } = await signInWithPassword(
      t.app,
      { username: 'sso@example.com', password: 'Secret#123' },
      { scope: 'openid email' },
    );
    expect(tokens.scope).toBe('openid email');
    const again = async (scope: string) => {
      const next = await startAuthorization(t.app, { scope, jar: flow.jar });
      expect(next.returnUrl).toBe('');
      return exchangeCode(t.app, next, codeOf(next.location));
    };
    const same = await again('openid email');
    expect(same.scope).toBe('openid email');
    const wider = await again('openid email profile');
    expect(wider.scope.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(decodeJwt(wider.id_token).family_name).toBe('User');
  });

  it('asks for consent before a third-party client gets a code', async () => {
    const { flow } = await signInWithPassword(t.app, { username: 'sso@example.com', password: 'Secret#123' });
    const partner = await startAuthorization(t.app, {
      clientId: 'partner',
      clientSecret: 'partner-secret-0123456789-0123456789',
      redirectUri: 'http://127.0.0.1:4100/partner/cb',
      scope: 'openid email',
      jar: flow.jar,
    });
    expect(partner.uid).not.toBe('');
    const details = await t.app.inject(`/api/account/interaction/${partner.uid}`);
    expect(details.json().result).toMatchObject({
      prompt: 'consent',
      client: { clientId: 'partner', firstParty: false },
    });
  });
});
