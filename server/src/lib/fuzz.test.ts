import * as contracts from '@portico/contracts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signedInUser } from '../testing/account.js';
import { useTestApp } from '../testing/app.js';
import { type Flow, startAuthorization } from '../testing/oidc-flow.js';

// Sends malformed, oversized, wrong-type and control-character input to every route in the
// route table and to oidc-provider's endpoints, signed in and not: nothing a client sends may
// answer 5xx (issue 8 point 9). Runs on PostgreSQL too when DATABASE_URL is set.

type Route = { method: string; url: string };

/** Every method and path of app.printRoutes()' tree (children continue their parent's path). */
export function routesOf(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = `${stack.join('')}${match[2]}`;
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url: path });
    }
  }
  return routes;
}

/** The field names of a zod schema, found by walking it. */
function fieldsOf(schema: unknown, keys = new Set<string>(), depth = 0): Set<string> {
  if (!(schema instanceof z.ZodType) || depth > 6) return keys;
  if (schema instanceof z.ZodObject) {
    for (const [key, inner] of Object.entries(schema.shape)) {
      keys.add(key);
      fieldsOf(inner, keys, depth + 1);
    }
    return keys;
  }
  const def = schema._zod.def as unknown as Record<string, unknown>;
  for (const part of ['innerType', 'in', 'out', 'schema', 'element', 'left', 'right'])
    fieldsOf(def[part], keys, depth + 1);
  for (const option of (def.options as unknown[] | undefined) ?? []) fieldsOf(option, keys, depth + 1);
  return keys;
}

/** Every field name of the contracts' input schemas: for routes that are not endpoints. */
function contractFields(): string[] {
  const keys = new Set<string>();
  for (const [name, value] of Object.entries(contracts)) {
    if (value instanceof z.ZodType) fieldsOf(value, keys);
    else if (typeof value === 'function' && name.endsWith('Input')) {
      try {
        fieldsOf((value as (o: unknown) => unknown)({ accept: () => null }), keys);
      } catch {
        // Not a schema factory.
      }
    }
  }
  return [...keys];
}

// oidc-provider's parameters (OAuth 2.0, OpenID Connect Core, RP-Initiated Logout, PKCE).
const OIDC_FIELDS = [
  'client_id',
  'client_secret',
  'grant_type',
  'code',
  'code_verifier',
  'code_challenge',
  'code_challenge_method',
  'redirect_uri',
  'refresh_token',
  'response_type',
  'scope',
  'state',
  'nonce',
  'prompt',
  'ui_locales',
  'login_hint',
  'token',
  'token_type_hint',
  'access_token',
  'id_token_hint',
  'post_logout_redirect_uri',
  'logout',
  'xsrf',
];
const OIDC_ROUTES: Route[] = [
  ...['/oidc/auth', '/oidc/me', '/oidc/session/end'].flatMap((url) => [
    { method: 'GET', url },
    { method: 'POST', url },
  ]),
  { method: 'POST', url: '/oidc/token' },
  { method: 'POST', url: '/oidc/token/revocation' },
  { method: 'POST', url: '/oidc/token/introspection' },
  { method: 'POST', url: '/oidc/session/end/confirm' },
  { method: 'GET', url: '/oidc/jwks' },
  { method: 'GET', url: '/oidc/.well-known/openid-configuration' },
];
// Query-only parameters of the account API.
const QUERY_FIELDS = ['campaignId', 'errorid', 'to', 'ReturnUrl', 'hideRegister'];

/** Plausible values, so a mutated field is the only thing wrong with a request. */
function baselineOf(fields: string[], flow: Flow): Record<string, unknown> {
  const known: Record<string, unknown> = {
    username: 'fuzz@example.com',
    userName: 'fuzz@example.com',
    emailPhoneName: 'fuzz@example.com',
    PhoneEmailName: 'fuzz@example.com',
    userPhoneEmailName: 'fuzz@example.com',
    newemail: 'fuzz-new@example.com',
    newphone: '0912000999',
    password: 'Fuzz@2026x',
    rePassword: 'Fuzz@2026x',
    currentpassword: 'Fuzz@2026x',
    newpassword: 'Fuzz@2026y',
    confirmnewpassword: 'Fuzz@2026y',
    otp: '123456',
    Otp: '123456',
    returnUrl: flow.returnUrl,
    ReturnUrl: flow.returnUrl,
    confirm: true,
    approve: false,
    logoutAll: false,
    rememberMachine: false,
    isAllow: true,
    pageIndex: 1,
    pageSize: 10,
    id: 1,
    claimId: 1,
    userPhoneEmailId: 1,
    type: 'email',
    otpType: 'email',
    OtpType: 'email',
    claimType: 'email_recovery',
    ClaimType: 'email_recovery',
    claimValue: 'fuzz-spare@example.com',
    ClaimValue: 'fuzz-spare@example.com',
    birthdate: '2000-01-31',
    gender: 1,
    languageId: 'vi-VN',
    timezone: 'Asia/Ho_Chi_Minh',
    client_id: flow.clientId,
    redirect_uri: flow.redirectUri,
    grant_type: 'authorization_code',
    response_type: 'code',
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    code_verifier: flow.verifier,
    logout: 'yes',
  };
  return Object.fromEntries(fields.map((f) => [f, f in known ? known[f] : 'fuzz']));
}

const NUL = 'a\u0000b';
const CONTROL = '\u0001\u0008\u001b[31m\u007f\u0085\u2028\ud800';
const WRONG_TYPES: unknown[] = [['x', 1], 1e21, { nested: { deeper: [{ x: NUL }] } }, null, true, CONTROL];
const BOUNDARY = 'fuzz-boundary';

/** Bodies that are wrong as a whole: each with its content type. */
function wholeBodies(fields: string[], base: Record<string, unknown>): InjectOptions[] {
  const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });
  const form = (payload: string) => ({ payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const multipart = (payload: string, type = `multipart/form-data; boundary=${BOUNDARY}`) => ({
    payload,
    headers: { 'content-type': type },
  });
  const allFields = (value: unknown) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, value])));
  const deep = '['.repeat(5000) + ']'.repeat(5000);
  return [
    json('{"username": "a", '),
    json('{"a":"\\u0000"}'),
    json(`{"username":"a\u0000b"}`),
    json('[]'),
    json('12'),
    json('"text"'),
    json('null'),
    json(deep),
    json(JSON.stringify({ ...base, padding: 'x'.repeat(2 * 1024 * 1024) })),
    json(JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: { admin: true } } })),
    ...[NUL, CONTROL, ...WRONG_TYPES].map((value) => json(allFields(value))),
    form(`${new URLSearchParams(base as Record<string, string>)}&username=%00&password=a%00b&client_id=%00`),
    form('a=%E0%A4%A&b=%ZZ&%00=%00'),
    multipart('not multipart at all'),
    multipart(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nPNG`),
    multipart(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\n\u0000\r\n--${BOUNDARY}--\r\n`),
    multipart(`--${BOUNDARY}\r\nbroken header\r\n\r\nx\r\n--${BOUNDARY}--\r\n`),
    multipart('--x\r\n\r\n', 'multipart/form-data'),
    multipart('', 'multipart/form-data; boundary='),
    { payload: 'x\u0000y', headers: { 'content-type': 'text/plain' } },
    { payload: Buffer.from([0, 1, 2, 255]), headers: { 'content-type': 'application/octet-stream' } },
  ];
}

/** One field at a time: a null byte in it, and one wrong type (all types are used across fields). */
function perFieldBodies(fields: string[], base: Record<string, unknown>, form: boolean): InjectOptions[] {
  return fields.flatMap((field, i) =>
    [NUL, WRONG_TYPES[i % WRONG_TYPES.length]].map((value) => {
      const body = { ...base, [field]: value };
      return form
        ? {
            payload: new URLSearchParams(
              Object.entries(body).map(([k, v]): [string, string] => [
                k,
                typeof v === 'string' ? v : JSON.stringify(v),
              ]),
            ).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    }),
  );
}

/** Query strings: every field at once with a null byte or control characters, and each field alone. */
function queries(fields: string[], perField: boolean): string[] {
  const all = (value: string) => new URLSearchParams(fields.map((f): [string, string] => [f, value])).toString();
  const alone = perField ? fields.map((f) => `${encodeURIComponent(f)}=a%00b`) : [];
  return [all(NUL), all(CONTROL), 'a=%00&a=%01&a[]=x&a[b]=%00', '%ZZ=%E0%A4', ...alone];
}

const withParams = (url: string, value: string) => url.replace(/:\w+/g, value);

describe('fuzzing every route', () => {
  const t = useTestApp({ OTP_SENDS_PER_IP: '100000', OTP_SENDS_PER_TARGET: '1000' });

  it('refuses a null byte with 400 invalid_input, broken multipart with 400 invalid_image', async () => {
    const user = await signedInUser(t, { email: 'nul-user@example.com' });
    const keyOf = (res: { statusCode: number; json(): { exception: { message: string } } }) =>
      `${res.statusCode} ${res.json().exception.message}`;
    const json = { 'content-type': 'application/json' };
    expect(
      keyOf(
        await t.app.inject({
          method: 'POST',
          url: '/api/account/login-check',
          headers: json,
          payload: '{"userName":"a\\u0000b"}',
        }),
      ),
    ).toBe('400 invalid_input');
    expect(keyOf(await user.call('PUT', '/api/account/info', { firstName: 'A\u0000', lastName: 'B' }))).toBe(
      '400 invalid_input',
    );
    expect(keyOf(await user.call('GET', '/api/account/contacts/exists?value=a%00b'))).toBe('400 invalid_input');
    expect(keyOf(await t.app.inject({ url: '/api/account/interaction/a%00b' }))).toBe('400 invalid_input');
    const broken = await user.call('POST', '/api/account/avatar', 'no parts here', {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    });
    expect(keyOf(broken)).toBe('400 invalid_image');
    const token = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&code=x&client_id=a%00b',
    });
    expect(token.statusCode).toBeGreaterThanOrEqual(400);
    expect(token.statusCode).toBeLessThan(500);
    const authorize = await t.app.inject({ url: '/oidc/auth?client_id=portal&state=a%00b' });
    expect(authorize.statusCode).toBe(400);
    expect(authorize.json().error).toBe('invalid_request');
  });

  it('answers no 5xx to malformed, oversized, wrong-type, control-character or null-byte input', async () => {
    const routes = [...routesOf(t.app.printRoutes({ commonPrefix: false })), ...OIDC_ROUTES];
    // The route table is read, not listed: it holds the sign-in, account and OIDC routes.
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/account/avatar' });

    const user = await signedInUser(t, { email: 'fuzz-user@example.com' });
    let token = user.tokens.access_token;
    const flow = await startAuthorization(t.app);
    const apiFields = [...contractFields(), ...QUERY_FIELDS];
    const failures: string[] = [];

    const send = async (route: Route, url: string, options: InjectOptions, signedIn: boolean) => {
      const headers: Record<string, string> = {
        host: 'localhost:3000',
        // An address of its own: its failures must not ask the re-sign-in below for a captcha.
        'x-forwarded-for': '192.0.2.77',
        cookie: flow.jar.header(url),
        ...(options.headers as Record<string, string> | undefined),
        ...(signedIn ? { authorization: `Bearer ${token}` } : {}),
      };
      const res = await t.app.inject({ ...options, method: route.method as 'GET', url, headers });
      if (res.statusCode >= 500) {
        const sent = String(options.payload ?? '').slice(0, 160);
        failures.push(`${res.statusCode} ${route.method} ${url.slice(0, 160)} ${sent} -> ${res.body.slice(0, 120)}`);
      }
    };

    // An endpoint's own input fields (its contract) one at a time; a plain route gets every field
    // the contracts know. Every route still gets the whole-body cases with all of them.
    const endpointFields = new Map(
      t.app.endpoints.map((e) => [`${e.method} ${e.path}`, [...fieldsOf(e.input), ...QUERY_FIELDS]]),
    );
    for (const route of routes) {
      const oidc = route.url.startsWith('/oidc/');
      const fields = oidc ? OIDC_FIELDS : apiFields;
      const ownFields = oidc ? OIDC_FIELDS : (endpointFields.get(`${route.method} ${route.url}`) ?? apiFields);
      const base = baselineOf(fields, flow);
      const urls = [
        withParams(route.url, flow.uid || 'x'),
        withParams(route.url, 'a%00b'),
        withParams(route.url, '%01%1F%7F'),
        withParams(route.url, '..%2F..%2Fetc%2Fpasswd'),
      ].filter((u, i, all) => all.indexOf(u) === i);
      const url = urls[0] ?? route.url;
      const whole: [string, InjectOptions][] = [
        ...queries(fields, false).map((query): [string, InjectOptions] => [`${url}?${query}`, {}]),
        ...urls.slice(1).map((u): [string, InjectOptions] => [u, {}]),
        ...(route.method === 'GET'
          ? []
          : wholeBodies(fields, base).map((body): [string, InjectOptions] => [url, body])),
      ];
      const perField: [string, InjectOptions][] =
        route.method === 'GET'
          ? queries(ownFields, true)
              .slice(4)
              .map((query) => [`${url}?${query}`, {}])
          : perFieldBodies(ownFields, base, oidc).map((body) => [url, body]);
      // Signed out, a route behind the bearer token stops at 401 after parsing: the whole-body cases suffice.
      const probe = await t.app.inject({ method: route.method as 'GET', url, headers: { host: 'localhost:3000' } });
      const behindToken = probe.statusCode === 401;
      for (const signedIn of [false, true]) {
        const requests = signedIn || !behindToken ? [...whole, ...perField] : whole;
        // Some routes end the session (logout-all, delete); sign in again when the token stopped working.
        if (
          signedIn &&
          (await t.app.inject({ url: '/api/account/me', headers: { authorization: `Bearer ${token}` } })).statusCode ===
            401
        ) {
          const again = await signedInUser(t, { email: `fuzz-${routes.indexOf(route)}@example.com` });
          token = again.tokens.access_token;
        }
        for (let i = 0; i < requests.length; i += 8) {
          await Promise.all(requests.slice(i, i + 8).map(([url, options]) => send(route, url, options, signedIn)));
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
