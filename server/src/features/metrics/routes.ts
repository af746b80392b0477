import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { unauthorized } from '../../lib/errors.js';
import { holdsMetricsToken, METRICS_CONTENT_TYPE, metricsText } from '../../modules/metrics/index.js';

/**
 * GET /metrics (issue 31 point 3): Prometheus' text, for a scraper holding METRICS_TOKEN as its
 * bearer token. Without the token configured there is no such route here (METRICS_PORT serves
 * /metrics on a port of its own: server/src/main.ts).
 */
export async function metricsRoutes(app: FastifyInstance, { config, metrics }: AppDeps) {
  const token = config.METRICS_TOKEN;
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    if (!holdsMetricsToken(request.headers.authorization, token)) throw unauthorized();
    return reply
      .header('content-type', METRICS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await metricsText(metrics));
  });
}
