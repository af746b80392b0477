import { ORDER_PAGE_SIZE, type OrderStatus, orderEndpoints, type PaymentGateway } from '@portico/contracts';
import { call } from '../../api/endpoint';

export const ORDERS_QUERY_KEY = ['account', 'orders'] as const;

/** One page of the orders in these statuses (all when null): the spec's list call carries both. */
export const getOrderPage = (pageIndex: number, statuses: readonly OrderStatus[] | null) =>
  call(orderEndpoints.list, {
    pageIndex,
    pageSize: ORDER_PAGE_SIZE,
    status: statuses?.[0] ?? null,
    ...(statuses ? { listStatus: [...statuses] } : {}),
  });

export const getOrder = (id: number) => call(orderEndpoints.detail, { id });

export const startPayment = (id: number, gateway: PaymentGateway) => call(orderEndpoints.pay, { id, gateway });

export const getPaymentAttempt = (reference: string) => call(orderEndpoints.attempt, { reference });
