import { authEndpoints, stepUpEndpoints } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../testing/account.js';
import { useTestApp } from '../testing/app.js';
import { startAuthorization } from '../testing/oidc-flow.js';

// Issue 24 point 9: the API takes JSON only, and a cookie-bound state change from another site
// is refused whatever it sends.

describe('cross-site requests', () => {
  const t = useTestApp({ CAPTCHA_PROVIDER: 'none' });
  const login = async (headers: Record<string, string>, payload: string) => {
    const flow = await startAuthorization(t.app);
    return t.app.inject({
      method: 'POST',
      url: authEndpoints.login.path,
      headers: { cookie: flow.jar.header(authEndpoints.login.path), ...headers },
      payload: payload.replace('RETURN', encodeURIComponent(flow.returnUrl)),
    });
  };
  const json = JSON.stringify({ username: 'someone@example.com', password: 'Wrong#pass1', returnUrl: '/' });

  it('refuses a form post (what an HTML form on another site sends) with 415', async () => {
    const res = await login(
      { 'content-type': 'application/x-www-form-urlencoded' },
      'username=someone%40example.com&password=x&returnUrl=RETURN',
    );
    expect(res.statusCode).toBe(415);
    const plain = await login({ 'content-type': 'text/plain' }, json);
    expect(plain.statusCode).toBe(415);
  });

  it('refuses a state change whose Origin or Sec-Fetch-Site says it comes from elsewhere', async () => {
    const headers = { 'content-type': 'application/json' };
    const elsewhere: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3001' },
      { 'sec-fetch-site': 'cross-site' },
      // A sibling subdomain: same-site for SameSite=Lax cookies, still not this origin.
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const from of elsewhere) {
      const res = await login({ ...headers, ...from }, json);
      expect(res.statusCode, JSON.stringify(from)).toBe(403);
      expect(res.json().exception.message).toBe('forbidden');
    }
    // The portal's own pages pass (the answer is the sign-in's own).
    const own: Record<string, string>[] = [{ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }, {}];
    for (const from of own) {
      const res = await login({ ...headers, ...from }, json);
      expect(res.statusCode, JSON.stringify(from)).toBe(400);
    }
  });

  it('takes multipart only where a route uploads', async () => {
    const user = await signedInUser(t, { email: 'multipart-json@example.com' });
    const body = '--b\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nX\r\n--b--\r\n';
    const res = await user.call('PUT', '/api/account/info', body, {
      'content-type': 'multipart/form-data; boundary=b',
    });
    expect(res.statusCode).toBe(415);
  });

  it('lets a bearer call from a first-party app on another origin through', async () => {
    const user = await signedInUser(t, { email: 'bearer-origin@example.com' });
    const res = await user.call(
      'POST',
      stepUpEndpoints.verify.path,
      { method: 'password', value: 'Wrong#pass1' },
      { origin: 'https://app.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(res.json().exception.message).toBe('invalid_password');
  });
});
