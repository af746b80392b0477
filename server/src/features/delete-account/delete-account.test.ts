import { deleteAccountEndpoints as E, registerEndpoints } from '@portico/contracts';

const DELETE_ACCOUNT_PATH = E.remove.path;

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLogs, devices, userClaims, userContacts, users } from '../../db/schema.js';
import { errorKey, expectBearerRequired, resultOf, signedInUser } from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';
import { postJson, signInWithPassword, startAuthorization } from '../../testing/oidc-flow.js';
import { expectSignedOutEverywhere } from '../../testing/sessions.js';
import { TEST_PASSWORD } from '../../testing/users.js';
import { isDeletedAccountEmail } from './queries.js';

describe('delete account', () => {
  const t = useTestApp({ LOGIN_CAPTCHA_AFTER_FAILURES: '1000', CAPTCHA_PROVIDER: 'none' });
  const db = () => t.deps.database.db;

  it('checks the password and says whether the account has one', async () => {
    const a = await signedInUser(t, { email: 'pw-check@example.com' });
    expect(resultOf(await a.call('GET', E.hasPassword.path))).toBe(true);
    expect(errorKey(await a.call('POST', E.checkPassword.path, { password: '' }))).toBe('error_password_empty');
    expect(errorKey(await a.call('POST', E.checkPassword.path, { password: 'Wrong@123' }))).toBe('invalid_password');
    expect(resultOf(await a.call('POST', E.checkPassword.path, { password: TEST_PASSWORD }))).toBe(true);
    const b = await signedInUser(t, { email: 'pw-none@example.com' });
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, b.id));
    expect(resultOf(await b.call('GET', E.hasPassword.path))).toBe(false);
    // A's password is not B's.
    expect(errorKey(await b.call('POST', E.checkPassword.path, { password: TEST_PASSWORD }))).toBe('invalid_password');
  });

  // Guessing is limited by the sign-in counters: auth/password-checks.test.ts.

  it('needs the confirmation and the password', async () => {
    const a = await signedInUser(t, { email: 'del-rules@example.com' });
    expect(errorKey(await a.call('DELETE', DELETE_ACCOUNT_PATH, { password: TEST_PASSWORD }))).toBe(
      'delete_account_confirm_error',
    );
    expect(errorKey(await a.call('DELETE', DELETE_ACCOUNT_PATH, { confirm: false, password: TEST_PASSWORD }))).toBe(
      'delete_account_confirm_error',
    );
    expect(errorKey(await a.call('DELETE', DELETE_ACCOUNT_PATH, { confirm: true }))).toBe('invalid_password');
    expect(errorKey(await a.call('DELETE', DELETE_ACCOUNT_PATH, { confirm: true, password: 'Wrong@123' }))).toBe(
      'invalid_password',
    );
    expect(resultOf(await a.call('GET', '/api/account/me'))).toMatchObject({ sub: a.id });
  });

  it('deletes: personal data gone, sessions ended, sign-in refused, register answers account_is_delete', async () => {
    const a = await signedInUser(t, { email: 'bye@example.com', phone: '0912000400' });
    const other = await signInWithPassword(
      t.app,
      { username: 'bye@example.com', password: TEST_PASSWORD },
      { scope: 'openid offline_access' },
    );
    const b = await signedInUser(t, { email: 'stay@example.com' });
    await db()
      .update(users)
      .set({
        birthdate: '1990-01-01',
        gender: 1,
        identification: '12345678',
        bio: '<p>hi</p>',
        avatar: 'http://x/a.png',
      })
      .where(eq(users.id, a.id));
    await db().insert(userClaims).values({ userId: a.id, claimType: 'email_recovery', claimValue: 'r@example.com' });
    await db().insert(userContacts).values({ userId: a.id, type: 2, value: 'bye-pending@example.com' });

    expect(resultOf(await a.call('DELETE', DELETE_ACCOUNT_PATH, { confirm: true, password: TEST_PASSWORD }))).toBe(
      true,
    );

    const [row] = await db().select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({
      firstName: '',
      lastName: '',
      passwordHash: null,
      birthdate: null,
      gender: null,
      identification: null,
      bio: null,
      avatar: null,
      deletedAt: expect.any(Date),
    });
    expect(await db().select().from(userClaims).where(eq(userClaims.userId, a.id))).toEqual([]);
    const contacts = await db().select().from(userContacts).where(eq(userContacts.userId, a.id));
    expect(contacts.map((c) => [c.value, c.isConfirmed, c.allowLogin])).toEqual([['bye@example.com', true, false]]);
    // Every session and token is gone.
    await expectSignedOutEverywhere(t, a.id, [a, other]);
    expect((await db().select().from(devices).where(eq(devices.userId, a.id))).every((d) => d.loggedOutAt)).toBe(true);
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, a.id));
    expect(log.map((l) => l.action)).toContain('activity_account_deleted');
    // Sign-in is refused; the address is known as deleted.
    const flow = await startAuthorization(t.app);
    const login = await postJson(t.app, '/api/account/login', {
      username: 'bye@example.com',
      password: TEST_PASSWORD,
      returnUrl: flow.returnUrl,
    });
    expect(login.statusCode).toBe(400);
    expect(await isDeletedAccountEmail(db(), 'BYE@example.com')).toBe(true);
    expect(await isDeletedAccountEmail(db(), 'stay@example.com')).toBe(false);
    const register = await postJson(t.app, registerEndpoints.sendOtp.path, { username: 'bye@example.com' });
    expect(register.json().exception?.message).toBe('account_is_delete');
    // The other user is untouched.
    expect(resultOf(await b.call('GET', '/api/account/me'))).toMatchObject({ sub: b.id });
  });

  it('publishes user.deleted inside the transaction; a failing subscriber leaves nothing erased', async () => {
    const a = await signedInUser(t, { email: 'evt-fail@example.com', phone: '0912000401' });
    await db().insert(userClaims).values({ userId: a.id, claimType: 'email_recovery', claimValue: 'r2@example.com' });
    const seen: { userId: string; ip: string }[] = [];
    // Runs after every subscriber of server/src/app.ts has written its part through the same tx.
    const off = t.deps.events.subscribe('user.deleted', async ({ userId, ip, tx }) => {
      seen.push({ userId, ip });
      expect(await tx.select().from(userClaims).where(eq(userClaims.userId, userId))).toEqual([]);
      throw new Error('subscriber failed');
    });
    try {
      const res = await a.call('DELETE', DELETE_ACCOUNT_PATH, { confirm: true, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(500);
    } finally {
      off();
    }
    expect(seen).toEqual([{ userId: a.id, ip: expect.any(String) }]);
    // Rolled back: the row, claims, contacts, sessions and the log are as they were.
    const [row] = await db().select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ deletedAt: null, passwordHash: expect.any(String) });
    expect(await db().select().from(userClaims).where(eq(userClaims.userId, a.id))).toHaveLength(1);
    const contacts = await db().select().from(userContacts).where(eq(userContacts.userId, a.id));
    expect(contacts.map((c) => [c.value, c.allowLogin]).sort()).toEqual([
      ['0912000401', true],
      ['evt-fail@example.com', true],
    ]);
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, a.id));
    expect(log.map((l) => l.action)).not.toContain('activity_account_deleted');
    expect(resultOf(await a.call('GET', '/api/account/me'))).toMatchObject({ sub: a.id });
    // Without the failing subscriber the same request deletes.
    expect(resultOf(await a.call('DELETE', DELETE_ACCOUNT_PATH, { confirm: true, password: TEST_PASSWORD }))).toBe(
      true,
    );
    expect((await a.call('GET', '/api/account/me')).statusCode).toBe(401);
  });

  it('an account without a password is deleted with the confirmation alone', async () => {
    const a = await signedInUser(t, { email: 'nopw@example.com' });
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, a.id));
    expect(resultOf(await a.call('DELETE', DELETE_ACCOUNT_PATH, { confirm: true }))).toBe(true);
    expect((await a.call('GET', '/api/account/me')).statusCode).toBe(401);
  });

  it('every endpoint needs the bearer token', () => expectBearerRequired(t, E, { confirm: true }));
});
