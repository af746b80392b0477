import { authEndpoints, devicesEndpoints as E, forgotPasswordEndpoints } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { activityLogs, devices, knownBrowsers, userContacts } from '../../db/schema.js';
import { queuedSendsDone } from '../../lib/send-later.js';
import { BROWSER_COOKIE } from '../../modules/sign-in/index.js';
import { errorKey, resultOf } from '../../testing/account.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { bearer, CookieJar, finishSignIn, postJson, refresh, startAuthorization } from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

// New-sign-in alerts (issue 32 point 6): server/src/modules/devices/events.ts notes the browser,
// server/src/modules/alerts mails the owner, not-me.ts follows the mail's link.
describe('new-sign-in alerts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA_AFTER_FAILURES: '1000' });
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;

  /** A password sign-in in the browser `jar`, keeping the cookies the login call sets, as a browser does. */
  async function signInFrom(jar: CookieJar, username: string, scope = 'openid') {
    // A browser signed in already is asked again (prompt=login), as a second sign-in would be.
    const prompt = scope.includes('offline_access') ? 'login consent' : 'login';
    const flow = await startAuthorization(t.app, { jar, scope, params: { prompt } });
    const login = await postJson(t.app, authEndpoints.login.path, {
      username,
      password: TEST_PASSWORD,
      returnUrl: flow.returnUrl,
    });
    expect(login.statusCode, login.body).toBe(200);
    jar.store(login);
    return { flow, tokens: await finishSignIn(t.app, flow, login.json().result.redirectUrl) };
  }
  const alerts = async (to: string) => {
    await queuedSendsDone();
    return (await listOutboxMessages(db(), to, 50)).filter((m) => m.subject.includes('đăng nhập mới'));
  };
  const linkToken = (text: string) => /\/not-me\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
  const notMe = (token: string) => postJson(t.app, E.notMe.path, { token });

  it('mails once per new browser, not for the first sign-in nor a browser used before', async () => {
    const email = 'alert-a@example.com';
    const user = await createUser(db(), { email });
    const laptop = new CookieJar();
    await signInFrom(laptop, email);
    expect(await alerts(email)).toHaveLength(0);
    expect(laptop.get(BROWSER_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same browser again: known.
    await signInFrom(laptop, email);
    expect(await alerts(email)).toHaveLength(0);

    const phone = new CookieJar();
    await signInFrom(phone, email);
    const [mail, ...more] = await alerts(email);
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain('Thiết bị:');
    expect(mail?.text).toContain('IP ');
    expect(mail?.text).toContain('mật khẩu');
    expect(linkToken(mail?.text ?? '')).not.toBe('');
    await signInFrom(phone, email);
    expect(await alerts(email)).toHaveLength(1);
    // Only hashes are stored: the cookie's key is nowhere in the table.
    const rows = await db().select().from(knownBrowsers).where(eq(knownBrowsers.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.keyHash)).not.toContain(phone.get(BROWSER_COOKIE));
  });

  it('the link signs that browser out once, leaves the others, and hands over a password reset', async () => {
    const email = 'alert-b@example.com';
    const user = await createUser(db(), { email, languageId: 'en-US' });
    const mine = await signInFrom(new CookieJar(), email);
    const theirs = await signInFrom(new CookieJar(), email, 'openid offline_access');
    const [mail] = (await listOutboxMessages(db(), email, 5)).filter((m) => m.subject.includes('new sign-in'));
    expect(mail?.text).toContain('/en-us/not-me?token=');
    const token = linkToken(mail?.text ?? '');

    // Someone else's guess, or nothing, is refused alike.
    expect(errorKey(await notMe('x'.repeat(43)))).toBe('not_me_link_invalid');
    expect(errorKey(await notMe(''))).toBe('not_me_link_invalid');

    const answer = resultOf<{ reset: { username: string; token: string } | null }>(await notMe(token));
    expect(answer.reset?.username).toBe(email);
    // That browser is out: its access and refresh tokens stop working at once.
    const me = (access: string) => t.app.inject({ url: '/api/account/me', headers: bearer(access) });
    expect((await me(theirs.tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(t.app, theirs.flow, theirs.tokens.refresh_token!)).json().error).toBe('invalid_grant');
    expect((await me(mine.tokens.access_token)).statusCode).toBe(200);
    // Once.
    expect(errorKey(await notMe(token))).toBe('not_me_link_invalid');

    // The reset token sets a new password, as a forgot-password code would.
    const reset = await postJson(t.app, forgotPasswordEndpoints.resetPassword.path, {
      username: email,
      token: answer.reset!.token,
      password: 'A-new-Password-42',
      rePassword: 'A-new-Password-42',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(log.map((l) => l.action)).toContain('activity_not_me');
    const out = await db().select().from(devices).where(eq(devices.userId, user.id));
    expect(out.every((d) => d.loggedOutAt)).toBe(true); // the reset ended the rest
  });

  it('an address that does not sign in gets the sign-out but no reset token', async () => {
    const email = 'alert-c@example.com';
    await createUser(db(), { email, phone: '0912345671', allowLogin: true });
    await signInFrom(new CookieJar(), email);
    await signInFrom(new CookieJar(), email);
    const [mail] = await alerts(email);
    await db().update(userContacts).set({ allowLogin: false }).where(eq(userContacts.value, email));
    expect(resultOf<{ reset: unknown }>(await notMe(linkToken(mail?.text ?? ''))).reset).toBeNull();
  });
});
