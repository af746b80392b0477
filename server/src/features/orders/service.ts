import { createHash } from 'node:crypto';
import {
  type CreatedOrder,
  fillPath,
  formatDong,
  isPayable,
  type Locale,
  localePrefix,
  messages,
  ORDER_STATUS,
  ORDER_STATUSES,
  type Order,
  type OrderList,
  type orderEndpoints,
  PAYMENT_GATEWAY_NAMES,
  PAYMENT_RESULT_PATH,
  type ParsedInputOf,
  type PaymentAttempt,
  type PaymentGateway,
} from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { insertActivity } from '../../modules/activity/index.js';
import {
  createPaymentGateways,
  type GatewayAnswer,
  type GatewayRequest,
  type PaymentAdapter,
} from '../../modules/payments/index.js';
import { holdLiveUser } from '../../modules/users/index.js';
import {
  abandonAttempt,
  endAttempt,
  findAttempt,
  findOrder,
  findOrderByKey,
  findOwnAttempt,
  insertAttempt,
  insertOrder,
  listOrderPage,
  lockOwnOrder,
  markOrderFailed,
  markOrderPaid,
  type OrderLineRow,
  type OrderRow,
  START_REFUSED,
} from './queries.js';

type E = typeof orderEndpoints;

/** Where a gateway notifies the server and sends the browser back (outside /api: the gateway's shapes). */
export const paymentCallbackPath = (gateway: PaymentGateway, kind: 'notify' | 'return') =>
  `/payment/${gateway}/${kind}`;

const orderOf = (order: OrderRow, lines: OrderLineRow[], locale: Locale): Order => ({
  id: order.id,
  status: order.status as Order['status'],
  createdDate: order.createdAt.toISOString(),
  amount: order.amount,
  discount: order.discount,
  paymentMethod: order.paymentMethod as Order['paymentMethod'],
  paymentGatewayType: order.paymentGateway as Order['paymentGatewayType'],
  title: lines[0]?.title ?? '',
  lineCount: lines.length,
  orderDetails: lines.map((line) => ({
    id: line.id,
    title: line.title,
    url: line.url,
    blockId: line.blockId,
    blockName: (locale === 'vi-VN' ? line.titleVi : line.titleEn) ?? null,
    objectTypeName: line.objectTypeName,
    quantity: line.quantity,
    price: line.price,
    discountPrice: line.discountPrice,
  })),
});

/**
 * Orders and their payment (issue 30 points 1, 2, 4): a person's orders, a product's orders made
 * once per Idempotency-Key, and paying an order in Wait through a gateway of the payment port
 * (server/src/modules/payments). The amount is worked out from the lines here, never taken from a
 * caller; a gateway's notification moves the order in one transaction, once.
 */
export function createOrderService({ database, config, log }: Pick<AppDeps, 'database' | 'config' | 'log'>) {
  const { db } = database;
  const gateways = createPaymentGateways(config);
  const adapter = (gateway: PaymentGateway): PaymentAdapter => {
    const found = gateways[gateway];
    if (!found) throw badRequest('payment_gateway_unavailable');
    return found;
  };

  return {
    /** The gateways offered (the checkout's buttons). */
    offered: () => Object.keys(gateways) as PaymentGateway[],

    async list(userId: string, { pageIndex, pageSize, status, listStatus }: ParsedInputOf<E['list']>) {
      const asked = listStatus?.length ? listStatus : status === null || status === undefined ? null : [status];
      // A status that is none of the four lists nothing.
      const statuses = asked?.filter((s) => (ORDER_STATUSES as number[]).includes(s)) ?? null;
      const { rows, total } = await listOrderPage(db, userId, statuses, (pageIndex - 1) * pageSize, pageSize);
      return {
        data: rows.map(({ order, title, lineCount }) => {
          const { orderDetails: _lines, ...summary } = orderOf(order, [], 'vi-VN');
          return { ...summary, title: title ?? '', lineCount };
        }),
        totalRows: total,
      } satisfies OrderList;
    },

    async detail(userId: string, id: number, locale: Locale): Promise<Order> {
      const found = await findOrder(db, id, { userId });
      if (!found) throw notFound();
      return orderOf(found.order, found.lines, locale);
    },

    async create(
      clientId: string,
      key: string,
      input: ParsedInputOf<E['create']>,
      locale: Locale,
    ): Promise<CreatedOrder> {
      const gross = input.items.reduce((sum, line) => sum + line.price * line.quantity, 0);
      const amount = input.items.reduce((sum, line) => sum + (line.discountPrice ?? line.price) * line.quantity, 0);
      if (!Number.isSafeInteger(gross)) throw badRequest('invalid_input');
      const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('base64url');
      return db.transaction(async (tx) => {
        // The account is held live until the order commits: a deletion racing it waits, then erases it too.
        if (!(await holdLiveUser(tx, input.userId))) throw notFound();
        const order = await insertOrder(
          tx,
          {
            userId: input.userId,
            clientId,
            idempotencyKey: key,
            requestHash,
            // Nothing to pay: paid at once (PaidAuto, spec §4).
            status: amount === 0 ? ORDER_STATUS.paidAuto : ORDER_STATUS.wait,
            amount,
            discount: gross - amount,
            paymentMethod: input.paymentMethod,
          },
          input.items,
        );
        const made = order ?? (await findOrderByKey(tx, clientId, key));
        // The key made another order (other lines, or for another person): refused, nothing made.
        if (!made || made.requestHash !== requestHash) throw new AppError(409, 'idempotency_key_reused');
        const found = await findOrder(tx, made.id, { clientId });
        if (!found) throw notFound();
        return { ...orderOf(found.order, found.lines, locale), userId: made.userId, created: !!order };
      });
    },

    async read(clientId: string, id: number, locale: Locale) {
      const found = await findOrder(db, id, { clientId });
      if (!found) throw notFound();
      return { ...orderOf(found.order, found.lines, locale), userId: found.order.userId };
    },

    /** Starts paying: an attempt kept with its reference and amount, then the gateway's address. */
    async pay(userId: string, id: number, gateway: PaymentGateway, caller: { locale: Locale; ip: string }) {
      const payment = adapter(gateway);
      // The order locked while its attempt is made: a Pay racing a notification or a deletion waits.
      const attempt = await db.transaction(async (tx) => {
        if (!(await holdLiveUser(tx, userId))) throw notFound();
        const order = await lockOwnOrder(tx, id, userId);
        if (!order) throw notFound();
        if (!isPayable(order.status)) throw new AppError(409, 'order_not_payable');
        return insertAttempt(tx, {
          reference: payment.newReference(new Date()),
          orderId: id,
          userId,
          gateway,
          amount: order.amount,
          locale: caller.locale,
        });
      });
      const base = config.publicUrl;
      try {
        const location = await payment.start({
          reference: attempt.reference,
          amount: attempt.amount,
          orderId: id,
          // Plain ASCII in both languages (contracts/src/i18n/catalog/orders.ts): every gateway signs it alike.
          description: messages[caller.locale].payment_order_description.replace('{{id}}', String(id)),
          returnUrl: `${base}${paymentCallbackPath(gateway, 'return')}`,
          notifyUrl: `${base}${paymentCallbackPath(gateway, 'notify')}`,
          locale: caller.locale,
          ip: caller.ip,
        });
        return { reference: attempt.reference, location };
      } catch (err) {
        await abandonAttempt(db, attempt.id);
        throw err;
      }
    },

    async attempt(userId: string, reference: string): Promise<PaymentAttempt> {
      const found = await findOwnAttempt(db, userId, reference);
      if (!found) throw notFound();
      const { attempt, orderStatus } = found;
      return {
        reference: attempt.reference,
        orderId: attempt.orderId,
        gateway: attempt.gateway as PaymentGateway,
        amount: attempt.amount,
        state: attempt.state as PaymentAttempt['state'],
        orderStatus: orderStatus as PaymentAttempt['orderStatus'],
        createdDate: attempt.createdAt.toISOString(),
        completedDate: attempt.completedAt?.toISOString() ?? null,
      };
    },

    /**
     * A gateway's notification: its signature, then the attempt, its amount, and the order moved
     * to Paid or Failure with the attempt in one transaction. A replay finds the attempt ended and
     * changes nothing; the answer is what the gateway expects in each case.
     */
    async notify(gateway: PaymentGateway, request: GatewayRequest): Promise<GatewayAnswer> {
      const payment = gateways[gateway];
      if (!payment) throw notFound();
      const notice = payment.readNotice(request);
      if (!notice) return payment.answer('bad_signature');
      const outcome = await db.transaction(async (tx) => {
        const attempt = notice.reference ? await findAttempt(tx, gateway, notice.reference) : undefined;
        if (!attempt) return 'not_found' as const;
        const open =
          attempt.state === 'pending' || (attempt.state === 'failed' && attempt.resultCode === START_REFUSED);
        if (!open) return 'already' as const;
        if (notice.amount !== attempt.amount) return 'bad_amount' as const;
        if (notice.outcome === 'pending') return 'confirmed' as const;
        const ended = await endAttempt(tx, attempt.id, {
          state: notice.outcome,
          gatewayTransaction: notice.transaction,
          resultCode: notice.resultCode,
        });
        // Ended by a replay that got the lock first.
        if (!ended) return 'already' as const;
        const params = {
          id: attempt.orderId,
          amount: formatDong(attempt.amount),
          gateway: PAYMENT_GATEWAY_NAMES[gateway],
        };
        if (notice.outcome === 'paid') {
          // Paid twice (a second tab's attempt): the attempt is kept as paid for the refund; said once in the log.
          if (!(await markOrderPaid(tx, attempt.orderId, gateway)).length) {
            log.warn(
              { orderId: attempt.orderId, reference: attempt.reference },
              'order paid again: refund the attempt',
            );
            return 'confirmed' as const;
          }
          await insertActivity(tx, { userId: attempt.userId, action: 'activity_order_paid', params });
        } else {
          await markOrderFailed(tx, attempt.orderId, gateway);
          await insertActivity(tx, { userId: attempt.userId, action: 'activity_order_payment_failed', params });
        }
        return 'confirmed' as const;
      });
      return payment.answer(outcome);
    },

    /**
     * The browser back from a gateway: to the attempt's outcome page when the return's signature
     * holds (the page reads the state from the store, never from this query), else to the orders.
     */
    async returned(gateway: PaymentGateway, query: Record<string, unknown>): Promise<string> {
      const reference = gateways[gateway]?.readReturn(query);
      const attempt = reference ? await findAttempt(db, gateway, reference) : undefined;
      if (!attempt) return '/order';
      return `${localePrefix(attempt.locale as Locale)}${fillPath(PAYMENT_RESULT_PATH, { reference: attempt.reference })}`;
    },
  };
}
