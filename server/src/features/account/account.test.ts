import os from 'node:os';
import path from 'node:path';
import { accountEndpoints } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, devices } from '../../db/schema.js';
import { useTestApp, writeClientsFile } from '../../testing/app.js';
import { bearer, browse, postJson, signInWithPassword, startAuthorization } from '../../testing/oidc-flow.js';
import { expectSignedOutEverywhere, signInOnTwoDevices } from '../../testing/sessions.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

describe('account APIs behind the bearer token', () => {
  const clientsFile = path.join(os.tmpdir(), `portico-account-clients-${process.pid}.json`);
  beforeAll(() =>
    writeClientsFile(clientsFile, [
      {
        client_id: 'shop',
        client_secret: 'shop-secret-shop-secret-shop-secret',
        redirect_uris: ['http://127.0.0.1:4000/cb'],
        grant_types: ['authorization_code', 'refresh_token'],
        first_party: true,
      },
    ]),
  );
  const t = useTestApp({ OIDC_CLIENTS_FILE: clientsFile });

  const me = (token: string) => t.app.inject({ url: accountEndpoints.me.path, headers: bearer(token) });

  it('answers the current user for a valid token and 401 unauthorized otherwise', async () => {
    const user = await createUser(t.deps.database.db, { email: 'uma@example.com', firstName: 'Uma' });
    const { tokens } = await signInWithPassword(t.app, { username: 'uma@example.com', password: TEST_PASSWORD });
    const ok = await me(tokens.access_token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toEqual({
      sub: user.id,
      name: 'User Uma', // the account's language is Vietnamese: family name first
      full_name: 'User Uma',
      first_name: 'Uma',
      last_name: 'User',
      avatar: null,
      email: 'uma@example.com',
      idp: 'local',
      default_language: 'vi-VN',
      awaits_guardian: false,
    });
    for (const headers of [
      {},
      { authorization: 'Bearer not-a-token' },
      { authorization: `Basic ${tokens.access_token}` },
    ]) {
      const res = await t.app.inject({ url: accountEndpoints.me.path, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ exception: { message: 'unauthorized' } });
    }
    // An ID token is not an access token.
    expect((await me(tokens.id_token)).statusCode).toBe(401);
  });

  it('refuses a revoked token at once', async () => {
    await createUser(t.deps.database.db, { email: 'vic@example.com' });
    const { tokens } = await signInWithPassword(t.app, { username: 'vic@example.com', password: TEST_PASSWORD });
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/oidc/token/revocation',
      headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: tokens.access_token, client_id: 'portal' }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
  });

  it("never lets one user's token reach another user's data", async () => {
    const a = await createUser(t.deps.database.db, { email: 'wes@example.com' });
    const b = await createUser(t.deps.database.db, { email: 'xia@example.com' });
    const tokenA = (await signInWithPassword(t.app, { username: 'wes@example.com', password: TEST_PASSWORD })).tokens;
    const tokenB = (await signInWithPassword(t.app, { username: 'xia@example.com', password: TEST_PASSWORD })).tokens;
    expect((await me(tokenA.access_token)).json().result.sub).toBe(a.id);
    expect((await me(tokenB.access_token)).json().result.sub).toBe(b.id);
    // Logging B out everywhere leaves A signed in.
    expect((await postJson(t.app, accountEndpoints.logoutAll.path, {}, bearer(tokenB.access_token))).statusCode).toBe(
      200,
    );
    expect((await me(tokenA.access_token)).statusCode).toBe(200);
    expect((await me(tokenB.access_token)).statusCode).toBe(401);
  });

  it('accepts tokens of other first-party clients', async () => {
    await createUser(t.deps.database.db, { email: 'yan@example.com' });
    const shop = await signInWithPassword(
      t.app,
      { username: 'yan@example.com', password: TEST_PASSWORD },
      {
        clientId: 'shop',
        clientSecret: 'shop-secret-shop-secret-shop-secret',
        redirectUri: 'http://127.0.0.1:4000/cb',
      },
    );
    expect((await me(shop.tokens.access_token)).statusCode).toBe(200);
  });

  it('logs out of every device: sessions end, refresh tokens stop working, devices are marked', async () => {
    const user = await createUser(t.deps.database.db, { email: 'zoe@example.com' });
    const { laptop, phone } = await signInOnTwoDevices(t, 'zoe@example.com');
    expect(laptop.tokens.refresh_token).toBeTruthy();
    expect(phone.tokens.refresh_token).toBeTruthy();
    // While signed in, prompt=none succeeds silently in the laptop's browser.
    const silent = await startAuthorization(t.app, { jar: laptop.flow.jar, params: { prompt: 'none' } });
    expect(new URL(silent.location).searchParams.get('code')).toBeTruthy();
    await expect
      .poll(
        async () =>
          (await t.deps.database.db.select().from(devices).where(eq(devices.userId, user.id))).filter(
            (d) => d.sessionUid,
          ).length,
      )
      .toBe(2);

    const res = await postJson(t.app, accountEndpoints.logoutAll.path, {}, bearer(phone.tokens.access_token));
    expect(res.json()).toEqual({ result: true });

    await expectSignedOutEverywhere(t, user.id, [laptop, phone]);
    const rows = await t.deps.database.db.select().from(devices).where(eq(devices.userId, user.id));
    expect(rows.every((d) => d.loggedOutAt)).toBe(true);
    const log = await t.deps.database.db.select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(log.map((l) => l.action)).toContain('activity_logout_all');
  });

  it('updates the last-action time of the device whose token is used', async () => {
    const user = await createUser(t.deps.database.db, { email: 'abe@example.com' });
    const { tokens } = await signInWithPassword(t.app, { username: 'abe@example.com', password: TEST_PASSWORD });
    await expect
      .poll(
        async () => (await t.deps.database.db.select().from(devices).where(eq(devices.userId, user.id)))[0]?.sessionUid,
      )
      .toBeTruthy();
    const old = new Date(Date.now() - 3600_000);
    await t.deps.database.db.update(devices).set({ lastActionTime: old }).where(eq(devices.userId, user.id));
    await me(tokens.access_token);
    const [device] = await t.deps.database.db.select().from(devices).where(eq(devices.userId, user.id));
    expect(device!.lastActionTime.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it('marks the device logged out when its session ends at the end-session endpoint', async () => {
    const user = await createUser(t.deps.database.db, { email: 'bea@example.com' });
    const { flow, tokens } = await signInWithPassword(t.app, { username: 'bea@example.com', password: TEST_PASSWORD });
    await expect
      .poll(
        async () => (await t.deps.database.db.select().from(devices).where(eq(devices.userId, user.id)))[0]?.sessionUid,
      )
      .toBeTruthy();
    const confirm = await browse(t.app, flow.jar, `/oidc/session/end?id_token_hint=${tokens.id_token}`);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1];
    expect(xsrf).toBeTruthy();
    const done = await t.app.inject({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      headers: {
        host: 'localhost:3000',
        cookie: flow.jar.header('/oidc/session/end/confirm'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(done.statusCode).toBe(303);
    await expect
      .poll(
        async () =>
          (await t.deps.database.db.select().from(devices).where(eq(devices.userId, user.id)))[0]?.loggedOutAt,
      )
      .toBeTruthy();
  });
});
