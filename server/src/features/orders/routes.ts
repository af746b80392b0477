import { orderEndpoints, PAYMENT_GATEWAYS, type PaymentGateway } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { callerContext } from '../../http/context.js';
import { handle, refuseOwnAccount } from '../../http/endpoint.js';
import { createOrderService, paymentCallbackPath } from './service.js';

/** How each gateway notifies: VNPay's IPN is a GET with a signed query; ZaloPay and MoMo POST JSON. */
const NOTIFY_METHOD: Record<PaymentGateway, 'GET' | 'POST'> = { vnpay: 'GET', zalopay: 'POST', momo: 'POST' };

/**
 * Orders: the person's /order page and checkout, the products' orders API (orders:write), and the
 * gateways' notifications and returns. Those two are the gateways' shapes, not endpoints of the
 * contracts, so they live outside /api: /payment/<gateway>/notify and /payment/<gateway>/return.
 */
export async function orderRoutes(app: FastifyInstance, deps: AppDeps) {
  const orders = createOrderService(deps);
  const e = orderEndpoints;
  handle(app, e.list, (input, { user }) => orders.list(user.id, input));
  handle(app, e.detail, ({ id }, { user, caller }) => orders.detail(user.id, id, caller.locale));
  handle(app, e.pay, ({ id, gateway }, { user, caller }) => orders.pay(user.id, id, gateway, caller));
  handle(app, e.attempt, ({ reference }, { user }) => orders.attempt(user.id, reference));
  handle(app, e.create, (input, { product, idempotencyKey, caller }) => {
    // A person of the back office never makes an order for themselves (one of 0đ is paid at once).
    refuseOwnAccount(product, input.userId);
    return orders.create(product.clientId, idempotencyKey, input, caller.locale);
  });
  handle(app, e.read, ({ id }, { product, caller }) => orders.read({ clientId: product.clientId }, id, caller.locale));
  handle(app, e.siteRead, ({ id }, { caller }) => orders.read('any', id, caller.locale));
  handle(app, e.siteReport, (input, { product, idempotencyKey, caller }) =>
    orders.siteReport(product, idempotencyKey, input, caller.locale),
  );

  for (const gateway of PAYMENT_GATEWAYS) {
    app.route({
      method: NOTIFY_METHOD[gateway],
      url: paymentCallbackPath(gateway, 'notify'),
      handler: async (request, reply) => {
        const query = (request.query ?? {}) as Record<string, unknown>;
        const answer = await orders.notify(gateway, { query, body: request.body });
        reply.header('cache-control', 'no-store').status(answer.status);
        return answer.body === undefined ? reply.send() : reply.send(answer.body);
      },
    });
    app.get(paymentCallbackPath(gateway, 'return'), async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const location = await orders.returned(gateway, query, callerContext(request).locale);
      return reply.header('cache-control', 'no-store').redirect(location, 303);
    });
  }
}
