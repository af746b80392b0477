import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';

/** Liveness and readiness for load balancers and orchestrators. */
export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/healthz', async () => ({ result: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const checks = await Promise.allSettled([
      deps.database.ping(),
      deps.kv.kind === 'redis' ? deps.kv.ping() : Promise.resolve(),
    ]);
    const [database, redis] = checks.map((c) => (c.status === 'fulfilled' ? 'ok' : 'down'));
    // A draining copy (server/src/http/drain.ts) is alive but wants no new work.
    const draining = app.drain.draining;
    const ready = database === 'ok' && redis === 'ok' && !draining;
    return reply.status(ready ? 200 : 503).send({
      result: { database, ...(deps.kv.kind === 'redis' ? { redis } : {}), ...(draining ? { draining: true } : {}) },
    });
  });
}
