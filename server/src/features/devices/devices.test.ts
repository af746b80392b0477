import { type Device, devicesEndpoints as E, fillPath, passwordEndpoints } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, devices } from '../../db/schema.js';
import { errorKey, resultOf, signedInUser } from '../../testing/account.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { bearer, refresh, signInWithPassword, startAuthorization } from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

describe('devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA_AFTER_FAILURES: '1000' });
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;
  const linked = (userId: string, n: number) =>
    expect
      .poll(
        async () =>
          (await db().select().from(devices).where(eq(devices.userId, userId))).filter((d) => d.sessionUid).length,
      )
      .toBe(n);

  it('a sign-in publishes user.signedIn; the device and the activity entry are written by its subscribers', async () => {
    const seen: { userId: string; method: string; interactionUid: string }[] = [];
    const off = t.deps.events.subscribe('user.signedIn', async ({ userId, method, interactionUid, tx }) => {
      seen.push({ userId, method, interactionUid });
      // The subscribers of server/src/app.ts ran before this one, in the same transaction.
      const rows = await tx.select().from(devices).where(eq(devices.interactionUid, interactionUid));
      expect(rows).toHaveLength(1);
    });
    try {
      const a = await signedInUser(t, { email: 'dev-evt@example.com' });
      expect(seen).toEqual([{ userId: a.id, method: 'password', interactionUid: expect.any(String) }]);
      const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, a.id));
      expect(log.map((l) => l.action)).toEqual(['activity_sign_in']);
    } finally {
      off();
    }
  });

  it('lists active devices with the current one marked, shows details, and logs one device out', async () => {
    const laptop = await signedInUser(t, { email: 'dev-a@example.com' });
    const phone = await signInWithPassword(
      t.app,
      { username: 'dev-a@example.com', password: TEST_PASSWORD },
      { scope: 'openid offline_access' },
    );
    await linked(laptop.id, 2);
    const list = resultOf<Device[]>(await laptop.call('GET', E.list.path));
    expect(list).toHaveLength(2);
    expect(list.filter((d) => d.isCurrentDevice)).toHaveLength(1);
    const current = list.find((d) => d.isCurrentDevice)!;
    const other = list.find((d) => !d.isCurrentDevice)!;
    expect(current).toMatchObject({ deviceType: 1, isLogOut: false, minutes: 1, logoutTime: null });
    expect(Date.parse(current.loginTime)).not.toBeNaN();
    expect(Date.parse(current.lastActionTime)).not.toBeNaN();
    expect(resultOf(await laptop.call('GET', fillPath(E.detail.path, { id: other.id })))).toEqual(other);
    expect(resultOf<Device[]>(await laptop.call('GET', E.listLoggedOut.path))).toEqual([]);

    expect(resultOf(await laptop.call('POST', fillPath(E.logout.path, { id: other.id })))).toBe(true);
    // That browser is signed out: its tokens stop working and it must sign in again.
    const me = await t.app.inject({ url: '/api/account/me', headers: bearer(phone.tokens.access_token) });
    expect(me.statusCode).toBe(401);
    expect((await refresh(t.app, phone.flow, phone.tokens.refresh_token!)).json().error).toBe('invalid_grant');
    const silent = await startAuthorization(t.app, { jar: phone.flow.jar, params: { prompt: 'none' } });
    expect(new URL(silent.location).searchParams.get('error')).toBe('login_required');
    // The laptop stays signed in.
    const still = resultOf<Device[]>(await laptop.call('GET', E.list.path));
    expect(still.map((d) => d.id)).toEqual([current.id]);
    const out = resultOf<Device[]>(await laptop.call('GET', E.listLoggedOut.path));
    expect(out).toEqual([
      expect.objectContaining({ id: other.id, isLogOut: true, isCurrentDevice: false, logoutTime: expect.any(String) }),
    ]);
    // Logging out again is harmless.
    expect(resultOf(await laptop.call('POST', fillPath(E.logout.path, { id: other.id })))).toBe(true);
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, laptop.id));
    expect(log.map((l) => l.action)).toContain('activity_device_logout');
  });

  it.each([false, true])(
    'signs another device out right after a password change (logoutAll %s); this session survives (issue 34 point 10)',
    async (logoutAll) => {
      const email = `after-change-${logoutAll}@example.com`;
      await createUser(db(), { email });
      // Both signed in as the portal does: offline_access, so each holds a refresh token.
      const signIn = () =>
        signInWithPassword(
          t.app,
          { username: email, password: TEST_PASSWORD },
          { scope: 'openid profile email offline_access' },
        );
      const laptop = await signIn();
      const phone = await signIn();
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({
          method,
          url,
          headers: { host: 'localhost:3000', ...bearer(laptop.tokens.access_token) },
          payload,
        });
      await expect
        .poll(async () => (await db().select().from(devices)).filter((d) => d.sessionUid && !d.loggedOutAt).length)
        .toBeGreaterThan(0);
      // A fresh sign-in is the proof the change asks for; two-step is off, so it changes at once.
      const change = await call('POST', passwordEndpoints.changePassword.path, {
        currentpassword: TEST_PASSWORD,
        newpassword: 'After#2026y',
        confirmnewpassword: 'After#2026y',
        otp: '',
        OtpType: 'email',
        logoutAll,
      });
      expect(change.statusCode, change.body).toBe(200);
      const others = resultOf<Device[]>(await call('GET', E.list.path)).filter((d) => !d.isCurrentDevice);
      for (const other of others)
        expect(resultOf(await call('POST', fillPath(E.logout.path, { id: other.id })))).toBe(true);
      // The phone is out either way...
      expect(
        (await t.app.inject({ url: '/api/account/me', headers: bearer(phone.tokens.access_token) })).statusCode,
      ).toBe(401);
      // ...and this session is not: its token, its refresh token and a silent sign-in still work.
      expect((await call('GET', '/api/account/me')).statusCode).toBe(200);
      const renewed = await refresh(t.app, laptop.flow, laptop.tokens.refresh_token!);
      expect(renewed.statusCode, renewed.body).toBe(200);
      const silent = await startAuthorization(t.app, { jar: laptop.flow.jar, params: { prompt: 'none' } });
      expect(new URL(silent.location).searchParams.get('error')).toBeNull();
    },
  );

  it('a device of another user is 404 and never listed', async () => {
    const a = await signedInUser(t, { email: 'dev-own-a@example.com' });
    const b = await signedInUser(t, { email: 'dev-own-b@example.com' });
    await linked(a.id, 1);
    const [deviceA] = resultOf<Device[]>(await a.call('GET', E.list.path));
    const listB = resultOf<Device[]>(await b.call('GET', E.list.path));
    expect(listB.map((d) => d.id)).not.toContain(deviceA!.id);
    expect(listB).toHaveLength(1);
    expect(errorKey(await b.call('GET', fillPath(E.detail.path, { id: deviceA!.id })), 404)).toBe('not_found');
    expect(errorKey(await b.call('POST', fillPath(E.logout.path, { id: deviceA!.id })), 404)).toBe('not_found');
    expect(errorKey(await b.call('GET', fillPath(E.detail.path, { id: 'no-such-device' })), 404)).toBe('not_found');
    // A is still signed in.
    expect(resultOf<Device[]>(await a.call('GET', E.list.path))).toHaveLength(1);
    for (const [method, url] of [
      ['GET', E.list.path],
      ['GET', E.listLoggedOut.path],
      ['GET', fillPath(E.detail.path, { id: deviceA!.id })],
      ['POST', fillPath(E.logout.path, { id: deviceA!.id })],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
