import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { signInWithPassword } from '../testing/oidc-flow.js';
import { createUser } from '../testing/users.js';

// ES256 and EdDSA keys beside RS256 (server/src/config/secrets.ts, issue 27 point 3): a client
// chooses with id_token_signed_response_alg, the default stays RS256.
describe('ID token signing algorithms', () => {
  let t: TestApp;
  const file = path.join(os.tmpdir(), `portico-alg-clients-${process.pid}.json`);
  const client = (alg?: string) => ({
    client_id: `app-${alg ?? 'default'}`,
    client_secret: 'alg-secret-0123456789-0123456789-0123',
    redirect_uris: [`http://127.0.0.1:4200/${alg ?? 'default'}/cb`],
    grant_types: ['authorization_code'],
    first_party: true,
    ...(alg ? { id_token_signed_response_alg: alg } : {}),
  });
  beforeAll(async () => {
    await writeFile(file, JSON.stringify([client(), client('ES256'), client('EdDSA')]));
    t = await createTestApp({ OIDC_CLIENTS_FILE: file });
    await createUser(t.deps.database.db, { email: 'alg@example.com', password: 'Secret#123' });
  });
  afterAll(() => t.close());

  it('offers RS256, ES256 and EdDSA and publishes a key for each', async () => {
    const discovery = (await t.app.inject({ url: '/oidc/.well-known/openid-configuration' })).json();
    expect(discovery.id_token_signing_alg_values_supported).toEqual(
      expect.arrayContaining(['RS256', 'ES256', 'EdDSA']),
    );
    const jwks = (await t.app.inject({ url: '/oidc/jwks' })).json();
    expect(jwks.keys.map((k: { alg: string }) => k.alg)).toEqual(['RS256', 'ES256', 'EdDSA']);
  });

  it("signs each client's ID token with the algorithm it chose, verifiable with the published keys", async () => {
    const keys = createLocalJWKSet((await t.app.inject({ url: '/oidc/jwks' })).json());
    for (const [alg, expected] of [
      [undefined, 'RS256'],
      ['ES256', 'ES256'],
      ['EdDSA', 'EdDSA'],
    ] as const) {
      const c = client(alg);
      const { tokens } = await signInWithPassword(
        t.app,
        { username: 'alg@example.com', password: 'Secret#123' },
        { clientId: c.client_id, clientSecret: c.client_secret, redirectUri: c.redirect_uris[0] },
      );
      expect(decodeProtectedHeader(tokens.id_token).alg).toBe(expected);
      const { payload } = await jwtVerify(tokens.id_token, keys, { audience: c.client_id });
      expect(payload.sub).toBeTypeOf('string');
    }
  });
});
