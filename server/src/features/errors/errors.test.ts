import { errorsEndpoints } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.js';

describe('sign-in error lookup', () => {
  const t = useTestApp();

  it('sends provider errors that cannot go back to a client to /error, where the details can be looked up', async () => {
    const res = await t.app.inject('/oidc/auth?client_id=nobody&response_type=code&scope=openid');
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string, 'http://localhost');
    expect(location.pathname).toBe('/error');
    const errorid = location.searchParams.get('errorid');
    expect(errorid).toMatch(/^[\w-]{20,}$/);

    const lookup = await t.app.inject(`${errorsEndpoints.lookup.path}?errorid=${errorid}`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().result).toEqual({
      error: 'invalid_client',
      errorDescription: 'client is invalid',
      clientId: 'nobody',
      flow: 'sign_in',
    });
  });

  it('marks errors of the end-session endpoint as a failed sign-out', async () => {
    for (const url of ['/oidc/session/end?id_token_hint=not-a-token', '/oidc/session/end?client_id=nobody']) {
      // A browser asks for HTML; oidc-provider then renders the error (renderError in oidc/provider.ts).
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(303);
      const errorid = new URL(res.headers.location as string, 'http://localhost').searchParams.get('errorid');
      const lookup = await t.app.inject(`${errorsEndpoints.lookup.path}?errorid=${errorid}`);
      expect(lookup.json().result.flow).toBe('sign_out');
    }
  });

  it('uses the English error page when the browser prefers English', async () => {
    const res = await t.app.inject({
      url: '/oidc/auth?client_id=nobody&response_type=code&scope=openid',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.headers.location).toMatch(/^\/en-us\/error\?errorid=/);
  });

  it('answers 404 for an unknown error id and 400 without one', async () => {
    expect((await t.app.inject(`${errorsEndpoints.lookup.path}?errorid=nope`)).statusCode).toBe(404);
    const missing = await t.app.inject(errorsEndpoints.lookup.path);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().exception.message).toBe('not_found');
  });
});
