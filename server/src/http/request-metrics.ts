import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../modules/metrics/index.js';

/**
 * Every answer's time into the HTTP histogram (server/src/modules/metrics/index.ts), labelled by the
 * route as registered (`/api/account/order/:id`, never the ids), the provider's routes as one
 * (`/oidc/*`), anything else as `unmatched`: the label set stays small whatever clients ask.
 */
export function measureRequests(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    // The provider's first: the web app's catch-all GET route also matches /oidc/... before the provider answers.
    const route = request.url.startsWith('/oidc/') ? '/oidc/*' : (request.routeOptions.url ?? 'unmatched');
    metrics.http.observe(
      { method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
}
