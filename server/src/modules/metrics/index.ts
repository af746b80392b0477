import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { KeyValueStore } from '../../adapters/kv/index.js';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../events/index.js';

// Metrics for the people who run Portico (issue 31 point 3), in Prometheus' text format at
// /metrics (features/metrics): HTTP latency by route, sign-ins by method and failures by the step
// that failed, codes sent by channel, lockouts, the database pool, Redis, the change feed, and
// Node's own (event-loop lag, heap, GC). One registry per app, so tests' apps do not mix.

export type Metrics = ReturnType<typeof createMetrics>;

// Node's own metrics (event-loop lag, heap, GC) watch the process, not an app: collected once per
// process (their observers are never turned off), merged into each app's scrape.
let processRegistry: Registry | undefined;
const processMetrics = () => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
};

/** The text a scrape answers: the app's metrics and the process's. */
export const metricsText = (metrics: Metrics) => Registry.merge([metrics.registry, processMetrics()]).metrics();
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

export function createMetrics() {
  const registry = new Registry();
  const metric = { registers: [registry] };
  return {
    registry,
    http: new Histogram({
      ...metric,
      name: 'portico_http_request_duration_seconds',
      help: 'HTTP answers by method, route (as registered) and status class',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
    signIns: new Counter({
      ...metric,
      name: 'portico_sign_ins_total',
      help: 'Completed sign-ins by method (password, otp, token, qr, prompt, google, facebook, zalo)',
      labelNames: ['method'] as const,
    }),
    signInFailures: new Counter({
      ...metric,
      name: 'portico_sign_in_failures_total',
      help: 'Failed sign-in checks by the step that failed (password, code, second_step)',
      labelNames: ['step'] as const,
    }),
    codesSent: new Counter({
      ...metric,
      name: 'portico_codes_sent_total',
      help: 'Verification codes sent by channel (email, sms)',
      labelNames: ['channel'] as const,
    }),
    lockouts: new Counter({ ...metric, name: 'portico_lockouts_total', help: 'Accounts locked by failed sign-ins' }),
  };
}

/** The gauges read at each scrape: the database pool, Redis, the change feed. */
// deps.ts builds the metrics, so they take their dependencies by name, not through AppDeps.
export function watchDependencies({
  metrics,
  database,
  kv,
}: {
  metrics: Metrics;
  database: Database;
  kv: KeyValueStore;
}) {
  const metric = { registers: [metrics.registry] };
  new Gauge({
    ...metric,
    name: 'portico_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on the embedded database',
    labelNames: ['state'] as const,
    collect() {
      const pool = database.pool?.();
      if (!pool) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });
  new Gauge({
    ...metric,
    name: 'portico_redis_up',
    help: 'Whether Redis answers a ping (1) or not (0); absent without REDIS_URL',
    async collect() {
      if (kv.kind !== 'redis') return;
      this.set(
        await kv.ping().then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
  new Gauge({
    ...metric,
    name: 'portico_change_feed_live',
    help: "Whether this copy hears the database's change feed (1), which keeps its caches fresh",
    collect() {
      this.set(database.changes.live() ? 1 : 0);
    },
  });
}

/** The events that count: a sign-in made, an account locked. */
export function subscribeMetrics({ events, metrics }: { events: EventBus; metrics: Metrics }) {
  events.subscribe('user.signedIn', ({ method }) => void metrics.signIns.inc({ method }));
  events.subscribe('account.locked', () => void metrics.lockouts.inc());
}

/** Whether an Authorization header carries the metrics token (constant time, its length not told). */
export function holdsMetricsToken(header: string | undefined, token: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const given = /^bearer (.+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** METRICS_PORT: a listener of its own that serves /metrics and nothing else; answers its closer. */
export async function listenForMetrics(metrics: Metrics, port: number, host: string): Promise<() => Promise<void>> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return void res.writeHead(404).end();
    metricsText(metrics).then(
      (text) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  // A port already taken fails the start, as the main port would.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
