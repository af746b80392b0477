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
  /** The authenticator's current code, for an account with two-step on (bench/soak.ts). */
  totpCode?: () => string;
};

export type Browser = {
  jar: CookieJar;
  /** GET with the jar's cookies, no redirect followed; a FlowError from 400 on. */
  get(url: string, step: string): Promise<Response>;
};

export function browser(base: string, headers?: Record<string, string>): Browser {
  const jar = new CookieJar();
  return {
    jar,
    async get(url, step) {
      const u = new URL(url, base);
      const res = await fetch(u, {
        redirect: 'manual',
        headers: { ...headers, cookie: jar.header(u.pathname), 'accept-encoding': 'br, gzip' },
      });
      jar.store(res);
      await res.arrayBuffer();
      if (res.status >= 400) throw new FlowError(step, res.status, u.pathname);
      return res;
    },
  };
}

/** The authorize URL of the bench client (code + PKCE S256); `prompt: 'none'` asks the session only. */
export function authorizeUrl(base: string, challenge: string, prompt = 'consent') {
  const authorize = new URL('/oidc/auth', base);
  authorize.search = new URLSearchParams({
    client_id: BENCH_CLIENT.id,
    redirect_uri: BENCH_CLIENT.redirectUri,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    prompt,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: base64url(randomBytes(12)),
  }).toString();
  return authorize.toString();
}

export const pkce = () => {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
};

/**
 * Steps 1 and 2 of a sign-in: authorize, then the login page, which binds the interaction to this
 * browser. Answers the page's ReturnUrl (what the login, QR-code and two-step APIs take).
 */
export async function openLoginPage(opts: {
  base: string;
  browser: Browser;
  challenge: string;
  step?: (name: string) => void;
}) {
  const auth = await opts.browser.get(authorizeUrl(opts.base, opts.challenge), 'authorize');
  const loginUrl = auth.headers.get('location');
  if (!loginUrl) throw new FlowError('authorize', auth.status, 'no redirect');
  opts.step?.('authorize');
  await opts.browser.get(loginUrl, 'login-page');
  opts.step?.('login-page');
  return new URL(loginUrl, opts.base).searchParams.get('ReturnUrl') ?? '';
}

type LoginAnswer = { result?: { redirectUrl?: string; requiresTwoFactor?: boolean }; messageKey?: string };

async function postJson(opts: FlowOptions, b: Browser, apiPath: string, body: unknown, step: string) {
  const res = await fetch(new URL(apiPath, opts.base), {
    method: 'POST',
    headers: { ...opts.headers, 'content-type': 'application/json', cookie: b.jar.header(apiPath) },
    body: JSON.stringify(body),
  });
  b.jar.store(res);
  const answer = await readJson<LoginAnswer>(res, step);
  if (!res.ok) throw new FlowError(step, res.status, JSON.stringify(answer).slice(0, 200));
  return answer;
}

/**
 * The login API, then the second step with an authenticator code when the account asks for one,
 * then resume and token: the rest of a sign-in after openLoginPage. Answers the token response.
 */
export async function finishSignIn(
  opts: FlowOptions,
  b: Browser,
  returnUrl: string,
  verifier: string,
): Promise<Tokens> {
  const { base } = opts;
  let answer = await postJson(
    opts,
    b,
    '/api/account/login',
    { username: opts.username, password: opts.password, returnUrl, captcha: '' },
    'login-api',
  );
  if (answer.result?.requiresTwoFactor) {
    if (!opts.totpCode) throw new FlowError('login-api', 200, 'two-step asked and no authenticator given');
    answer = await postJson(
      opts,
      b,
      '/api/account/login/two-factor',
      { returnUrl, codeReceiveMethod: 'authenticator', twoFactorCode: opts.totpCode(), rememberMachine: false },
      'two-factor',
    );
  }
  if (!answer.result?.redirectUrl) throw new FlowError('login-api', 200, JSON.stringify(answer).slice(0, 200));
  opts.step?.('login-api');
  const code = await followToCode(base, b, answer.result.redirectUrl, 'resume');
  opts.step?.('resume');
  const tokens = await tokenRequest(
    base,
    { grant_type: 'authorization_code', code, redirect_uri: BENCH_CLIENT.redirectUri, code_verifier: verifier },
    opts.headers,
  );
  opts.step?.('token');
  return tokens;
}

/** Follows the provider's redirects until the client's redirect_uri carries a code. */
export async function followToCode(base: string, b: Browser, from: string, step: string): Promise<string> {
  let next = from;
  for (let hop = 0; hop < 6; hop++) {
    const res = await b.get(next, step);
    const location = res.headers.get('location');
    if (!location) throw new FlowError(step, res.status, `no redirect from ${new URL(next, base).pathname}`);
    if (location.startsWith(BENCH_CLIENT.redirectUri)) {
      const cb = new URL(location);
      const code = cb.searchParams.get('code');
      if (cb.searchParams.get('error') || !code) throw new FlowError(step, res.status, cb.search);
      return code;
    }
    next = location;
  }
  throw new FlowError(step, 0, 'no code');
}

/** Runs the whole flow once and answers the token endpoint's response. */
export async function signInFlow(opts: FlowOptions & { browser?: Browser }): Promise<Tokens> {
  const b = opts.browser ?? browser(opts.base, opts.headers);
  const { verifier, challenge } = pkce();
  const returnUrl = await openLoginPage({
    base: opts.base,
    browser: b,
    challenge,
    ...(opts.step ? { step: opts.step } : {}),
  });
  return finishSignIn(opts, b, returnUrl, verifier);
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
