import { createHash, randomBytes } from 'node:crypto';
import { authEndpoints } from '@portico/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

// Drives the OpenID Connect code flow through app.inject the way a browser and a client would,
// so API suites can get real interaction uids, sessions and tokens.

export const TEST_ORIGIN = 'http://localhost:3000';
const HOST = { host: 'localhost:3000' };

type StoredCookie = { name: string; value: string; path: string };

/** A browser's cookies: stored from answers, sent back by path like a browser does. */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(res: LightMyRequestResponse): void {
    for (const c of res.cookies as { name: string; value: string; path?: string; expires?: Date; maxAge?: number }[]) {
      const path = c.path ?? '/';
      const key = `${c.name}\n${path}`;
      const gone = !c.value || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (gone) this.cookies.delete(key);
      else this.cookies.set(key, { name: c.name, value: c.value, path });
    }
  }

  header(url: string): string {
    const path = new URL(url, TEST_ORIGIN).pathname;
    const matches = (c: StoredCookie) =>
      c.path === '/' || path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`);
    return [...this.cookies.values()]
      .filter(matches)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return [...this.cookies.values()].find((c) => c.name === name)?.value;
  }
}

export type AuthorizationOptions = {
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
  scope?: string;
  /** Extra authorization parameters (prompt, ui_locales, login_hint ...). */
  params?: Record<string, string>;
  jar?: CookieJar;
};

export type Flow = {
  jar: CookieJar;
  clientId: string;
  clientSecret?: string;
  redirectUri: string;
  verifier: string;
  /** The authorize answer's Location. */
  location: string;
  /** What the login page sends as returnUrl: /oidc/interaction/<uid>; empty when no interaction was needed. */
  returnUrl: string;
  uid: string;
};

/** GET with the jar's cookies, keeping what the answer sets. */
export async function browse(app: FastifyInstance, jar: CookieJar, url: string): Promise<LightMyRequestResponse> {
  const path = url.startsWith(TEST_ORIGIN) ? url.slice(TEST_ORIGIN.length) : url;
  const res = await app.inject({ method: 'GET', url: path, headers: { ...HOST, cookie: jar.header(path) } });
  jar.store(res);
  return res;
}

/**
 * Answers the sign-out confirmation page (/oidc/session/end) in the browser: `logout` says "Yes",
 * without it "No". The xsrf value is read from the page itself.
 */
export async function confirmEndSession(app: FastifyInstance, jar: CookieJar, page: string, logout: boolean) {
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const path = '/oidc/session/end/confirm';
  const form = new URLSearchParams(logout ? { xsrf, logout: 'yes' } : { xsrf });
  return app.inject({
    method: 'POST',
    url: path,
    headers: { ...HOST, cookie: jar.header(path), 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

const interactionOf = (location: string) => {
  const returnUrl = new URL(location, TEST_ORIGIN).searchParams.get('ReturnUrl') ?? '';
  return { returnUrl, uid: returnUrl.split('/').pop() ?? '' };
};

/** Starts an authorization request (code + PKCE S256) like a relying party's redirect. */
export async function startAuthorization(app: FastifyInstance, opts: AuthorizationOptions = {}): Promise<Flow> {
  const jar = opts.jar ?? new CookieJar();
  const clientId = opts.clientId ?? 'portal';
  const redirectUri = opts.redirectUri ?? `${TEST_ORIGIN}/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    scope: opts.scope ?? 'openid',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...opts.params,
  });
  const res = await browse(app, jar, `/oidc/auth?${query}`);
  const location = String(res.headers.location ?? '');
  const pending = interactionOf(location);
  if (pending.uid) {
    // The browser opens the login page, which binds the interaction to it (interaction-binding.ts).
    await browse(app, jar, location);
    browsers.set(pending.uid, jar);
  }
  return {
    jar,
    clientId,
    clientSecret: opts.clientSecret,
    redirectUri,
    verifier,
    location,
    ...interactionOf(location),
  };
}

/**
 * Follows a redirectUrl from a sign-in answer in the flow's browser until the provider leaves
 * itself: answers the final Location (the client's redirect URI, or a new /login interaction).
 */
export async function followRedirects(app: FastifyInstance, flow: Flow, url: string): Promise<string> {
  let next = url;
  for (let hops = 0; hops < 5; hops++) {
    const res = await browse(app, flow.jar, next);
    const location = res.headers.location;
    if (typeof location !== 'string')
      throw new Error(`expected a redirect from ${next}, got ${res.statusCode}: ${res.body}`);
    const target = new URL(location, TEST_ORIGIN);
    if (target.origin !== TEST_ORIGIN || !target.pathname.startsWith('/oidc/')) {
      const interaction = interactionOf(location);
      if (interaction.uid) Object.assign(flow, interaction);
      return location;
    }
    next = location;
  }
  throw new Error('too many redirects');
}

export const codeOf = (location: string): string => {
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return code;
};

export type Tokens = {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
};

const tokenRequest = async (app: FastifyInstance, flow: Flow, form: Record<string, string>) => {
  const auth: Record<string, string> = flow.clientSecret ? { client_secret: flow.clientSecret } : {};
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { ...HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: flow.clientId, ...auth, ...form }).toString(),
  });
};

/** Exchanges an authorization code at the token endpoint. */
export async function exchangeCode(app: FastifyInstance, flow: Flow, code: string): Promise<Tokens> {
  const res = await tokenRequest(app, flow, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: flow.redirectUri,
    code_verifier: flow.verifier,
  });
  if (res.statusCode !== 200) throw new Error(`token endpoint answered ${res.statusCode}: ${res.body}`);
  return res.json() as Tokens;
}

/** Uses a refresh token; answers the raw response (200 with new tokens, or 400 invalid_grant). */
export const refresh = (app: FastifyInstance, flow: Flow, refreshToken: string) =>
  tokenRequest(app, flow, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** POSTs JSON to the API the way the login page does (no provider cookies reach /api/account/login). */
/** The browser (cookie jar) that opened the login page of each interaction started here. */
const browsers = new Map<string, CookieJar>();

/**
 * POSTs JSON like the login page does: a body naming an interaction (returnUrl) goes with the
 * cookies of the browser that started it. Tests of a foreign browser use app.inject directly.
 */
export const postJson = (app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) => {
  const returnUrl = (payload as { returnUrl?: unknown } | null)?.returnUrl;
  const jar = typeof returnUrl === 'string' ? browsers.get(returnUrl.split('/').pop() ?? '') : undefined;
  const cookie = jar?.header(url);
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...HOST, ...(cookie ? { cookie } : {}), ...headers },
  });
};

/**
 * The whole journey: authorization request, password sign-in through the login API, resume in the
 * same browser, code exchange. `offline_access` in scope also asks for a refresh token.
 */
export async function signInWithPassword(
  app: FastifyInstance,
  credentials: { username: string; password: string },
  opts: AuthorizationOptions = {},
): Promise<{ flow: Flow; tokens: Tokens }> {
  const scope = opts.scope ?? 'openid';
  // offline_access is honoured only with prompt=consent (OpenID Connect Core 11).
  const params = scope.includes('offline_access') ? { prompt: 'consent', ...opts.params } : opts.params;
  const flow = await startAuthorization(app, { ...opts, scope, params });
  const login = await postJson(app, authEndpoints.login.path, { ...credentials, returnUrl: flow.returnUrl });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  return { flow, tokens: await finishSignIn(app, flow, login.json().result.redirectUrl) };
}

/**
 * After a sign-in step answered with its redirectUrl (password, code, reset with returnUrl): the
 * browser resumes the interaction and the client exchanges the code for tokens.
 */
export async function finishSignIn(app: FastifyInstance, flow: Flow, redirectUrl: string): Promise<Tokens> {
  const location = await followRedirects(app, flow, redirectUrl);
  return exchangeCode(app, flow, codeOf(location));
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
