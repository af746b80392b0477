import path from 'node:path';
import {
  deleteAccountEndpoints,
  pointEndpoints as E,
  fillPath,
  type PointChange,
  type PointHistory,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, pointEntries } from '../../db/schema.js';
import { errorKey, expectBearerRequired, resultOf, signedInUser } from '../../testing/account.js';
import { useTestApp, writeClientsFile } from '../../testing/app.js';
import { productCaller, productClient } from '../../testing/products.js';
import { TEST_PASSWORD } from '../../testing/users.js';

const clientsFile = path.join(process.env.TMPDIR ?? '/tmp', `portico-points-clients-${process.pid}.json`);
const SHOP = productClient('shop-backoffice', ['points:write']);
const OTHER = productClient('lms-points', ['points:write']);
const MAILER = productClient('points-mailer', ['notifications:read']);

const pointsOf = (userId: string) => fillPath(E.change.path, { userId });
const award = (point: number, actionName = 'Hoàn thành khóa học', objectTitle = 'Toán 10') => ({
  point,
  actionName,
  objectTitle,
});

describe('loyalty points', async () => {
  await writeClientsFile(clientsFile, [SHOP, OTHER, MAILER]);
  const t = useTestApp({ OIDC_CLIENTS_FILE: clientsFile, OTP_SENDS_PER_IP: '1000' });
  let shop: Awaited<ReturnType<typeof productCaller>>;
  beforeAll(async () => {
    shop = await productCaller(t.app, SHOP.client_id, 'points:write');
  });
  const change = (userId: string, body: object, key?: string, caller = shop) =>
    caller.call('POST', pointsOf(userId), body, key === undefined ? {} : { 'idempotency-key': key });

  it('awards once per Idempotency-Key: a retry answers the same change, and the history shows one row', async () => {
    const lan = await signedInUser(t, { email: 'points-lan@example.com' });
    expect(resultOf(await lan.call('GET', E.balance.path))).toBe(0);
    const first = resultOf<PointChange>(await change(lan.id, award(120), 'order-1001'));
    expect(first).toMatchObject({ point: 120, balance: 120, created: true });
    const again = resultOf<PointChange>(await change(lan.id, award(120), 'order-1001'));
    expect(again).toEqual({ ...first, created: false });
    // The same key from another product is that product's own change.
    const other = await productCaller(t.app, OTHER.client_id, 'points:write');
    expect(resultOf<PointChange>(await change(lan.id, award(5, 'Đăng nhập'), 'order-1001', other))).toMatchObject({
      balance: 125,
      created: true,
    });
    // The same key for another change (other points, or another person) is refused, and counts nothing.
    expect(errorKey(await change(lan.id, award(999), 'order-1001'), 409)).toBe('idempotency_key_reused');
    const hoa = await signedInUser(t, { email: 'points-hoa@example.com' });
    expect(errorKey(await change(hoa.id, award(120), 'order-1001'), 409)).toBe('idempotency_key_reused');
    expect(resultOf(await hoa.call('GET', E.balance.path))).toBe(0);

    expect(resultOf(await lan.call('GET', E.balance.path))).toBe(125);
    const history = resultOf<PointHistory>(await lan.call('POST', E.history.path, { pageIndex: 1, pageSize: 10 }));
    expect(history.totalRows).toBe(2);
    expect(history.data.map((r) => [r.actionName, r.objectTitle, r.point])).toEqual([
      ['Đăng nhập', 'Toán 10', 5],
      ['Hoàn thành khóa học', 'Toán 10', 120],
    ]);
    expect(history.data[0]?.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The activity log says so once per change made, never for a retry or a refusal.
    const log = await t.deps.database.db.select().from(activityLogs).where(eq(activityLogs.userId, lan.id));
    expect(log.filter((r) => r.action.startsWith('activity_points')).map((r) => r.params)).toEqual([
      { point: '120', action: 'Hoàn thành khóa học', balance: '120' },
      { point: '5', action: 'Đăng nhập', balance: '125' },
    ]);
  });

  it('never deducts below zero; a refused deduction leaves no row and its key free', async () => {
    const minh = await signedInUser(t, { email: 'points-minh@example.com' });
    resultOf(await change(minh.id, award(50), 'minh-award'));
    expect(errorKey(await change(minh.id, award(-80, 'Đổi quà'), 'minh-spend'), 409)).toBe(
      'point_balance_insufficient',
    );
    expect(resultOf(await minh.call('GET', E.balance.path))).toBe(50);
    expect(resultOf<PointHistory>(await minh.call('POST', E.history.path, {})).totalRows).toBe(1);
    // The key was not spent: the same deduction, now covered, goes through under it.
    resultOf(await change(minh.id, award(40), 'minh-award-2'));
    expect(resultOf<PointChange>(await change(minh.id, award(-80, 'Đổi quà'), 'minh-spend'))).toMatchObject({
      balance: 10,
      created: true,
    });
  });

  it('two parallel deductions that the balance covers only once: one passes', async () => {
    const an = await signedInUser(t, { email: 'points-an@example.com' });
    resultOf(await change(an.id, award(100), 'an-award'));
    const answers = await Promise.all([
      change(an.id, award(-60, 'Đổi quà A'), 'an-spend-a'),
      change(an.id, award(-60, 'Đổi quà B'), 'an-spend-b'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(resultOf(await an.call('GET', E.balance.path))).toBe(40);
    // And a retry racing its first try lands one row.
    const same = await Promise.all([change(an.id, award(7), 'an-race'), change(an.id, award(7), 'an-race')]);
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(same.map((r) => (r.json() as { result: PointChange }).result.created).sort()).toEqual([false, true]);
    expect(resultOf(await an.call('GET', E.balance.path))).toBe(47);
  });

  it('refuses a change without a key, with a zero or fractional point, or for nobody', async () => {
    const bao = await signedInUser(t, { email: 'points-bao@example.com' });
    expect(errorKey(await change(bao.id, award(10)))).toBe('idempotency_key_required');
    expect(errorKey(await change(bao.id, award(10), 'x'.repeat(101)))).toBe('idempotency_key_required');
    expect(errorKey(await change(bao.id, award(0), 'zero'))).toBe('point_change_zero');
    expect(errorKey(await change(bao.id, { ...award(1), point: 1.5 }, 'half'))).toBe('invalid_input');
    expect(errorKey(await change('no-such-user', award(10), 'nobody'), 404)).toBe('not_found');
    expect(errorKey(await change(bao.id, { point: 10 }, 'no-action'))).toBe('invalid_input');
    expect(resultOf(await bao.call('GET', E.balance.path))).toBe(0);
  });

  it('takes only a product token with points:write; a person reads only their own history', async () => {
    await expectBearerRequired(t, { history: E.history, balance: E.balance });
    const cuc = await signedInUser(t, { email: 'points-cuc@example.com' });
    const dung = await signedInUser(t, { email: 'points-dung@example.com' });
    resultOf(await change(cuc.id, award(30), 'cuc-1'));
    // A person's own token holds no back-office permission: 403; nor a product without the scope.
    expect((await cuc.call('POST', pointsOf(cuc.id), award(1), { 'idempotency-key': 'self' })).statusCode).toBe(403);
    const mailer = await productCaller(t.app, MAILER.client_id, 'notifications:read');
    expect(errorKey(await change(cuc.id, award(1), 'mailer', mailer), 403)).toBe('forbidden');
    // The second person sees nothing of the first.
    expect(resultOf(await dung.call('GET', E.balance.path))).toBe(0);
    expect(resultOf<PointHistory>(await dung.call('POST', E.history.path, {}))).toEqual({ data: [], totalRows: 0 });
    const res = await cuc.call('POST', E.history.path, {});
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('an account deleted takes its points with it', async () => {
    const em = await signedInUser(t, { email: 'points-em@example.com' });
    resultOf(await change(em.id, award(30), 'em-1'));
    resultOf(await em.call('DELETE', deleteAccountEndpoints.remove.path, { confirm: true, password: TEST_PASSWORD }));
    const rows = await t.deps.database.db.select().from(pointEntries).where(eq(pointEntries.userId, em.id));
    expect(rows).toEqual([]);
    expect(errorKey(await change(em.id, award(1), 'em-2'), 404)).toBe('not_found');
  });

  it('a change racing the deletion of the account leaves nothing behind', async () => {
    const ha = await signedInUser(t, { email: 'points-ha@example.com' });
    resultOf(await change(ha.id, award(10), 'ha-1'));
    const [changed, deleted] = await Promise.all([
      change(ha.id, award(20), 'ha-2'),
      ha.call('DELETE', deleteAccountEndpoints.remove.path, { confirm: true, password: TEST_PASSWORD }),
    ]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect([200, 404]).toContain(changed.statusCode);
    const rows = await t.deps.database.db.select().from(pointEntries).where(eq(pointEntries.userId, ha.id));
    expect(rows).toEqual([]);
  });
});
