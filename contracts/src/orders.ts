import { z } from 'zod';
import { featureEndpoints, IDEMPOTENCY_KEY_HEADER, pageQuery } from './endpoint.js';
import { formatNumber } from './numbers.js';

// Orders and their payment (spec account §2 /order, §3 Order and Order detail, §4 Order status,
// §7 Orders list and Order detail, §9 page size 10, 'đ' with comma thousands, the payment methods
// and gateways; issue 30 points 1, 2 and 4). The platform's products create orders for a person
// (orders:write); the person sees them and pays one in Wait through a gateway. Money is whole đồng.

export const ORDER_PAGE_SIZE = 10;

/** Order states (spec §4): Wait 0 awaits payment, Failure 2, Paid 3, PaidAuto 4 (shown as Paid). */
export const ORDER_STATUS = { wait: 0, failure: 2, paid: 3, paidAuto: 4 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = Object.values(ORDER_STATUS) as OrderStatus[];
const orderStatus = z.union(ORDER_STATUSES.map((s) => z.literal(s)) as [z.ZodLiteral<OrderStatus>]);
/** The statuses the list's Paid filter asks for (spec §4: Paid includes PaidAuto). */
export const PAID_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.paid, ORDER_STATUS.paidAuto];
/** Only an order in Wait offers payment (spec §4). */
export const isPayable = (status: number) => status === ORDER_STATUS.wait;

/** Payment methods (spec §9), shown in words. */
export const PAYMENT_METHODS = ['AUTO', 'COD', 'ATM_ONLINE', 'VISA', 'BANK_TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Payment gateways (spec §9: VNPay, ZaloPay, Momo), each an adapter of the payment port. */
export const PAYMENT_GATEWAYS = ['vnpay', 'zalopay', 'momo'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];
/** How each gateway is written for people. */
export const PAYMENT_GATEWAY_NAMES: Record<PaymentGateway, string> = {
  vnpay: 'VNPay',
  zalopay: 'ZaloPay',
  momo: 'MoMo',
};

/** The most one line's unit price may be, in đồng. */
export const MAX_ORDER_PRICE = 100_000_000_000;
/** The most a whole order may come to, in đồng: a gateway's amount (VNPay's is x 100) stays exact. */
export const MAX_ORDER_AMOUNT = 1_000_000_000_000;
export const MAX_ORDER_LINES = 50;
export const MAX_ORDER_QUANTITY = 10_000;

/** `{orderId}` in the checkout address (app settings `configs.checkoutUrl`) is the order's id. */
export const CHECKOUT_ORDER_PLACEHOLDER = '{orderId}';
/** Portico's own checkout page, the payment site unless PAYMENT_CHECKOUT_URL names another. */
export const OWN_CHECKOUT_PATH = `/order/checkout/${CHECKOUT_ORDER_PLACEHOLDER}`;
/** Where a gateway sends the person back: the outcome page of that payment attempt. */
export const PAYMENT_RESULT_PATH = '/order/payment/:reference';
/** The checkout for one order, from the configured address. */
export const checkoutUrlFor = (template: string, orderId: number) =>
  template.replaceAll(CHECKOUT_ORDER_PLACEHOLDER, String(orderId));

const money = z.number().int().min(0);

/** An amount as the spec writes it (§9: comma thousands, the suffix đ) in both languages: 1,250,000đ. */
export const formatDong = (value: number) => `${formatNumber(value)}đ`;

/** One line of an order (spec §3 Order detail): `price` per unit, `discountPrice` per unit once discounted. */
export const orderLineSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string().nullable(),
  blockId: z.string().nullable(),
  /** The block's name from the block registry, in the reader's language. */
  blockName: z.string().nullable(),
  objectTypeName: z.string().nullable(),
  quantity: z.number().int(),
  price: money,
  discountPrice: money.nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * An order (spec §3): `amount` is what the person pays, `discount` what the lines' discounts took
 * off; both are worked out from the lines by the server, never taken from a caller.
 */
export const orderSummarySchema = z.object({
  id: z.number().int(),
  status: orderStatus,
  createdDate: z.string(),
  amount: money,
  discount: money,
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentGatewayType: z.enum(PAYMENT_GATEWAYS).nullable(),
  /** The first line's title, and how many lines there are (the table's one line per order). */
  title: z.string(),
  lineCount: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderSchema = orderSummarySchema.extend({ orderDetails: z.array(orderLineSchema) });
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.object({ data: z.array(orderSummarySchema), totalRows: z.number().int() });
export type OrderList = z.infer<typeof orderListSchema>;

/**
 * The list call (spec §7: pageIndex, pageSize, status, listStatus): `listStatus` when given, else
 * `status`, else every order. A status that is none of the four lists nothing rather than refuse.
 */
const statusFilter = z.number().int().min(-32_768).max(32_767);
export const orderListInput = pageQuery(ORDER_PAGE_SIZE).extend({
  status: statusFilter.nullable().optional(),
  listStatus: z.array(statusFilter).max(4).optional(),
});

/** A payment attempt as its outcome page reads it (never from the gateway's query). */
export const PAYMENT_STATES = ['pending', 'paid', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const paymentAttemptSchema = z.object({
  reference: z.string(),
  orderId: z.number().int(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  amount: money,
  state: z.enum(PAYMENT_STATES),
  orderStatus: orderStatus,
  createdDate: z.string(),
  completedDate: z.string().nullable(),
});
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

/** A new order line from a product. */
export const newOrderLineInput = z
  .object({
    title: z.string().trim().min(1).max(300),
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable()
      .default(null),
    blockId: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9._:-]+$/)
      .nullable()
      .default(null),
    objectTypeName: z.string().trim().min(1).max(100).nullable().default(null),
    quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY).default(1),
    price: money.max(MAX_ORDER_PRICE),
    discountPrice: money.max(MAX_ORDER_PRICE).nullable().default(null),
  })
  .refine((line) => line.discountPrice === null || line.discountPrice <= line.price, {
    message: 'order_discount_above_price',
    path: ['discountPrice'],
  });

export const newOrderInput = z.object({
  userId: z.string().min(1).max(100),
  paymentMethod: z.enum(PAYMENT_METHODS).default('AUTO'),
  items: z
    .array(newOrderLineInput)
    .min(1)
    .max(MAX_ORDER_LINES)
    .refine((lines) => lines.reduce((sum, l) => sum + l.price * l.quantity, 0) <= MAX_ORDER_AMOUNT, {
      message: 'order_amount_too_large',
    }),
});
export type NewOrderInput = z.input<typeof newOrderInput>;

export const createdOrderSchema = orderSchema.extend({
  userId: z.string(),
  /** False when the Idempotency-Key had already made this order: the same one is answered. */
  created: z.boolean(),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** What an external payment site (PAYMENT_CHECKOUT_URL) reports of an order it took payment for. */
export const paymentSiteReportInput = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  outcome: z.enum(['paid', 'failed']),
  /** Whole đồng, as the site took it: it must be the order's amount. */
  amount: money,
  /** The gateway the site paid through. */
  gateway: z.enum(PAYMENT_GATEWAYS),
  /** The site's (or its gateway's) transaction id, kept with the attempt. */
  transaction: z.string().trim().min(1).max(100),
});

const define = featureEndpoints('orders');

export const orderEndpoints = {
  list: define({
    method: 'POST',
    path: '/api/account/order/list',
    summary: "One page of the person's orders, newest first, by status (spec §7 Orders list)",
    auth: 'user',
    input: orderListInput,
    output: orderListSchema,
  }),
  detail: define({
    method: 'GET',
    path: '/api/account/order/:id',
    summary: "One of the person's orders with its lines (spec §7 Order detail)",
    auth: 'user',
    input: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
    output: orderSchema,
    errors: ['not_found'],
  }),
  pay: define({
    method: 'POST',
    path: '/api/account/order/:id/pay',
    summary:
      "Starts paying one of the person's orders in Wait through a gateway: answers the gateway's address to go to",
    auth: 'user',
    input: z.object({
      id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
      gateway: z.enum(PAYMENT_GATEWAYS),
    }),
    output: z.object({ reference: z.string(), location: z.string() }),
    errors: ['not_found', 'order_not_payable', 'payment_gateway_unavailable', 'payment_gateway_failed'],
  }),
  attempt: define({
    method: 'GET',
    path: '/api/account/order/payment/:reference',
    summary: "A payment attempt of the person's, as the store has it (the outcome page)",
    auth: 'user',
    input: z.object({ reference: z.string().min(1).max(64) }),
    output: paymentAttemptSchema,
    errors: ['not_found'],
  }),
  create: define({
    method: 'POST',
    path: '/api/product/orders',
    summary: `Creates an order in Wait for a person with its lines, once per ${IDEMPOTENCY_KEY_HEADER} header; the amount and discount are worked out from the lines`,
    auth: 'product',
    person: 'userId',
    scope: 'orders:write',
    idempotent: true,
    input: newOrderInput,
    output: createdOrderSchema,
    errors: ['idempotency_key_reused', 'order_discount_above_price', 'order_amount_too_large', 'not_found'],
  }),
  read: define({
    method: 'GET',
    path: '/api/product/orders/:id',
    summary: 'One order this product created, with its status (Paid once a gateway confirmed the payment)',
    auth: 'product',
    scope: 'orders:write',
    answerPerson: 'userId',
    input: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
    output: createdOrderSchema.omit({ created: true }),
    errors: ['not_found'],
  }),
  siteRead: define({
    method: 'GET',
    path: '/api/product/payment-site/orders/:id',
    summary:
      'The payment site (PAYMENT_CHECKOUT_URL) reads any order it is asked to take payment for: amount, lines, status, person',
    auth: 'product',
    scope: 'payments:write',
    answerPerson: 'userId',
    input: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
    output: createdOrderSchema.omit({ created: true }),
    errors: ['not_found'],
  }),
  siteReport: define({
    method: 'POST',
    path: '/api/product/payment-site/orders/:id',
    summary: `The payment site reports an order paid or failed, once per ${IDEMPOTENCY_KEY_HEADER} header: the amount must be the order's; the order moves from Wait once, kept as an attempt`,
    auth: 'product',
    scope: 'payments:write',
    idempotent: true,
    input: paymentSiteReportInput,
    output: createdOrderSchema,
    errors: ['not_found', 'order_not_payable', 'order_amount_mismatch', 'idempotency_key_reused'],
  }),
};
