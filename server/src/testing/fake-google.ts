import { randomBytes } from 'node:crypto';
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
  // Who the next press of the fake button signs in as (the browser's Google account).
  let person: JWTPayload = {};
  const server = createServer(async (req, res) => {
    if (req.url === '/gsi/client') {
      res
        .writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
        .end(gsiScript(await sign(person)));
      return;
    }
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
      // Google's tokens carry a unique id; each one signed here is a new token.
      jti: randomBytes(16).toString('hex'),
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? key.kid, typ: 'JWT' })
      .sign(key.privateKey);
  };

  return {
    url,
    issuer,
    jwksUrl: `${url}/certs`,
    /** GOOGLE_SCRIPT_URL: a stand-in for Google Identity Services whose button hands over a token for `person`. */
    scriptUrl: `${url}/gsi/client`,
    /** The claims of the person the next loaded button signs in as (over the defaults). */
    signInAs(claims: JWTPayload) {
      person = claims;
    },
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

/**
 * The part of Google Identity Services the login page uses (`google.accounts.id.initialize` and
 * `renderButton`), its button handing the page's callback an ID token signed by the fake, as
 * Google's does (developers.google.com/identity/gsi/web/reference/js-reference).
 */
const gsiScript = (credential: string) => `(() => {
  let config = {};
  window.google = { accounts: { id: {
    initialize(options) { config = options; },
    renderButton(parent, options) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = options && options.text === 'continue_with' ? 'Continue with Google' : 'Sign in with Google';
      button.setAttribute('data-fake-google', 'button');
      button.onclick = () => config.callback({ credential: ${JSON.stringify(credential)}, select_by: 'btn' });
      parent.replaceChildren(button);
    },
    disableAutoSelect() {},
    cancel() {},
  } } };
})();`;
