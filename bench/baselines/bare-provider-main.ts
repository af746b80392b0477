// A bare oidc-provider (the version the server uses), its in-memory adapter, no account lookup:
// the refresh-grant baseline. Started as its own process, like the server; prints one JSON line
// {"url", "refreshTokens"} once it listens, with one refresh token per virtual user.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { benchClientMetadata } from '../lib/server.js';

const count = Number(process.argv[2] ?? 16);
const port = Number(process.argv[3] ?? 0);
const scope = 'openid profile email offline_access';

// The same signing key kind as the server's (server/src/config/secrets.ts: RS256).
const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const jwk = { ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256', kid: randomBytes(8).toString('hex') };

const server = createServer();
await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const provider = new Provider(url, {
  clients: [benchClientMetadata()],
  jwks: { keys: [jwk] } as never,
  scopes: scope.split(' '),
  features: { devInteractions: { enabled: false } },
  rotateRefreshToken: true,
  pkce: { required: () => true },
  ttl: { AccessToken: 3600, IdToken: 3600, RefreshToken: 14 * 24 * 3600, Grant: 14 * 24 * 3600 },
  // No database: the account is its id.
  findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
});
server.on('request', provider.callback());

const client = await provider.Client.find(benchClientMetadata().client_id);
if (!client) throw new Error('bench client missing');
const refreshTokens: string[] = [];
for (let i = 0; i < count; i++) {
  const accountId = `bench-${i}`;
  const grant = new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(scope);
  const grantId = await grant.save();
  const token = new provider.RefreshToken({
    client,
    accountId,
    grantId,
    scope,
    gty: 'authorization_code',
    authTime: Math.floor(Date.now() / 1000),
  });
  refreshTokens.push(await token.save());
}
process.stdout.write(`${JSON.stringify({ url, refreshTokens })}\n`);
