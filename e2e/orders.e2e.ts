import {
  type CreatedOrder,
  type Locale,
  type Messages,
  messages,
  orderEndpoints as O,
  PAYMENT_GATEWAY_NAMES,
  type PaymentGateway,
} from '@portico/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayments } from '../server/src/testing/fake-payments.js';
import { axeViolations } from './axe.js';
import { DESKTOP, launchBrowser, PHONE, type RunningServer, screenshotPath, startServer } from './harness.js';
import { chooseWithArrows, pressWithKeys } from './keyboard.js';
import { productApi, productClientsFile, putBlock } from './products.js';
import { registerByApi, signInToPortal, storedSub } from './signin.js';

// Issue 30 "Done when": a product creates an order through the API with a client-credentials
// token; the person sees it in Wait, pays through a local fake gateway started here that signs like
// the real one (VNPay, ZaloPay, MoMo), comes back to the outcome page, and the order is Paid.
describe('orders and payment', () => {
  let server: RunningServer;
  let browser: Browser;
  let fake: Awaited<ReturnType<typeof startFakePayments>>;
  let product: Awaited<ReturnType<typeof productApi>>;
  beforeAll(async () => {
    fake = await startFakePayments();
    const clients = await productClientsFile(['orders:write', 'notifications:write']);
    [server, browser] = await Promise.all([
      startServer({ CAPTCHA_PROVIDER: 'none', OIDC_CLIENTS_FILE: clients, ORDERS_ENABLED: 'true', ...fake.env }),
      launchBrowser(),
    ]);
    fake.setVnpayIpnUrl(`${server.url}/payment/vnpay/notify`);
    product = await productApi(server, 'orders:write notifications:write');
    // The block the rows name, in the block registry.
    await putBlock(product, 'lms', { vi: 'Học trực tuyến', en: 'Online learning' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  const newOrder = async (userId: string, key: string, title: string) => {
    const made = await product(
      'POST',
      O.create.path,
      {
        userId,
        paymentMethod: 'ATM_ONLINE',
        items: [
          {
            title,
            url: 'https://learn.example.com/toan-10',
            blockId: 'lms',
            objectTypeName: 'Khóa học',
            price: 1_500_000,
            discountPrice: 1_250_000,
          },
          { title: 'Sách bài tập', quantity: 2, price: 120_000 },
        ],
      },
      { 'idempotency-key': key },
    );
    expect(made.status).toBe(200);
    return made.result as CreatedOrder;
  };

  /** The order's row in the table: its id button, and the status text in it. */
  const rowOf = (page: Page, t: Messages, id: number) =>
    page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: t.order_view_label.replace('{{id}}', String(id)) }) });

  async function payThrough(
    page: Page,
    t: Messages,
    prefix: string,
    gateway: PaymentGateway,
    id: number,
    shots?: string,
  ) {
    const row = rowOf(page, t, id);
    await row.getByText(t.order_status_wait).waitFor();
    await pressWithKeys(page, row.getByRole('button', { name: t.order_view_label.replace('{{id}}', String(id)) }));
    const dialog = page.getByRole('dialog', { name: t.order_detail_title.replace('{{id}}', String(id)) });
    await dialog.getByText('1,490,000đ').waitFor();
    await dialog.getByText(t.payment_method_ATM_ONLINE).waitFor();
    await dialog.getByText(t === messages['vi-VN'] ? 'Học trực tuyến' : 'Online learning').waitFor();
    if (shots) {
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`${shots}-detail`) });
    }
    await pressWithKeys(page, dialog.getByRole('button', { name: t.order_pay }), 20);
    await page.waitForURL(`${server.url}${prefix}/order/checkout/${id}`);
    const payWith = page.getByRole('button', {
      name: t.checkout_pay_with.replace('{{gateway}}', PAYMENT_GATEWAY_NAMES[gateway]),
    });
    await payWith.waitFor();
    if (shots) {
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`${shots}-checkout`), fullPage: true });
    }
    await pressWithKeys(page, payWith);
    // The fake gateway's page: the amount it was asked for, signed; Pay there.
    await page.waitForURL(new RegExp(`^${fake.base}/`));
    expect(await page.getByTestId('fake-amount').textContent()).toBe('1,490,000 VND');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(new RegExp(`^${server.url}${prefix}/order/payment/`));
    await page.getByText(t.payment_paid, { exact: true }).waitFor();
    await page
      .getByText(
        t.payment_paid_text
          .replace('{{id}}', String(id))
          .replace('{{amount}}', '1,490,000đ')
          .replace('{{gateway}}', PAYMENT_GATEWAY_NAMES[gateway]),
      )
      .waitFor();
    if (shots) {
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`${shots}-paid`), fullPage: true });
    }
    // The gateway heard the answer it expects.
    const heard = fake.sent.filter((n) => n.gateway === gateway).at(-1);
    expect(heard?.status).toBe(gateway === 'momo' ? 204 : 200);
    await pressWithKeys(page, page.getByRole('link', { name: t.checkout_back }));
    await rowOf(page, t, id).getByText(t.order_status_paid).waitFor();
  }

  it.each<[Locale, string, typeof DESKTOP, PaymentGateway, PaymentGateway]>([
    ['vi-VN', '', DESKTOP, 'vnpay', 'zalopay'],
    ['en-US', '/en-us', PHONE, 'momo', 'vnpay'],
  ])(
    'a product orders, the person pays in %s (%s) with the keyboard: Wait, the gateway, back to Paid',
    async (locale, prefix, viewport, first, second) => {
      const t = messages[locale];
      const size = viewport.width;
      const email = `orders.${locale}@example.com`;
      await registerByApi(server, email, 'Orders@2026x', 'Lan');
      const context = await browser.newContext({ viewport, locale });
      const page = await context.newPage();
      await signInToPortal(page, server, t, prefix, email, 'Orders@2026x');
      const userId = await storedSub(page);
      const a = await newOrder(userId, `${locale}-cart-1`, 'Khóa học Toán 10');
      const b = await newOrder(userId, `${locale}-cart-2`, 'Khóa học Vật lý 11');
      expect(a).toMatchObject({ status: 0, amount: 1_490_000, discount: 250_000 });

      // The account home's tile leads to the orders (in the menu: ORDERS_ENABLED).
      await pressWithKeys(page, page.getByRole('main').getByRole('link', { name: t.menu_order }));
      await page.waitForURL(`${server.url}${prefix}/order`);
      await rowOf(page, t, b.id).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`orders-${locale}-${size}`), fullPage: true });

      await payThrough(page, t, prefix, first, a.id, `orders-${locale}-${size}-${first}`);
      await payThrough(page, t, prefix, second, b.id);

      // Paid includes both; Wait is empty now.
      // The status filter: one Tab stop, the arrow keys choose.
      const filter = page.getByRole('radiogroup');
      await chooseWithArrows(page, filter, filter.getByRole('radio', { name: t.order_status_wait }));
      await page.getByText(t.order_empty_filtered).waitFor();
      await page.screenshot({ path: screenshotPath(`orders-${locale}-${size}-filter-focus`) });
      await chooseWithArrows(page, filter, filter.getByRole('radio', { name: t.order_status_paid }));
      await rowOf(page, t, a.id).waitFor();
      await rowOf(page, t, b.id).waitFor();

      // The other width too: the paid orders and one's detail, looked at in both languages at both.
      const other = viewport === DESKTOP ? PHONE : DESKTOP;
      await page.setViewportSize(other);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`orders-${locale}-${other.width}-paid`), fullPage: true });
      await rowOf(page, t, a.id)
        .getByRole('button', { name: t.order_view_label.replace('{{id}}', String(a.id)) })
        .click();
      const dialog = page.getByRole('dialog', { name: t.order_detail_title.replace('{{id}}', String(a.id)) });
      await dialog.getByText(t.order_status_paid).first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`orders-${locale}-${other.width}-detail-paid`) });
      await context.close();
    },
  );

  it('a payment cancelled at the gateway comes back as unsuccessful, the order Failed', async () => {
    const t = messages['vi-VN'];
    const email = 'orders.cancel@example.com';
    await registerByApi(server, email, 'Orders@2026x', 'Minh');
    const context = await browser.newContext({ viewport: PHONE, locale: 'vi-VN' });
    const page = await context.newPage();
    await signInToPortal(page, server, t, '', email, 'Orders@2026x');
    const order = await newOrder(await storedSub(page), 'cancel-1', 'Khóa học Hóa 12');
    await page.goto(`${server.url}/order/checkout/${order.id}`);
    await page.getByRole('button', { name: t.checkout_pay_with.replace('{{gateway}}', 'VNPay') }).click();
    await page.waitForURL(new RegExp(`^${fake.base}/`));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(t.payment_failed, { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('orders-vi-VN-390-failed'), fullPage: true });
    await page.getByRole('link', { name: t.checkout_back }).click();
    await rowOf(page, t, order.id).getByText(t.order_status_failure).waitFor();
    await context.close();
  });
});
