import { connectedAppsEndpoints } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/account.js';
import type { TestApp } from '../../testing/app.js';
import { createAppWithLearn, LEARN } from '../../testing/learn-client.js';
import { bearer, refresh, signInWithPassword } from '../../testing/oidc-flow.js';
import { TEST_PASSWORD } from '../../testing/users.js';

// Connected apps (issue 32 point 2): the person's granted products, and a revoke that ends the
// product's grant, refresh and access tokens (the bearer cache too) and its sessions at once.
describe('connected apps', () => {
  let t: TestApp;
  const learn = LEARN;
  beforeAll(async () => {
    t = await createAppWithLearn();
  });
  afterAll(() => t.close());

  const signInAtLearn = (email: string) =>
    signInWithPassword(
      t.app,
      { username: email, password: TEST_PASSWORD },
      { ...learn, scope: 'openid email profile offline_access' },
    );

  it('lists the products granted, in words the page can say, and not the portal itself', async () => {
    const ana = await signedInUser(t, { email: 'ana-apps@example.com' });
    await signInAtLearn('ana-apps@example.com');
    const res = await ana.call('GET', connectedAppsEndpoints.list.path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const [app, ...rest] = res.json().result;
    expect(rest).toEqual([]);
    expect(app).toMatchObject({ clientId: 'learn', name: 'Learn' });
    expect(app.scopes.sort()).toEqual(['email', 'offline_access', 'openid', 'profile']);
    expect(Date.parse(app.lastUsedTime)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(app.grantedTime)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('revokes one product: its refresh and access tokens are refused at once, the portal stays signed in', async () => {
    const bao = await signedInUser(t, { email: 'bao-apps@example.com' });
    const { flow, tokens } = await signInAtLearn('bao-apps@example.com');
    // The access token is checked once, so the bearer cache holds it.
    const me = () => t.app.inject({ url: '/api/account/me', headers: bearer(tokens.access_token) });
    expect((await me()).statusCode).toBe(200);

    // Someone else cannot revoke Bao's product, nor see it.
    const other = await signedInUser(t, { email: 'other-apps@example.com' });
    expect((await other.call('GET', connectedAppsEndpoints.list.path)).json().result).toEqual([]);
    const foreign = await other.call('POST', '/api/account/apps/learn/revoke');
    expect(foreign.statusCode).toBe(404);
    expect((await me()).statusCode).toBe(200);

    const revoke = await bao.call('POST', '/api/account/apps/learn/revoke');
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await me()).statusCode).toBe(401);
    const refreshed = await refresh(t.app, flow, tokens.refresh_token ?? '');
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');
    const userinfo = await t.app.inject({ url: '/oidc/me', headers: bearer(tokens.access_token) });
    expect(userinfo.statusCode).toBe(401);

    // The portal's own session and token are untouched; the list is empty; the log says it.
    const list = await bao.call('GET', connectedAppsEndpoints.list.path);
    expect(list.statusCode).toBe(200);
    expect(list.json().result).toEqual([]);
    const activity = await bao.call('GET', '/api/account/activity?page=1');
    expect(activity.body).toContain('Thu hồi quyền truy cập của <strong>Learn</strong>');
    // Again: nothing left to revoke.
    expect((await bao.call('POST', '/api/account/apps/learn/revoke')).statusCode).toBe(404);
  });

  it('never revokes the portal, and answers 401 without a token', async () => {
    const cam = await signedInUser(t, { email: 'cam-apps@example.com' });
    expect((await cam.call('POST', '/api/account/apps/portal/revoke')).statusCode).toBe(404);
    expect((await cam.call('GET', connectedAppsEndpoints.list.path)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/account/apps/learn/revoke' });
    expect(anonymous.statusCode).toBe(401);
  });
});
