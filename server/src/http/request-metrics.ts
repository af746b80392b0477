import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../modules/metrics/index.js';

type Child = ReturnType<Metrics['http']['labels']>;

/**
 * Every answer's time into the HTTP histogram (server/src/modules/metrics/index.ts), labelled by the
 * route as registered (`/api/account/order/:id`, never the ids), the provider's routes as one
 * (`/oidc/*`), anything else as `unmatched`: the label set stays small whatever clients ask.
 * On every answer, so kept cheap: a callback hook (no promise per request), and one histogram child
 * per label set, made once and found by a string key.
 */
export function measureRequests(app: FastifyInstance, metrics: Metrics) {
  const children = new Map<string, Child>();
  app.addHook('onResponse', (request, reply, done) => {
    // The provider's first: the web app's catch-all GET route also matches /oidc/... before the provider answers.
    const route = request.url.startsWith('/oidc/') ? '/oidc/*' : (request.routeOptions.url ?? 'unmatched');
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    const key = `${request.method} ${route} ${status}`;
    let child = children.get(key);
    if (!child) {
      child = metrics.http.labels(request.method, route, status);
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
}
