import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

type Key = { kid: string; privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey']; jwk: JWK };

const newKey = async (kid: string): Promise<Key> => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
};

/**
 * A local stand-in for Google's sign-in (issue 25): its key set at `${url}/certs` and ID tokens
 * signed with it, so the tests control keys, claims and times. `rotate()` publishes a new key;
 * `fetches` counts the key-set downloads.
 */
export async function startFakeGoogle(clientId: string) {
  const keys: Key[] = [await newKey('k1')];
  let fetches = 0;
  const server = createServer((req, res) => {
    if (req.url !== '/certs') {
      res.writeHead(404).end();
      return;
    }
    fetches += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: keys.map((k) => k.jwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = 'https://accounts.google.com';

  /** An ID token as Google signs it, with `claims` over the defaults and `key` a key of its own (a forger's). */
  const sign = async (claims: JWTPayload = {}, opts: { key?: Key; kid?: string } = {}) => {
    const key = opts.key ?? (keys.at(-1) as Key);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: issuer,
      aud: clientId,
      sub: '110169484474386276334',
      email: 'lan.nguyen@gmail.com',
      email_verified: true,
      name: 'Lan Nguyễn',
      given_name: 'Lan',
      family_name: 'Nguyễn',
      iat: now,
      exp: now + 3600,
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? key.kid, typ: 'JWT' })
      .sign(key.privateKey);
  };

  return {
    url,
    issuer,
    jwksUrl: `${url}/certs`,
    sign,
    /** A key the fake does not publish: what a forger would sign with. */
    forgerKey: () => newKey('k1'),
    async rotate() {
      keys.push(await newKey(`k${keys.length + 1}`));
    },
    get fetches() {
      return fetches;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
