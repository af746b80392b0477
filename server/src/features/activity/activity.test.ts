import { type ActivityPage, activityEndpoints } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema.js';
import { insertActivity, renderActivity } from '../../modules/activity/index.js';
import { errorKey, resultOf, signedInUser } from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';
import { browse, confirmEndSession } from '../../testing/oidc-flow.js';

describe('activity rendering', () => {
  it('escapes every parameter and the template; only <strong> is markup', () => {
    expect(renderActivity('en-US', 'activity_email_added', { value: '<img src=x onerror=alert(1)>@x.com' })).toBe(
      'Added the e-mail address <strong>&lt;img src=x onerror=alert(1)&gt;@x.com</strong>',
    );
    expect(
      renderActivity('vi-VN', 'activity_sign_in', {
        method: 'password',
        device: 'Windows 10 · Chrome 124',
        ip: '1.2.3.4',
      }),
    ).toBe(
      'Đăng nhập bằng <strong>mật khẩu</strong> trên <strong>Windows 10 · Chrome 124</strong> (IP <strong>1.2.3.4</strong>)',
    );
    expect(renderActivity('en-US', 'activity_email_allow_login', { value: 'a@b.co', allow: false })).toContain(
      '<strong>no</strong>',
    );
    expect(renderActivity('en-US', 'activity_recovery_updated', { claim: 'email_recovery' })).toBe(
      'Updated a recovery method: <strong>recovery e-mail</strong>',
    );
    expect(renderActivity('en-US', '<b>unknown</b>', {})).toBe('&lt;b&gt;unknown&lt;/b&gt;');
    expect(renderActivity('en-US', 'activity_logout_all', null)).toBe('Signed out of all devices');
  });
});

describe('activity log API', () => {
  const t = useTestApp({ LOGIN_CAPTCHA_AFTER_FAILURES: '1000' });

  it('pages the log newest first in the reader language; another user sees only their own', async () => {
    const a = await signedInUser(t, { email: 'act-log-a@example.com' });
    const b = await signedInUser(t, { email: 'act-log-b@example.com' });
    for (let i = 1; i <= 12; i++) {
      await insertActivity(t.deps.database.db, {
        userId: a.id,
        action: 'activity_email_added',
        params: { value: `n${i}@x.com` },
      });
    }
    const first = resultOf<ActivityPage>(
      await a.call('GET', activityEndpoints.list.path, undefined, { 'accept-language': 'en-US' }),
    );
    expect(first.totalRows).toBe(13); // 12 + the sign-in
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toEqual({
      id: expect.any(Number),
      actionText: 'Added the e-mail address <strong>n12@x.com</strong>',
      createdDate: expect.any(String),
    });
    const second = resultOf<ActivityPage>(
      await a.call('GET', `${activityEndpoints.list.path}?pageIndex=2&pageSize=10`),
    );
    expect(second.data.map((d) => d.actionText)).toEqual([
      'Thêm email <strong>n2@x.com</strong>',
      'Thêm email <strong>n1@x.com</strong>',
      expect.stringMatching(/^Đăng nhập bằng <strong>mật khẩu<\/strong>/),
    ]);
    expect(
      resultOf<ActivityPage>(await a.call('GET', `${activityEndpoints.list.path}?pageIndex=1&pageSize=5`)).data,
    ).toHaveLength(5);
    // Nonsense paging falls back to the defaults.
    expect(
      resultOf<ActivityPage>(await a.call('GET', `${activityEndpoints.list.path}?pageIndex=-3&pageSize=abc`)).data,
    ).toHaveLength(10);

    const mine = resultOf<ActivityPage>(await b.call('GET', activityEndpoints.list.path));
    expect(mine.totalRows).toBe(1);
    expect(mine.data[0]?.actionText).toMatch(/^Đăng nhập/);
    expect(errorKey(await t.app.inject({ url: activityEndpoints.list.path }), 401)).toBe('unauthorized');
  });

  it('records sign-out at the end-session endpoint', async () => {
    const a = await signedInUser(t, { email: 'act-out@example.com' });
    await expect.poll(async () => (await t.deps.database.db.query.devices.findFirst())?.sessionUid).toBeTruthy();
    const confirm = await browse(t.app, a.flow.jar, `/oidc/session/end?id_token_hint=${a.tokens.id_token}`);
    const done = await confirmEndSession(t.app, a.flow.jar, confirm.body, true);
    expect(done.statusCode).toBe(303);
    // Signing out ends the session's tokens too; read the stored log.
    await expect
      .poll(async () =>
        (await t.deps.database.db.select().from(activityLogs).where(eq(activityLogs.userId, a.id))).map((l) =>
          renderActivity('en-US', l.action, l.params).replace(/<[^>]+>/g, ''),
        ),
      )
      .toContainEqual(expect.stringMatching(/^Signed out on /));
  });
});
