import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';
import { preflight } from './preflight.js';

// server/src/main.ts runs preflight before opening the database: these mistakes stop the start.
async function configWith(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-preflight-'));
  return loadConfig({ DATA_DIR: dataDir, ...env });
}

async function clientsFile(clients: unknown) {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'portico-clients-')), 'clients.json');
  await writeFile(file, JSON.stringify(clients));
  return file;
}

describe('preflight', () => {
  it('accepts a good configuration and returns the portal client and the extra ones', async () => {
    const file = await clientsFile([
      { client_id: 'rp', client_secret: 's3cret', redirect_uris: ['https://rp.example.com/cb'] },
    ]);
    const { clients, secrets } = await preflight(await configWith({ OIDC_CLIENTS_FILE: file }));
    expect(clients.map((c) => c.client_id)).toEqual(['portal', 'rp']);
    expect(secrets.jwks.keys.map((k) => k.alg)).toEqual(['RS256', 'ES256', 'EdDSA']);
  });

  it('names the client whose metadata oidc-provider refuses', async () => {
    const file = await clientsFile([{ client_id: 'broken-rp', client_secret: 'x', redirect_uris: ['not a url'] }]);
    const run = preflight(await configWith({ OIDC_CLIENTS_FILE: file }));
    await expect(run).rejects.toThrow(ConfigError);
    await expect(run).rejects.toThrow(/OIDC_CLIENTS_FILE: client "broken-rp": redirect_uris/);
  });

  it('refuses a client listed twice', async () => {
    const c = { client_id: 'twice', client_secret: 's', redirect_uris: ['https://rp.example.com/cb'] };
    const file = await clientsFile([c, c]);
    await expect(preflight(await configWith({ OIDC_CLIENTS_FILE: file }))).rejects.toThrow(/"twice" is listed twice/);
  });

  it("keeps a product client to client_credentials and named product scopes, and a person's client to a person's scopes", async () => {
    const product = {
      client_id: 'lms',
      client_secret: 's3cret',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
    };
    const rp = { client_id: 'rp', client_secret: 's3cret', redirect_uris: ['https://rp.example.com/cb'] };
    const { clients } = await preflight(
      await configWith({
        OIDC_CLIENTS_FILE: await clientsFile([{ ...product, scope: 'kyc:review lookups:write' }, rp]),
      }),
    );
    expect(clients.map((c) => [c.client_id, c.scope])).toEqual([
      ['portal', 'openid profile email offline_access'],
      ['lms', 'kyc:review lookups:write'],
      ['rp', 'openid profile email offline_access'],
    ]);
    for (const [client, problem] of [
      [product, /"lms": a client_credentials client names its scopes/],
      [{ ...product, scope: 'openid kyc:review' }, /"lms": a client_credentials client names its scopes/],
      [
        { ...product, scope: 'kyc:review', grant_types: ['client_credentials', 'authorization_code'] },
        /takes no other grant type/,
      ],
      [{ ...product, scope: 'kyc:review', token_endpoint_auth_method: 'none' }, /must authenticate/],
      [{ ...rp, scope: 'openid kyc:review' }, /"rp": product scopes are for client_credentials clients only/],
      [{ ...product, client_id: 'user:42', scope: 'kyc:review' }, /a client_id may not begin with user:/],
    ] as const) {
      const run = preflight(await configWith({ OIDC_CLIENTS_FILE: await clientsFile([client]) }));
      await expect(run).rejects.toThrow(problem);
    }
  });

  it('names JWKS when the key set is not one the provider can sign with', async () => {
    const run = preflight(await configWith({ JWKS: JSON.stringify({ keys: [{ kty: 'RSA' }] }) }));
    await expect(run).rejects.toThrow(ConfigError);
    await expect(run).rejects.toThrow(/JWKS:/);
  });
});
