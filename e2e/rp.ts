import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as oidc from 'openid-client';
import { freePort } from './harness.js';

/**
 * An independent relying party on a loopback port, built with openid-client (not Portico code):
 * it signs users in with code + PKCE, refreshes, reads userinfo, logs out and receives
 * front-channel logout calls. Pages answer JSON so journeys can read what the RP saw.
 */
export type RelyingParty = {
  clientId: string;
  url: string;
  /** The client metadata to put into OIDC_CLIENTS_FILE. */
  metadata: Record<string, unknown>;
  /** Front-channel logout calls received (query strings). */
  frontchannelCalls: URLSearchParams[];
  /** Discovers the issuer; `clientSecret` when the client was made elsewhere (the admin console). */
  connect(issuer: string, clientSecret?: string): Promise<void>;
  close(): Promise<void>;
};

type Session = { tokens?: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers; sub?: string };

export async function createRelyingParty(
  clientId: string,
  opts: { firstParty: boolean; scope?: string; frontchannel?: boolean },
): Promise<RelyingParty> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const secret = `${clientId}-secret-0123456789-0123456789`;
  const pending = new Map<string, { verifier: string }>();
  const sessions = new Map<string, Session>();
  const frontchannelCalls: URLSearchParams[] = [];
  let config: oidc.Configuration | undefined;
  // Cookies are not separated by port, so each RP on 127.0.0.1 uses its own cookie name.
  const cookieName = `rp_${clientId}_sid`;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const sessionOf = (req: IncomingMessage) => {
    const sid = new RegExp(`${cookieName}=([\\w-]+)`).exec(req.headers.cookie ?? '')?.[1] ?? 'anon';
    let s = sessions.get(sid);
    if (!s) {
      s = {};
      sessions.set(sid, s);
    }
    return s;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const here = new URL(req.url ?? '/', url);
    if (!config) return json(res, 503, { error: 'not connected' });
    switch (here.pathname) {
      case '/login': {
        // /login?prompt=none for a silent sign-in; ui_locales, acr_values and max_age pass through.
        const verifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        pending.set(state, { verifier });
        const params: Record<string, string> = {
          redirect_uri: `${url}/cb`,
          scope: opts.scope ?? 'openid profile email offline_access',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
        };
        for (const k of ['prompt', 'ui_locales', 'acr_values', 'max_age']) {
          const v = here.searchParams.get(k);
          if (v) params[k] = v;
        }
        if (params.scope?.includes('offline_access') && !params.prompt) params.prompt = 'consent';
        const sid = crypto.randomUUID();
        res.writeHead(302, {
          location: oidc.buildAuthorizationUrl(config, params).toString(),
          'set-cookie': `${cookieName}=${sid}; Path=/; HttpOnly`,
        });
        return res.end();
      }
      case '/cb': {
        const state = here.searchParams.get('state') ?? '';
        if (here.searchParams.get('error')) {
          return json(res, 200, { error: here.searchParams.get('error') });
        }
        const p = pending.get(state);
        if (!p) return json(res, 400, { error: 'unknown state' });
        pending.delete(state);
        const tokens = await oidc.authorizationCodeGrant(config, here, {
          pkceCodeVerifier: p.verifier,
          expectedState: state,
        });
        const s = sessionOf(req);
        s.tokens = tokens;
        const claims = tokens.claims();
        s.sub = claims?.sub;
        return json(res, 200, { signedIn: true, claims, hasRefreshToken: Boolean(tokens.refresh_token) });
      }
      case '/refresh': {
        const s = sessionOf(req);
        if (!s.tokens?.refresh_token) return json(res, 400, { error: 'no refresh token' });
        const before = s.tokens.refresh_token;
        try {
          s.tokens = await oidc.refreshTokenGrant(config, before);
        } catch (err) {
          return json(res, 200, { error: (err as { error?: string }).error ?? String(err) });
        }
        return json(res, 200, { refreshed: true, rotated: s.tokens.refresh_token !== before });
      }
      case '/userinfo': {
        const s = sessionOf(req);
        if (!s.tokens) return json(res, 400, { error: 'not signed in' });
        try {
          return json(
            res,
            200,
            await oidc.fetchUserInfo(config, s.tokens.access_token, s.sub ?? oidc.skipSubjectCheck),
          );
        } catch (err) {
          // A refused access token (revoked, expired): what the provider said.
          const e = err as { error?: string; status?: number; cause?: { status?: number } };
          return json(res, 200, { error: e.error ?? 'refused', status: e.status ?? e.cause?.status ?? null });
        }
      }
      case '/access-token': {
        // What a first-party app holds and sends to Portico's API (e2e/token-login.e2e.ts).
        const s = sessionOf(req);
        if (!s.tokens) return json(res, 400, { error: 'not signed in' });
        return json(res, 200, { accessToken: s.tokens.access_token });
      }
      case '/logout': {
        const s = sessionOf(req);
        const endSession = oidc.buildEndSessionUrl(config, {
          ...(s.tokens?.id_token ? { id_token_hint: s.tokens.id_token } : {}),
          post_logout_redirect_uri: `${url}/loggedout`,
        });
        res.writeHead(302, { location: endSession.toString() });
        return res.end();
      }
      case '/loggedout':
        return json(res, 200, { loggedOut: true });
      case '/frontchannel':
        frontchannelCalls.push(here.searchParams);
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><title>ok</title>');
      default:
        return json(res, 404, { error: 'not found' });
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => json(res, 500, { error: String(err) }));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));

  return {
    clientId,
    url,
    frontchannelCalls,
    metadata: {
      client_id: clientId,
      client_secret: secret,
      client_name: `Test RP ${clientId}`,
      redirect_uris: [`${url}/cb`],
      post_logout_redirect_uris: [`${url}/loggedout`],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      first_party: opts.firstParty,
      ...(opts.frontchannel
        ? { frontchannel_logout_uri: `${url}/frontchannel`, frontchannel_logout_session_required: true }
        : {}),
    },
    async connect(issuer, clientSecret = secret) {
      config = await oidc.discovery(new URL(issuer), clientId, clientSecret, undefined, {
        execute: [oidc.allowInsecureRequests],
      });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
