import { createHash, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeZaloPerson = { id: string; name: string; picture?: string };

/**
 * A local stand-in for Zalo's OAuth v4 and Graph API (issue 25): the permission page approves at
 * once for `person` and sends the browser back with a code; the token endpoint checks the app's
 * secret key and the PKCE verifier against the challenge; `me` answers the person.
 */
export async function startFakeZalo(app: { appId: string; appSecret: string }) {
  const codes = new Map<string, { challenge: string; person: FakeZaloPerson; redirectUri: string }>();
  const tokens = new Map<string, FakeZaloPerson>();
  let person: FakeZaloPerson | null = { id: '5930452214367489215', name: 'Trần Minh Khoa' };
  const json = (res: ServerResponse, body: unknown) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/v4/permission') {
      const q = url.searchParams;
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('state', q.get('state') ?? '');
      if (q.get('app_id') !== app.appId || !person) {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, { challenge: q.get('code_challenge') ?? '', person, redirectUri: back.origin + back.pathname });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/v4/access_token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const held = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (req.headers.secret_key !== app.appSecret || form.get('app_id') !== app.appId)
          return json(res, { error: -14001, error_name: 'Invalid app', error_reason: 'secret_key' });
        if (!held || held.challenge !== challenge)
          return json(res, { error: -14019, error_name: 'Invalid code verifier', error_reason: 'code' });
        const token = randomBytes(24).toString('hex');
        tokens.set(token, held.person);
        return json(res, { access_token: token, refresh_token: 'r', expires_in: '3600' });
      });
      return;
    }
    if (url.pathname === '/v2.0/me') {
      const held = tokens.get(String(req.headers.access_token ?? ''));
      if (!held) return json(res, { error: 452, message: 'Access token is invalid' });
      return json(res, {
        id: held.id,
        name: held.name,
        picture: { data: { url: held.picture ?? 'https://s120-ava-talk.zadn.vn/a.jpg' } },
        error: 0,
        message: 'Success',
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** ZALO_OAUTH_URL and ZALO_GRAPH_URL. */
    oauthUrl: url,
    graphUrl: url,
    /** Who approves the next permission page (null: the person refuses). */
    signInAs(next: FakeZaloPerson | null) {
      person = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
