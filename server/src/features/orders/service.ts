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
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AppDeps } from '../../deps.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { insertActivity } from '../../modules/activity/index.js';
import {
  createPaymentGateways,
  type GatewayAnswer,
  type GatewayRequest,
  type NoticeOutcome,
  type PaymentAdapter,
  type PaymentNotice,
} from '../../modules/payments/index.js';
import { holdLiveUser } from '../../modules/users/index.js';
import {
  abandonAttempt,
  endAttempt,
  findAttempt,
  findAttemptByReference,
  findOrder,
  findOrderByKey,
  findOwnAttempt,
  insertAttempt,
  insertOrder,
  listOrderPage,
  lockOrder,
  markOrderFailed,
  markOrderPaid,
  type OrderLineRow,
  type OrderRow,
  START_REFUSED,
} from './queries.js';

type E = typeof orderEndpoints;
type AttemptRow = NonNullable<Awaited<ReturnType<typeof findAttempt>>>;

/** How often a pending attempt's gateway may be asked how it stands (server/src/modules/payments/port.ts `query`). */
const QUERY_EVERY_SECONDS = 5;

/** The result code of an attempt an external payment site reported. */
const PAYMENT_SITE = 'payment_site';

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
export function createOrderService({ database, config, log, kv }: Pick<AppDeps, 'database' | 'config' | 'log' | 'kv'>) {
  const { db } = database;
  const gateways = createPaymentGateways(config);
  const adapter = (gateway: PaymentGateway): PaymentAdapter => {
    const found = gateways[gateway];
    if (!found) throw badRequest('payment_gateway_unavailable');
    return found;
  };

  /**
   * An attempt ended paid or failed: its order moves (Wait to Paid or Failure) and the person's
   * activity log says so, in the transaction that ended it.
   */
  async function closeOrder(tx: Db, attempt: AttemptRow, outcome: 'paid' | 'failed') {
    const gateway = attempt.gateway as PaymentGateway;
    const params = {
      id: attempt.orderId,
      amount: formatDong(attempt.amount),
      gateway: PAYMENT_GATEWAY_NAMES[gateway],
    };
    if (outcome === 'paid') {
      // Paid twice (a second tab's attempt): the attempt is kept as paid for the refund; said once in the log.
      if (!(await markOrderPaid(tx, attempt.orderId, gateway)).length) {
        log.warn({ orderId: attempt.orderId, reference: attempt.reference }, 'order paid again: refund the attempt');
        return;
      }
      await insertActivity(tx, { userId: attempt.userId, action: 'activity_order_paid', params });
    } else {
      await markOrderFailed(tx, attempt.orderId, gateway);
      await insertActivity(tx, { userId: attempt.userId, action: 'activity_order_payment_failed', params });
    }
  }

  /**
   * What a gateway says of a payment (its notification, or its answer to a query): the attempt,
   * its amount, and the order moved to Paid or Failure with the attempt in one transaction. A
   * replay finds the attempt ended and changes nothing.
   */
  function settle(gateway: PaymentGateway, notice: PaymentNotice): Promise<NoticeOutcome> {
    return db.transaction(async (tx) => {
      const attempt = notice.reference ? await findAttempt(tx, gateway, notice.reference) : undefined;
      if (!attempt) return 'not_found' as const;
      const open = attempt.state === 'pending' || (attempt.state === 'failed' && attempt.resultCode === START_REFUSED);
      if (!open) return 'already' as const;
      // A payment is taken for the attempt's amount; a refusal takes nothing (ZaloPay's query answers 0 then).
      if (notice.outcome === 'paid' && notice.amount !== attempt.amount) return 'bad_amount' as const;
      if (notice.outcome === 'pending') return 'confirmed' as const;
      const ended = await endAttempt(tx, attempt.id, {
        state: notice.outcome,
        gatewayTransaction: notice.transaction,
        resultCode: notice.resultCode,
      });
      // Ended by a replay that got the lock first.
      if (!ended) return 'already' as const;
      await closeOrder(tx, attempt, notice.outcome);
      return 'confirmed' as const;
    });
  }

  /**
   * A pending attempt at a gateway that notifies only a payment made (ZaloPay): the gateway is
   * asked how it stands, at most once in QUERY_EVERY_SECONDS per attempt (the outcome page polls),
   * and its answer settled like a notification. True when that changed the attempt.
   */
  async function askGateway(attempt: AttemptRow): Promise<boolean> {
    const gateway = attempt.gateway as PaymentGateway;
    const payment = gateways[gateway];
    if (attempt.state !== 'pending' || !payment?.query) return false;
    // A store that fails only skips the question: the page asks again, the gateway still notifies.
    const asked = await kv.incr(`payment:query:${attempt.reference}`, QUERY_EVERY_SECONDS).catch(() => 2);
    if (asked > 1) return false;
    const notice = await payment.query(attempt.reference);
    if (!notice || notice.reference !== attempt.reference || notice.outcome === 'pending') return false;
    const outcome = await settle(gateway, notice);
    if (outcome !== 'confirmed' && outcome !== 'already')
      log.warn({ reference: attempt.reference, gateway, outcome }, 'a payment query answer was not taken');
    return outcome === 'confirmed';
  }

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

    /** One order: the product's own (`clientId`), or any for the payment site (`'any'`). */
    async read(owner: { clientId: string } | 'any', id: number, locale: Locale) {
      const found = await findOrder(db, id, owner);
      if (!found) throw notFound();
      return { ...orderOf(found.order, found.lines, locale), userId: found.order.userId };
    },

    /**
     * An external payment site (PAYMENT_CHECKOUT_URL) reports how an order's payment ended, once
     * per Idempotency-Key: kept as an attempt (the key its reference), the order moved from Wait
     * once, in one transaction holding the order; a replay answers the order as it is.
     */
    async siteReport(
      site: { clientId: string; userId?: string },
      key: string,
      input: ParsedInputOf<E['siteReport']>,
      locale: Locale,
    ): Promise<CreatedOrder> {
      const reference = `site_${createHash('sha256').update(`${site.clientId}\n${key}`).digest('hex').slice(0, 40)}`;
      const report = () =>
        db.transaction(async (tx) => {
          const order = await lockOrder(tx, input.id);
          if (!order) throw notFound();
          // A person of the back office never settles an order of their own.
          if (site.userId !== undefined && site.userId === order.userId) throw forbidden();
          const previous = await findAttemptByReference(tx, reference);
          if (previous) {
            const same =
              previous.orderId === input.id &&
              previous.state === input.outcome &&
              previous.amount === input.amount &&
              previous.gateway === input.gateway &&
              previous.gatewayTransaction === input.transaction;
            if (!same) throw new AppError(409, 'idempotency_key_reused');
            return false;
          }
          if (order.status !== ORDER_STATUS.wait) throw new AppError(409, 'order_not_payable');
          if (input.amount !== order.amount) throw new AppError(409, 'order_amount_mismatch');
          const attempt = await insertAttempt(tx, {
            reference,
            orderId: order.id,
            userId: order.userId,
            gateway: input.gateway,
            amount: input.amount,
            state: input.outcome,
            gatewayTransaction: input.transaction,
            resultCode: PAYMENT_SITE,
            locale,
            completedAt: new Date(),
          });
          await closeOrder(tx, attempt, input.outcome);
          return true;
        });
      // The same key on two orders at once: the reference's unique key lets one through.
      const created = await report().catch((err: unknown) => {
        if (isUniqueViolation(err)) throw new AppError(409, 'idempotency_key_reused');
        throw err;
      });
      const found = await findOrder(db, input.id, 'any');
      if (!found) throw notFound();
      return { ...orderOf(found.order, found.lines, locale), userId: found.order.userId, created };
    },

    /** Starts paying: an attempt kept with its reference and amount, then the gateway's address. */
    async pay(userId: string, id: number, gateway: PaymentGateway, caller: { locale: Locale; ip: string }) {
      const payment = adapter(gateway);
      // The order locked while its attempt is made: a Pay racing a notification or a deletion waits.
      const attempt = await db.transaction(async (tx) => {
        if (!(await holdLiveUser(tx, userId))) throw notFound();
        const order = await lockOrder(tx, id, userId);
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
      let found = await findOwnAttempt(db, userId, reference);
      if (!found) throw notFound();
      if (await askGateway(found.attempt)) found = (await findOwnAttempt(db, userId, reference)) ?? found;
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
     * A gateway's notification: its signature, then `settle`; the answer is what the gateway
     * expects in each case.
     */
    async notify(gateway: PaymentGateway, request: GatewayRequest): Promise<GatewayAnswer> {
      const payment = gateways[gateway];
      if (!payment) throw notFound();
      const notice = payment.readNotice(request);
      if (!notice) return payment.answer('bad_signature');
      return payment.answer(await settle(gateway, notice));
    },

    /**
     * The browser back from a gateway: to the attempt's outcome page when the return's signature
     * holds (the page reads the state from the store, never from this query), else to the orders
     * in the browser's language (the attempt's is unknown then).
     */
    async returned(gateway: PaymentGateway, query: Record<string, unknown>, fallback: Locale): Promise<string> {
      const reference = gateways[gateway]?.readReturn(query);
      const attempt = reference ? await findAttempt(db, gateway, reference) : undefined;
      if (!attempt) return `${localePrefix(fallback)}/order`;
      // A gateway that never notifies a refusal is asked now: the outcome page then shows it.
      await askGateway(attempt);
      return `${localePrefix(attempt.locale as Locale)}${fillPath(PAYMENT_RESULT_PATH, { reference: attempt.reference })}`;
    },
  };
}
