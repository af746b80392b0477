import { pointEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle, refuseOwnAccount } from '../../http/endpoint.js';
import { createPointService } from './service.js';

/** Loyalty points: the person's /point page and the products' awards and deductions (points:write). */
export async function pointRoutes(app: FastifyInstance, deps: AppDeps) {
  const points = createPointService(deps);
  const e = pointEndpoints;
  handle(app, e.history, (input, { user, caller }) => points.history(user.id, input, caller.locale));
  handle(app, e.balance, (_input, { user }) => points.balance(user.id));
  handle(app, e.change, (input, { product, idempotencyKey }) => {
    refuseOwnAccount(product, input.userId);
    return points.change(product.clientId, idempotencyKey, input);
  });
}
