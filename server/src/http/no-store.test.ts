import { pathParams } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../testing/account.js';
import { useTestApp } from '../testing/app.js';
import { bearer } from '../testing/oidc-flow.js';

// Issue 24 point 2: an answer that may carry a person's data is never stored by a browser or a
// proxy. Walks every endpoint of the app (the same table the OpenAPI description is made from) as
// a signed-in user; a new account endpoint without `no-store` fails here.

describe('personal answers are not cacheable', () => {
  const t = useTestApp({ CAPTCHA_PROVIDER: 'none' });

  it('every /api/account and /api/guardian answer, whatever its status, says Cache-Control: no-store', async () => {
    const user = await signedInUser(t, { email: 'no-store@example.com' });
    const seen: string[] = [];
    // Every registered route, not only the typed endpoints: one added another way is walked too.
    for (const route of t.app.routeTable) {
      if (!route.url.startsWith('/api/account/') && !route.url.startsWith('/api/guardian/')) continue;
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      let url = route.url;
      for (const name of pathParams(route.url)) url = url.replace(`:${name}`, 'x');
      const res = await user.call(method, url, method === 'GET' ? undefined : {});
      expect(res.headers['cache-control'], `${method} ${route.url} (${res.statusCode})`).toBe('no-store');
      seen.push(`${method} ${route.url}`);
    }
    // The walk reached the answers with the most personal data.
    expect(seen).toEqual(
      expect.arrayContaining(['GET /api/account/me', 'GET /api/account/info', 'POST /api/guardian/check']),
    );
    expect(seen.length).toBeGreaterThan(60);
  });

  it("the provider's userinfo says no-store too", async () => {
    const user = await signedInUser(t, { email: 'userinfo-no-store@example.com' });
    const res = await t.app.inject({ url: '/oidc/me', headers: bearer(user.tokens.access_token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a path the router cannot read answers 400 invalid_input in the envelope, not stored', async () => {
    for (const url of ['/api/account/me%FF', '/oidc/me%ED%A0%80', `/api/product/users/${'a'.repeat(2000)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ exception: { message: 'invalid_input' } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // Fastify's own refusals of a body use the catalogue's key too.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ exception: { message: 'invalid_input' } });
  });

  it('public answers keep their own caching', async () => {
    const res = await t.app.inject({ url: '/api/app-settings' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
