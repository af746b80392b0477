// The OpenID Connect code flow as a relying party and a browser do it, over plain HTTP: authorize,
// the login page (which binds the interaction to the browser, server/src/modules/sign-in/interaction-binding.ts),
// the login API, the resume redirect to the client with a code, and the token request.
import { createHash, randomBytes } from 'node:crypto';
import { BENCH_CLIENT } from './server.js';

type Cookie = { name: string; value: string; path: string };

/** A browser's cookies for one origin: sent to the paths they were set for. */
export class CookieJar {
  private cookies = new Map<string, Cookie>();

  store(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let cookiePath = '/';
      let expired = value === '';
      for (const attr of attrs) {
        const [k = '', v = ''] = attr.trim().split('=');
        if (k.toLowerCase() === 'path') cookiePath = v || '/';
        if (k.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
        if (k.toLowerCase() === 'expires' && Date.parse(v) < Date.now()) expired = true;
      }
      const key = `${name};${cookiePath}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path: cookiePath });
    }
  }

  header(pathname: string): string {
    return [...this.cookies.values()]
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

export class FlowError extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${step}: ${status} ${detail}`.slice(0, 300));
  }
}

const base64url = (b: Buffer) => b.toString('base64url');

/** The JSON body, or a FlowError naming the step and status (a proxy's HTML error page, say). */
async function readJson<T>(res: Response, step: string): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new FlowError(step, res.status, 'not JSON');
  }
}

export type Tokens = { access_token: string; refresh_token?: string; id_token?: string };

export type FlowOptions = {
  base: string;
  username: string;
  password: string;
  /** Extra headers on every request (X-Forwarded-For behind nginx in the load run). */
  headers?: Record<string, string>;
  /** Called with each step's name as it completes (the load run times its phases). */
  step?: (name: string) => void;
};

/** Runs the whole flow once and answers the token endpoint's response. */
export async function signInFlow(opts: FlowOptions): Promise<Tokens> {
  const { base } = opts;
  const jar = new CookieJar();
  const get = async (url: string, step: string) => {
    const u = new URL(url, base);
    const res = await fetch(u, {
      redirect: 'manual',
      headers: { ...opts.headers, cookie: jar.header(u.pathname), 'accept-encoding': 'br, gzip' },
    });
    jar.store(res);
    await res.arrayBuffer();
    if (res.status >= 400) throw new FlowError(step, res.status, u.pathname);
    return res;
  };

  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const state = base64url(randomBytes(12));
  const authorize = new URL('/oidc/auth', base);
  authorize.search = new URLSearchParams({
    client_id: BENCH_CLIENT.id,
    redirect_uri: BENCH_CLIENT.redirectUri,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    prompt: 'consent',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  }).toString();

  // 1. authorize -> 303 to the login page with the interaction in ReturnUrl
  const auth = await get(authorize.toString(), 'authorize');
  const loginUrl = auth.headers.get('location');
  if (!loginUrl) throw new FlowError('authorize', auth.status, 'no redirect');
  opts.step?.('authorize');
  // 2. the login page (HTML; binds the interaction to this browser)
  await get(loginUrl, 'login-page');
  const returnUrl = new URL(loginUrl, base).searchParams.get('ReturnUrl') ?? '';
  opts.step?.('login-page');
  // 3. the login API
  const apiPath = '/api/account/login';
  const login = await fetch(new URL(apiPath, base), {
    method: 'POST',
    headers: { ...opts.headers, 'content-type': 'application/json', cookie: jar.header(apiPath) },
    body: JSON.stringify({ username: opts.username, password: opts.password, returnUrl, captcha: '' }),
  });
  jar.store(login);
  const answer = await readJson<{ result?: { redirectUrl?: string }; messageKey?: string }>(login, 'login-api');
  if (!login.ok || !answer.result?.redirectUrl) {
    throw new FlowError('login-api', login.status, JSON.stringify(answer).slice(0, 200));
  }
  opts.step?.('login-api');
  // 4. resume: follow the provider's redirects until the client's redirect_uri carries a code
  let next = answer.result.redirectUrl;
  let code: string | null = null;
  for (let hop = 0; hop < 6 && !code; hop++) {
    const res = await get(next, 'resume');
    const location = res.headers.get('location');
    if (!location) throw new FlowError('resume', res.status, `no redirect from ${next}`);
    if (location.startsWith(BENCH_CLIENT.redirectUri)) {
      const cb = new URL(location);
      if (cb.searchParams.get('error')) throw new FlowError('resume', res.status, cb.search);
      code = cb.searchParams.get('code');
    } else next = location;
  }
  if (!code) throw new FlowError('resume', 0, 'no code');
  opts.step?.('resume');
  // 5. token
  const tokens = await tokenRequest(
    base,
    { grant_type: 'authorization_code', code, redirect_uri: BENCH_CLIENT.redirectUri, code_verifier: verifier },
    opts.headers,
  );
  opts.step?.('token');
  return tokens;
}

const basic = `Basic ${Buffer.from(`${encodeURIComponent(BENCH_CLIENT.id)}:${encodeURIComponent(BENCH_CLIENT.secret)}`).toString('base64')}`;

/** POST /oidc/token with the bench client's secret (client_secret_basic). */
export async function tokenRequest(
  base: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
  tokenPath = '/oidc/token',
): Promise<Tokens> {
  const res = await fetch(new URL(tokenPath, base), {
    method: 'POST',
    headers: { ...headers, authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  const body = await readJson<Tokens & { error?: string }>(res, params.grant_type ?? 'token');
  if (!res.ok) throw new FlowError(params.grant_type ?? 'token', res.status, body.error ?? '');
  return body;
}

export const refreshGrant = (
  base: string,
  refreshToken: string,
  headers?: Record<string, string>,
  tokenPath?: string,
) => tokenRequest(base, { grant_type: 'refresh_token', refresh_token: refreshToken }, headers, tokenPath);
