import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../modules/metrics/index.js';

/**
 * Every answer's time into the HTTP histogram (server/src/modules/metrics/index.ts), labelled by the
 * route as registered (`/api/account/order/:id`, never the ids), the provider's routes as one
 * (`/oidc/*`), anything else as `unmatched`: the label set stays small whatever clients ask.
 */
export function measureRequests(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? (request.url.startsWith('/oidc') ? '/oidc/*' : 'unmatched');
    metrics.http.observe(
      { method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
}
