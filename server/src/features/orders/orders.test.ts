import path from 'node:path';
import {
  type CreatedOrder,
  deleteAccountEndpoints,
  orderEndpoints as E,
  fillPath,
  type NewOrderInput,
  type Order,
  type OrderList,
  type PaymentAttempt,
  productUserEndpoints,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, orders, paymentAttempts } from '../../db/schema.js';
import { errorKey, expectBearerRequired, resultOf, type SignedInUser, signedInUser } from '../../testing/account.js';
import { useTestApp, writeClientsFile } from '../../testing/app.js';
import { momoResult, startFakePayments, vnpaySign, zalopayCallback } from '../../testing/fake-payments.js';
import { productCaller, productClient } from '../../testing/products.js';
import { TEST_PASSWORD } from '../../testing/users.js';

const clientsFile = path.join(process.env.TMPDIR ?? '/tmp', `portico-orders-clients-${process.pid}.json`);
const SHOP = productClient('orders-shop', ['orders:write', 'users:read']);
const LMS = productClient('orders-lms', ['orders:write']);
const MAILER = productClient('orders-mailer', ['notifications:read']);
const SITE = productClient('orders-payment-site', ['payments:write']);

const COURSE: NewOrderInput['items'] = [
  {
    title: 'Khóa học Toán 10',
    url: 'https://learn.example.com/toan-10',
    blockId: 'lms',
    objectTypeName: 'Khóa học',
    quantity: 1,
    price: 1_500_000,
    discountPrice: 1_250_000,
  },
  { title: 'Sách bài tập', quantity: 2, price: 200_000 },
];

describe('orders and their payment', async () => {
  await writeClientsFile(clientsFile, [SHOP, LMS, MAILER, SITE]);
  const fake = await startFakePayments({ vnpayIpnUrl: 'http://localhost:3000/payment/vnpay/notify' });
  afterAll(() => fake.close());
  const t = useTestApp({ OIDC_CLIENTS_FILE: clientsFile, OTP_SENDS_PER_IP: '1000', ...fake.env });
  let shop: Awaited<ReturnType<typeof productCaller>>;
  beforeAll(async () => {
    shop = await productCaller(t.app, SHOP.client_id, 'orders:write users:read');
  });

  const create = (userId: string, key: string, items = COURSE, caller = shop) =>
    caller.call('POST', E.create.path, { userId, items }, { 'idempotency-key': key });
  const newOrder = async (userId: string, key: string, items = COURSE) =>
    resultOf<CreatedOrder>(await create(userId, key, items));
  const pay = (who: SignedInUser, id: number, gateway: string) =>
    who.call('POST', fillPath(E.pay.path, { id }), { gateway });
  const statusOf = async (id: number) =>
    (await t.deps.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
  const attemptOf = async (reference: string) =>
    (await t.deps.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)))[0];
  /** The IPN VNPay would send for an attempt, signed as VNPay signs (by the fake's own signer). */
  const vnpayIpn = (
    reference: string,
    amount: number,
    over: Record<string, string> = {},
    secret = fake.keys.vnpay.hashSecret,
  ) => {
    const fields = {
      vnp_Amount: String(amount * 100),
      vnp_BankCode: 'NCB',
      vnp_CardType: 'ATM',
      vnp_OrderInfo: 'Thanh toan don hang',
      vnp_PayDate: '20261127103000',
      vnp_ResponseCode: '00',
      vnp_TmnCode: fake.keys.vnpay.tmnCode,
      vnp_TransactionNo: '14422574',
      vnp_TransactionStatus: '00',
      vnp_TxnRef: reference,
      ...over,
    };
    const signed = vnpaySign(secret, fields);
    return `/payment/vnpay/notify?${signed.query}&vnp_SecureHash=${signed.hash}`;
  };
  const ipn = async (url: string) => (await t.app.inject({ url })).json() as { RspCode: string; Message: string };

  it('a product creates an order once per Idempotency-Key, the amount worked out from the lines', async () => {
    const lan = await signedInUser(t, { email: 'orders-lan@example.com' });
    const made = await newOrder(lan.id, 'cart-1001');
    expect(made).toMatchObject({ userId: lan.id, status: 0, amount: 1_650_000, discount: 250_000, created: true });
    expect(made.paymentMethod).toBe('AUTO');
    expect(made.orderDetails.map((l) => [l.title, l.quantity, l.price, l.discountPrice])).toEqual([
      ['Khóa học Toán 10', 1, 1_500_000, 1_250_000],
      ['Sách bài tập', 2, 200_000, null],
    ]);
    // A retry (even in parallel) answers the same order; the key for other lines is refused.
    const [again, racing] = await Promise.all([create(lan.id, 'cart-1001'), create(lan.id, 'cart-1001')]);
    expect(resultOf<CreatedOrder>(again)).toEqual({ ...made, created: false });
    expect(resultOf<CreatedOrder>(racing).id).toBe(made.id);
    expect(errorKey(await create(lan.id, 'cart-1001', [{ title: 'Khác', quantity: 1, price: 1 }]), 409)).toBe(
      'idempotency_key_reused',
    );
    // Another product's same key is its own order; nothing to pay is paid at once (PaidAuto).
    const lms = await productCaller(t.app, LMS.client_id, 'orders:write');
    const free = resultOf<CreatedOrder>(
      await create(lan.id, 'cart-1001', [{ title: 'Bài miễn phí', quantity: 1, price: 0 }], lms),
    );
    expect(free).toMatchObject({ status: 4, amount: 0, created: true });
    // The product reads back only its own orders.
    expect(resultOf<Order>(await shop.call('GET', fillPath(E.read.path, { id: made.id }))).status).toBe(0);
    expect(errorKey(await lms.call('GET', fillPath(E.read.path, { id: made.id })), 404)).toBe('not_found');
  });

  it('refuses a bad order: no key, no lines, a discount above the price, money not whole, nobody', async () => {
    const bao = await signedInUser(t, { email: 'orders-bao@example.com' });
    expect(errorKey(await shop.call('POST', E.create.path, { userId: bao.id, items: COURSE }))).toBe(
      'idempotency_key_required',
    );
    expect(errorKey(await create(bao.id, 'k-empty', []))).toBe('invalid_input');
    expect(
      errorKey(await create(bao.id, 'k-disc', [{ title: 'A', quantity: 1, price: 100, discountPrice: 200 }])),
    ).toBe('order_discount_above_price');
    expect(errorKey(await create(bao.id, 'k-frac', [{ title: 'A', quantity: 1, price: 10.5 }]))).toBe('invalid_input');
    expect(errorKey(await create(bao.id, 'k-neg', [{ title: 'A', quantity: 1, price: -1 }]))).toBe('invalid_input');
    expect(errorKey(await create('no-such-user', 'k-nobody'), 404)).toBe('not_found');
    const res = await bao.call('POST', E.list.path, {});
    expect(resultOf<OrderList>(res)).toEqual({ data: [], totalRows: 0 });
  });

  it("lists a person's orders by status (Paid includes PaidAuto), 10 a page; another person reaches none", async () => {
    await expectBearerRequired(t, { list: E.list, detail: E.detail, pay: E.pay, attempt: E.attempt });
    const cuc = await signedInUser(t, { email: 'orders-cuc@example.com' });
    const dung = await signedInUser(t, { email: 'orders-dung@example.com' });
    for (let i = 0; i < 11; i++) await newOrder(cuc.id, `cuc-${i}`);
    const auto = await newOrder(cuc.id, 'cuc-free', [{ title: 'Miễn phí', quantity: 1, price: 0 }]);
    const first = await cuc.call('POST', E.list.path, { pageIndex: 1, pageSize: 10 });
    expect(first.headers['cache-control']).toContain('no-store');
    const page = resultOf<OrderList>(first);
    expect(page.totalRows).toBe(12);
    expect(page.data).toHaveLength(10);
    expect(page.data[0]).toMatchObject({ id: auto.id, status: 4, title: 'Miễn phí', lineCount: 1 });
    expect(page.data[1]).toMatchObject({ status: 0, amount: 1_650_000, title: 'Khóa học Toán 10', lineCount: 2 });
    const paid = resultOf<OrderList>(await cuc.call('POST', E.list.path, { status: 3, listStatus: [3, 4] }));
    expect(paid.data.map((o) => o.id)).toEqual([auto.id]);
    expect(resultOf<OrderList>(await cuc.call('POST', E.list.path, { status: 0 })).totalRows).toBe(11);
    expect(resultOf<OrderList>(await cuc.call('POST', E.list.path, { status: 2 })).totalRows).toBe(0);
    // The second person: nothing listed, the first's order neither read nor paid.
    expect(resultOf<OrderList>(await dung.call('POST', E.list.path, {})).totalRows).toBe(0);
    const theirs = page.data[1]?.id as number;
    expect(errorKey(await dung.call('GET', fillPath(E.detail.path, { id: theirs })), 404)).toBe('not_found');
    expect(errorKey(await pay(dung, theirs, 'vnpay'), 404)).toBe('not_found');
    const detail = await cuc.call('GET', fillPath(E.detail.path, { id: theirs }));
    expect(detail.headers['cache-control']).toContain('no-store');
    expect(resultOf<Order>(detail).orderDetails).toHaveLength(2);
    const started = resultOf<{ reference: string }>(await pay(cuc, theirs, 'vnpay'));
    expect(errorKey(await dung.call('GET', fillPath(E.attempt.path, { reference: started.reference })), 404)).toBe(
      'not_found',
    );
  });

  it('VNPay: a signed payment URL; the IPN checked for signature and amount moves the order once', async () => {
    const em = await signedInUser(t, { email: 'orders-em@example.com' });
    const order = await newOrder(em.id, 'em-1');
    const started = resultOf<{ reference: string; location: string }>(await pay(em, order.id, 'vnpay'));
    const url = new URL(started.location);
    expect(`${url.origin}${url.pathname}`).toBe(fake.env.VNPAY_PAY_URL);
    const sent = Object.fromEntries(url.searchParams);
    expect(sent).toMatchObject({ vnp_Amount: '165000000', vnp_TxnRef: started.reference, vnp_Version: '2.1.0' });
    expect(sent.vnp_ReturnUrl).toBe('http://localhost:3000/payment/vnpay/return');
    expect(vnpaySign(fake.keys.vnpay.hashSecret, sent).hash).toBe(sent.vnp_SecureHash);
    const attempt = () =>
      em
        .call('GET', fillPath(E.attempt.path, { reference: started.reference }))
        .then((r) => resultOf<PaymentAttempt>(r));
    expect(await attempt()).toMatchObject({ state: 'pending', orderStatus: 0, amount: 1_650_000, gateway: 'vnpay' });

    // Tampered (another secret) and a wrong amount: refused, the order still in Wait.
    expect((await ipn(vnpayIpn(started.reference, 1_650_000, {}, 'not-the-secret'))).RspCode).toBe('97');
    expect((await ipn(vnpayIpn(started.reference, 1_000, {}))).RspCode).toBe('04');
    expect((await ipn(vnpayIpn('V-unknown', 1_650_000))).RspCode).toBe('01');
    expect(await statusOf(order.id)).toBe(0);
    // The real one: Paid, the attempt kept with the gateway's transaction; a replay changes nothing.
    expect(await ipn(vnpayIpn(started.reference, 1_650_000))).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    const ended = await attemptOf(started.reference);
    expect(ended).toMatchObject({ state: 'paid', gatewayTransaction: '14422574', resultCode: '00' });
    expect(await attempt()).toMatchObject({ state: 'paid', orderStatus: 3 });
    expect(
      (await ipn(vnpayIpn(started.reference, 1_650_000, { vnp_ResponseCode: '24', vnp_TransactionStatus: '02' })))
        .RspCode,
    ).toBe('02');
    expect(await attemptOf(started.reference)).toEqual(ended);
    expect(resultOf<Order>(await em.call('GET', fillPath(E.detail.path, { id: order.id })))).toMatchObject({
      status: 3,
      paymentGatewayType: 'vnpay',
    });
    expect(errorKey(await pay(em, order.id, 'vnpay'), 409)).toBe('order_not_payable');
    // The activity log says so, in the reader's language.
    const log = await t.deps.database.db.select().from(activityLogs).where(eq(activityLogs.userId, em.id));
    expect(log.map((r) => [r.action, r.params])).toContainEqual([
      'activity_order_paid',
      { id: order.id, amount: '1,650,000đ', gateway: 'VNPay' },
    ]);

    // The return: to the attempt's page when signed, to the orders when not; its query changes nothing.
    const back = await t.app.inject({ url: vnpayIpn(started.reference, 1_650_000).replace('/notify', '/return') });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/order/payment/${started.reference}`);
    const forged = await t.app.inject({
      url: vnpayIpn(started.reference, 1, {}, 'forged').replace('/notify', '/return'),
    });
    expect(forged.headers.location).toBe('/order');
    const forgedInEnglish = await t.app.inject({
      url: vnpayIpn(started.reference, 1, {}, 'forged').replace('/notify', '/return'),
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(forgedInEnglish.headers.location).toBe('/en-us/order');
  });

  it('VNPay: two copies of one IPN at once land once; a failed payment moves Wait to Failure', async () => {
    const ha = await signedInUser(t, { email: 'orders-ha@example.com' });
    const order = await newOrder(ha.id, 'ha-1');
    const { reference } = resultOf<{ reference: string }>(await pay(ha, order.id, 'vnpay'));
    const answers = await Promise.all([ipn(vnpayIpn(reference, 1_650_000)), ipn(vnpayIpn(reference, 1_650_000))]);
    expect(answers.map((a) => a.RspCode).sort()).toEqual(['00', '02']);
    const log = await t.deps.database.db.select().from(activityLogs).where(eq(activityLogs.userId, ha.id));
    expect(log.filter((r) => r.action === 'activity_order_paid')).toHaveLength(1);

    const other = await newOrder(ha.id, 'ha-2');
    const second = resultOf<{ reference: string }>(await pay(ha, other.id, 'vnpay'));
    const failed = { vnp_ResponseCode: '24', vnp_TransactionStatus: '02' };
    expect((await ipn(vnpayIpn(second.reference, 1_650_000, failed))).RspCode).toBe('00');
    expect(await statusOf(other.id)).toBe(2);
    expect((await attemptOf(second.reference))?.state).toBe('failed');
  });

  it('ZaloPay: the order made at the gateway with its MAC; the callback checked with key2, once', async () => {
    const an = await signedInUser(t, { email: 'orders-an@example.com' });
    const order = await newOrder(an.id, 'an-1');
    const started = resultOf<{ reference: string; location: string }>(await pay(an, order.id, 'zalopay'));
    expect(started.location.startsWith(`${fake.base}/zalopay/pay/`)).toBe(true);
    expect(started.reference).toMatch(/^\d{6}_[0-9a-f]{20}$/);
    const paid = {
      app_id: Number(fake.keys.zalopay.appId),
      app_trans_id: started.reference,
      app_time: Date.now(),
      app_user: `portico_order_${order.id}`,
      amount: 1_650_000,
      embed_data: '{}',
      item: '[]',
      zp_trans_id: 240_101_000_000_389,
      server_time: Date.now(),
      channel: 38,
      merchant_user_id: 'u',
      user_fee_amount: 0,
      discount_amount: 0,
    };
    const callback = (body: object) =>
      t.app.inject({ method: 'POST', url: '/payment/zalopay/notify', payload: body }).then((r) => r.json());
    expect(await callback({ ...zalopayCallback(fake.keys.zalopay.key2, paid), mac: 'f'.repeat(64) })).toMatchObject({
      return_code: -1,
    });
    expect(await callback(zalopayCallback(fake.keys.zalopay.key2, { ...paid, amount: 1 }))).toMatchObject({
      return_code: -1,
    });
    expect(await statusOf(order.id)).toBe(0);
    expect(await callback(zalopayCallback(fake.keys.zalopay.key2, paid))).toEqual({
      return_code: 1,
      return_message: 'success',
    });
    expect(await callback(zalopayCallback(fake.keys.zalopay.key2, paid))).toMatchObject({ return_code: 2 });
    expect(await statusOf(order.id)).toBe(3);
    expect((await attemptOf(started.reference))?.gatewayTransaction).toBe('240101000000389');
  });

  it('ZaloPay: a refusal, which it never calls back, is learnt from its /v2/query on the return; not yet paid stays pending', async () => {
    const khoa = await signedInUser(t, { email: 'orders-khoa@example.com' });
    const attemptSeen = async (reference: string) =>
      resultOf<PaymentAttempt>(await khoa.call('GET', fillPath(E.attempt.path, { reference })));
    // Not paid yet: the gateway's answer (3) changes nothing.
    const waiting = resultOf<{ reference: string }>(await pay(khoa, (await newOrder(khoa.id, 'khoa-1')).id, 'zalopay'));
    expect((await attemptSeen(waiting.reference)).state).toBe('pending');

    const order = await newOrder(khoa.id, 'khoa-2');
    const started = resultOf<{ reference: string; location: string }>(await pay(khoa, order.id, 'zalopay'));
    const token = started.location.split('/').pop();
    const cancelled = await fetch(`${fake.base}/finish/${token}`, {
      method: 'POST',
      body: new URLSearchParams({ paid: '0' }),
      redirect: 'manual',
    });
    const back = new URL(cancelled.headers.get('location') ?? '');
    expect(back.searchParams.get('status')).toBe('-49');
    const returned = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(returned.headers.location).toBe(`/order/payment/${started.reference}`);
    expect(await statusOf(order.id)).toBe(2);
    expect(await attemptSeen(started.reference)).toMatchObject({ state: 'failed', orderStatus: 2 });
    expect((await attemptOf(started.reference))?.resultCode).toBe('-49');
  });

  it('MoMo: the create signed for MoMo; the IPN checked, answered 204, a failure leaves the order unpayable', async () => {
    const bich = await signedInUser(t, { email: 'orders-bich@example.com' });
    const order = await newOrder(bich.id, 'bich-1');
    const started = resultOf<{ reference: string; location: string }>(await pay(bich, order.id, 'momo'));
    expect(started.location.startsWith(`${fake.base}/momo/pay/`)).toBe(true);
    const result = (resultCode: number, amount = 1_650_000) =>
      momoResult(fake.keys.momo, {
        partnerCode: fake.keys.momo.partnerCode,
        orderId: started.reference,
        requestId: started.reference,
        amount,
        orderInfo: `Thanh toan don hang ${order.id}`,
        orderType: 'momo_wallet',
        transId: 4_088_878_653,
        resultCode,
        message: resultCode ? 'Transaction denied by user.' : 'Successful.',
        payType: 'qr',
        responseTime: Date.now(),
        extraData: '',
      });
    const notify = (body: object) => t.app.inject({ method: 'POST', url: '/payment/momo/notify', payload: body });
    expect((await notify({ ...result(0), amount: 1 })).statusCode).toBe(400);
    expect((await notify(result(0, 1))).statusCode).toBe(400);
    expect(await statusOf(order.id)).toBe(0);
    expect((await notify(result(1006))).statusCode).toBe(204);
    expect(await statusOf(order.id)).toBe(2);
    expect((await notify(result(0))).statusCode).toBe(204);
    expect(await statusOf(order.id)).toBe(2);
    expect(errorKey(await pay(bich, order.id, 'momo'), 409)).toBe('order_not_payable');
    // The signed return leads to the attempt's page in the attempt's language.
    const query = new URLSearchParams(Object.entries(result(1006)).map(([k, v]): [string, string] => [k, String(v)]));
    const back = await t.app.inject({ url: `/payment/momo/return?${query}` });
    expect(back.headers.location).toBe(`/order/payment/${started.reference}`);
  });

  it('an external payment site reads any order and reports it paid once per key, for its amount only, from Wait only', async () => {
    const duc = await signedInUser(t, { email: 'orders-duc@example.com' });
    const order = await newOrder(duc.id, 'duc-1');
    const site = await productCaller(t.app, SITE.client_id, 'payments:write');
    const sitePath = fillPath(E.siteRead.path, { id: order.id });
    // It reads what the shop made; the shop cannot report, nor the site make orders.
    expect(resultOf<CreatedOrder>(await site.call('GET', sitePath))).toMatchObject({ amount: 1_650_000, status: 0 });
    expect(errorKey(await shop.call('GET', sitePath), 403)).toBe('forbidden');
    expect(errorKey(await create(duc.id, 'site-made', COURSE, site), 403)).toBe('forbidden');
    const report = (key: string, body: Record<string, unknown>) =>
      site.call(
        'POST',
        sitePath,
        { outcome: 'paid', gateway: 'vnpay', transaction: 'SITE-1', ...body },
        {
          'idempotency-key': key,
        },
      );
    expect(errorKey(await report('k1', { amount: 1 }), 409)).toBe('order_amount_mismatch');
    expect(await statusOf(order.id)).toBe(0);
    expect(
      errorKey(
        await site.call('POST', sitePath, { outcome: 'paid', amount: 1_650_000, gateway: 'vnpay', transaction: 'x' }),
        400,
      ),
    ).toBe('idempotency_key_required');
    const paid = resultOf<CreatedOrder>(await report('k2', { amount: 1_650_000 }));
    expect(paid).toMatchObject({ status: 3, created: true, paymentGatewayType: 'vnpay', userId: duc.id });
    // A retry answers the same; the key for another report is refused; another key finds it paid.
    expect(resultOf<CreatedOrder>(await report('k2', { amount: 1_650_000 }))).toMatchObject({
      status: 3,
      created: false,
    });
    expect(errorKey(await report('k2', { amount: 1_650_000, outcome: 'failed' }), 409)).toBe('idempotency_key_reused');
    expect(errorKey(await report('k3', { amount: 1_650_000, outcome: 'failed' }), 409)).toBe('order_not_payable');
    const kept = await t.deps.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id));
    expect(kept.map((a) => [a.state, a.gateway, a.gatewayTransaction, a.resultCode])).toEqual([
      ['paid', 'vnpay', 'SITE-1', 'payment_site'],
    ]);
    expect(errorKey(await site.call('GET', fillPath(E.siteRead.path, { id: 999_999 })), 404)).toBe('not_found');
  });

  it('takes only a caller holding the permission; users:read answers the basic profile', async () => {
    const cam = await signedInUser(t, { email: 'orders-cam@example.com', firstName: 'Cầm', lastName: 'Nguyễn' });
    expect(
      (await cam.call('POST', E.create.path, { userId: cam.id, items: COURSE }, { 'idempotency-key': 'self' }))
        .statusCode,
    ).toBe(403);
    const mailer = await productCaller(t.app, MAILER.client_id, 'notifications:read');
    expect(errorKey(await create(cam.id, 'mailer', COURSE, mailer), 403)).toBe('forbidden');
    const lms = await productCaller(t.app, LMS.client_id, 'orders:write');
    const userPath = fillPath(productUserEndpoints.read.path, { userId: cam.id });
    expect(errorKey(await lms.call('GET', userPath), 403)).toBe('forbidden');
    const read = await shop.call('GET', userPath);
    expect(read.headers['cache-control']).toContain('no-store');
    expect(resultOf(read)).toEqual({
      id: cam.id,
      firstName: 'Cầm',
      lastName: 'Nguyễn',
      fullName: 'Nguyễn Cầm',
      avatar: null,
      languageId: 'vi-VN',
      createdDate: expect.stringMatching(/^\d{4}-/),
    });
    expect(errorKey(await shop.call('GET', fillPath(productUserEndpoints.read.path, { userId: 'nobody' })), 404)).toBe(
      'not_found',
    );
  });

  it('an account deleted keeps its orders and attempts for accounting: a late notification still lands', async () => {
    const duy = await signedInUser(t, { email: 'orders-duy@example.com' });
    const order = await newOrder(duy.id, 'duy-1');
    const { reference } = resultOf<{ reference: string }>(await pay(duy, order.id, 'vnpay'));
    resultOf(await duy.call('DELETE', deleteAccountEndpoints.remove.path, { confirm: true, password: TEST_PASSWORD }));
    // The money the gateway took is recorded, and the product still reads its order.
    expect((await ipn(vnpayIpn(reference, 1_650_000))).RspCode).toBe('00');
    expect(resultOf<Order>(await shop.call('GET', fillPath(E.read.path, { id: order.id }))).status).toBe(3);
    expect(errorKey(await create(duy.id, 'duy-2'), 404)).toBe('not_found');
  });

  it('paid twice from two tabs: both attempts kept as paid, the order paid once; a timed-out start still counts', async () => {
    const gia = await signedInUser(t, { email: 'orders-gia@example.com' });
    const order = await newOrder(gia.id, 'gia-1');
    const [a, b] = await Promise.all([pay(gia, order.id, 'vnpay'), pay(gia, order.id, 'vnpay')]);
    const [ra, rb] = [resultOf<{ reference: string }>(a).reference, resultOf<{ reference: string }>(b).reference];
    expect((await ipn(vnpayIpn(ra, 1_650_000))).RspCode).toBe('00');
    expect((await ipn(vnpayIpn(rb, 1_650_000))).RspCode).toBe('00');
    expect([(await attemptOf(ra))?.state, (await attemptOf(rb))?.state]).toEqual(['paid', 'paid']);
    const log = await t.deps.database.db.select().from(activityLogs).where(eq(activityLogs.userId, gia.id));
    expect(log.filter((r) => r.action === 'activity_order_paid')).toHaveLength(1);
    // A start the gateway did not answer in time ends failed, yet its payment, reported later, lands.
    const late = await newOrder(gia.id, 'gia-2');
    const { reference } = resultOf<{ reference: string }>(await pay(gia, late.id, 'vnpay'));
    await t.deps.database.db
      .update(paymentAttempts)
      .set({ state: 'failed', resultCode: 'start_refused' })
      .where(eq(paymentAttempts.reference, reference));
    expect((await ipn(vnpayIpn(reference, 1_650_000))).RspCode).toBe('00');
    expect(await statusOf(late.id)).toBe(3);
  });

  it('answers 4xx, never 5xx, to odd signatures, statuses and amounts', async () => {
    const hai = await signedInUser(t, { email: 'orders-hai@example.com' });
    const order = await newOrder(hai.id, 'hai-1');
    const { reference } = resultOf<{ reference: string }>(await pay(hai, order.id, 'vnpay'));
    // A signature of the right length with a non-ASCII character in it.
    const odd = vnpayIpn(reference, 1_650_000).replace(/vnp_SecureHash=[0-9a-f]{2}/, 'vnp_SecureHash=%C3%A9');
    const refused = await t.app.inject({ url: odd });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ RspCode: '97' });
    const zalo = await t.app.inject({
      method: 'POST',
      url: '/payment/zalopay/notify',
      payload: { data: '{}', mac: `é${'a'.repeat(63)}` },
    });
    expect(zalo.json()).toMatchObject({ return_code: -1 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/payment/momo/notify',
          payload: '"x"',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      resultOf<OrderList>(await hai.call('POST', E.list.path, { status: 32_000, listStatus: [32_000] })).totalRows,
    ).toBe(0);
    expect(errorKey(await hai.call('POST', E.list.path, { status: 70_000 }))).toBe('invalid_input');
    const huge = [{ title: 'Đắt', quantity: 10_000, price: 100_000_000_000 }];
    expect(errorKey(await create(hai.id, 'hai-huge', huge))).toBe('order_amount_too_large');
    expect(await statusOf(order.id)).toBe(0);
  });
});

describe('the product API without gateways, and its rate limit', async () => {
  const file = path.join(process.env.TMPDIR ?? '/tmp', `portico-orders-limit-${process.pid}.json`);
  await writeClientsFile(file, [SHOP]);
  const t = useTestApp({ OIDC_CLIENTS_FILE: file, PRODUCT_RATE_LIMIT: '5' });

  it("answers 429 with Retry-After past the client's calls a minute; a gateway not configured is refused", async () => {
    const shop = await productCaller(t.app, SHOP.client_id, 'orders:write users:read');
    const user = await signedInUser(t, { email: 'orders-limit@example.com' });
    const made = resultOf<CreatedOrder>(
      await shop.call('POST', E.create.path, { userId: user.id, items: COURSE }, { 'idempotency-key': 'l-1' }),
    );
    expect(errorKey(await user.call('POST', fillPath(E.pay.path, { id: made.id }), { gateway: 'momo' }))).toBe(
      'payment_gateway_unavailable',
    );
    const path = fillPath(productUserEndpoints.read.path, { userId: user.id });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await shop.call('GET', path));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 429]);
    const refused = answers[4];
    expect(errorKey(refused as never, 429)).toBe('too_many_requests');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The person's own pages are not the product's count.
    expect(resultOf<OrderList>(await user.call('POST', E.list.path, {})).totalRows).toBe(1);
  });
});
