import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeFacebookPerson = { id: string; name: string; first_name?: string; last_name?: string; email?: string };

/**
 * A local stand-in for Facebook (issue 25): the Graph API's `debug_token` and `me` as the server
 * calls them (the app token `APP_ID|APP_SECRET`, appsecret_proof), access tokens the test issues
 * (for this app or another), and a JavaScript SDK whose FB.login hands over the token of `person`.
 */
export async function startFakeFacebook(app: { appId: string; appSecret: string; version: string }) {
  const tokens = new Map<string, { appId: string; person: FakeFacebookPerson; valid: boolean }>();
  let next: FakeFacebookPerson | null = null;
  const issue = (person: FakeFacebookPerson, opts: { appId?: string; valid?: boolean } = {}) => {
    const token = `EAA${randomBytes(24).toString('hex')}`;
    tokens.set(token, { appId: opts.appId ?? app.appId, person, valid: opts.valid ?? true });
    return token;
  };
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams;
    if (url.pathname === '/sdk.js') {
      const token = next ? issue(next) : '';
      res
        .writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
        .end(sdkScript(token ? { accessToken: token, userID: next!.id } : null));
      return;
    }
    if (url.pathname === `/${app.version}/debug_token`) {
      if (q.get('access_token') !== `${app.appId}|${app.appSecret}`)
        return json(res, 400, { error: { message: 'Invalid OAuth access token', code: 190 } });
      const held = tokens.get(q.get('input_token') ?? '');
      if (!held) return json(res, 200, { data: { is_valid: false } });
      return json(res, 200, {
        data: { app_id: held.appId, type: 'USER', is_valid: held.valid, user_id: held.person.id, scopes: ['email'] },
      });
    }
    if (url.pathname === `/${app.version}/me`) {
      const token = q.get('access_token') ?? '';
      const held = tokens.get(token);
      const proof = createHmac('sha256', app.appSecret).update(token).digest('hex');
      if (!held || q.get('appsecret_proof') !== proof)
        return json(res, 400, { error: { message: 'Invalid OAuth access token', code: 190 } });
      return json(res, 200, held.person);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** FACEBOOK_GRAPH_URL and FACEBOOK_SDK_URL. */
    graphUrl: url,
    sdkUrl: `${url}/sdk.js`,
    issue,
    /** The person the next loaded SDK's FB.login signs in as (null: the person cancels). */
    signInAs(person: FakeFacebookPerson | null) {
      next = person;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** FB.init and FB.login as the login page uses them (developers.facebook.com/docs/javascript/reference). */
const sdkScript = (auth: { accessToken: string; userID: string } | null) => `(() => {
  const auth = ${JSON.stringify(auth)};
  window.FB = {
    init() {},
    login(callback) {
      setTimeout(() => callback(auth ? { status: 'connected', authResponse: auth } : { status: 'unknown', authResponse: null }), 0);
    },
  };
  if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit();
})();`;
