import type { Order, OrderSummary, PaymentAttempt } from '@portico/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../routes';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { ok, refuse, renderApp } from '../../test/api';
import { pageTests, SIGNED_IN } from '../../test/pageTests';

const page = pageTests();

const summary = (id: number, status: OrderSummary['status'], over: Partial<OrderSummary> = {}): OrderSummary => ({
  id,
  status,
  createdDate: '2026-11-20T03:05:00.000Z',
  amount: 1_250_000,
  discount: 250_000,
  paymentMethod: 'ATM_ONLINE',
  paymentGatewayType: null,
  title: `Khóa học ${id}`,
  lineCount: 1,
  ...over,
});

const detail = (id: number, status: OrderSummary['status']): Order => ({
  ...summary(id, status, { lineCount: 2 }),
  orderDetails: [
    {
      id: 1,
      title: 'Khóa học Toán 10',
      url: 'https://learn.example.com/toan-10',
      blockId: 'lms',
      blockName: 'Học trực tuyến',
      objectTypeName: 'Khóa học',
      quantity: 1,
      price: 1_500_000,
      discountPrice: 1_250_000,
    },
    {
      id: 2,
      title: 'Sách',
      url: null,
      blockId: null,
      blockName: null,
      objectTypeName: null,
      quantity: 2,
      price: 0,
      discountPrice: null,
    },
  ],
});

const withGateways = () =>
  ok({ ...DEFAULT_APP_SETTINGS, configs: { ...DEFAULT_APP_SETTINGS.configs, paymentGateways: ['vnpay', 'momo'] } });

describe('orders page', { timeout: 20_000 }, () => {
  it('lists orders with amounts in đồng, PaidAuto as Paid, view more, and filters Paid with PaidAuto', async () => {
    const first = Array.from({ length: 10 }, (_, i) =>
      summary(30 - i, i === 1 ? 4 : 0, i === 0 ? { lineCount: 3 } : {}),
    );
    page.answers['/api/account/order/list'] = ({ body }) => {
      const input = body as { pageIndex: number; listStatus?: number[] };
      if (input.listStatus) return ok({ data: [summary(7, 3), summary(6, 4)], totalRows: 2 });
      return ok(input.pageIndex === 1 ? { data: first, totalRows: 11 } : { data: [summary(5, 2)], totalRows: 11 });
    };
    renderApp(buildRoutes(), '/order', SIGNED_IN);
    const table = await screen.findByRole('table', { name: 'Đơn hàng' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0] as HTMLElement).getByText('1,250,000đ')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('và 2 sản phẩm khác')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Chờ thanh toán')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Thanh toán' })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Đã thanh toán')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: 'Thanh toán' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Xem thêm' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(12));
    expect(within(table).getByText('Thất bại')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Đã thanh toán' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    const bodies = page.calls.filter((c) => c.path === '/api/account/order/list').map((c) => c.body);
    expect(bodies).toEqual([
      { pageIndex: 1, pageSize: 10, status: null },
      { pageIndex: 2, pageSize: 10, status: null },
      { pageIndex: 1, pageSize: 10, status: 3, listStatus: [3, 4] },
    ]);
  });

  it('opens the detail modal: method in words, the lines with their links, and Pay to the checkout', async () => {
    page.answers['/api/app-settings'] = withGateways();
    page.answers['/api/account/order/list'] = ok({ data: [summary(42, 0)], totalRows: 1 });
    page.answers['/api/account/order/42'] = ok(detail(42, 0));
    renderApp(buildRoutes(), '/en-us/order', SIGNED_IN);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of order #42' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #42' });
    await within(dialog).findByText('Domestic ATM card');
    expect(within(dialog).getByText('250,000đ')).toBeTruthy();
    expect(within(dialog).getByText('None yet')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Khóa học Toán 10' });
    expect(link.getAttribute('href')).toBe('https://learn.example.com/toan-10');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(dialog).getByText('1,500,000đ')).toBeTruthy();
    expect(within(dialog).getByText('Học trực tuyến')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    // Portico's own checkout: the order's amount and the gateways configured.
    expect(await screen.findByRole('heading', { name: 'Pay order #42' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay with VNPay' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay with MoMo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay with ZaloPay' })).toBeNull();
  });

  it("the checkout starts the payment and goes to the gateway's address; a refusal is shown", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    page.answers['/api/app-settings'] = withGateways();
    page.answers['/api/account/order/42'] = ok(detail(42, 0));
    page.answers['/api/account/order/42/pay'] = ({ body }) =>
      (body as { gateway: string }).gateway === 'momo'
        ? refuse('payment_gateway_failed', undefined, 502)
        : ok({ reference: 'V1', location: 'https://pay.vnpay.test/vpcpay.html?vnp_TxnRef=V1' });
    renderApp(buildRoutes(), '/order/checkout/42', SIGNED_IN);
    expect((await screen.findByTestId('checkout-amount')).textContent).toBe('1,250,000đ');
    fireEvent.click(await screen.findByRole('button', { name: 'Thanh toán qua MoMo' }));
    expect(await screen.findByText('Không tạo được giao dịch với cổng thanh toán. Vui lòng thử lại sau.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Thanh toán qua VNPay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.vnpay.test/vpcpay.html?vnp_TxnRef=V1'));
  });

  it('an order no longer in Wait offers no gateway; Pay opens an external payment site when configured', async () => {
    page.answers['/api/account/order/43'] = ok(detail(43, 3));
    renderApp(buildRoutes(), '/order/checkout/43', SIGNED_IN);
    expect(await screen.findByText('Đơn hàng này không còn chờ thanh toán.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Thanh toán qua/ })).toBeNull();
  });

  it('Pay goes to the payment site named by the settings', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    page.answers['/api/app-settings'] = ok({
      ...DEFAULT_APP_SETTINGS,
      configs: { ...DEFAULT_APP_SETTINGS.configs, checkoutUrl: 'https://pay.example.com/checkout?order={orderId}' },
    });
    page.answers['/api/account/order/list'] = ok({ data: [summary(44, 0)], totalRows: 1 });
    renderApp(buildRoutes(), '/order', SIGNED_IN);
    fireEvent.click(await screen.findByRole('button', { name: 'Thanh toán' }));
    expect(assign).toHaveBeenCalledWith('https://pay.example.com/checkout?order=44');
  });
});

describe('payment result page', { timeout: 20_000 }, () => {
  const attempt = (state: PaymentAttempt['state']): PaymentAttempt => ({
    reference: 'V1',
    orderId: 42,
    gateway: 'vnpay',
    amount: 1_250_000,
    state,
    orderStatus: state === 'paid' ? 3 : state === 'failed' ? 2 : 0,
    createdDate: '2026-11-20T03:05:00.000Z',
    completedDate: null,
  });

  it('shows the outcome the store has, and waits for the gateway while it is pending', async () => {
    let state: PaymentAttempt['state'] = 'pending';
    page.answers['/api/account/order/payment/V1'] = () => ok(attempt(state));
    renderApp(buildRoutes(), '/order/payment/V1', SIGNED_IN);
    expect(await screen.findByText('Đang chờ cổng thanh toán xác nhận')).toBeTruthy();
    state = 'paid';
    fireEvent.click(screen.getByRole('button', { name: 'Kiểm tra lại' }));
    expect(await screen.findByText('Thanh toán thành công')).toBeTruthy();
    expect(screen.getByText('Đơn hàng #42 đã được thanh toán 1,250,000đ qua VNPay.')).toBeTruthy();
  });

  it('a failed payment says so, in English under /en-us', async () => {
    page.answers['/api/account/order/payment/V1'] = ok(attempt('failed'));
    renderApp(buildRoutes(), '/en-us/order/payment/V1', SIGNED_IN);
    expect(await screen.findByText('Payment unsuccessful')).toBeTruthy();
  });
});
