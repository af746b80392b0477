import path from 'node:path';
import { openKeyValueStore, waitForRedis } from './adapters/kv/index.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { loadEnvFile } from './config/env-file.js';
import { preflight } from './config/preflight.js';
import { openDatabase } from './db/client.js';
import { closeDeps, createDeps } from './deps.js';
import { createLogger } from './lib/log.js';
import { queuedSendsDone } from './lib/send-later.js';
import { expiredArchivesJob } from './modules/files/index.js';
import { abandonedChildrenJob } from './modules/guardian/index.js';
import { createHousekeeping, purgeExpiredJob } from './modules/housekeeping/index.js';
import { listenForMetrics } from './modules/metrics/index.js';
import { seedDemoAccount } from './modules/users/index.js';

// Start: config (checked whole) -> Redis -> database -> app -> listen. Anything the configuration
// gets wrong stops here with one line naming the variable and exit code 78 (EX_CONFIG).
async function main() {
  // A `.env` beside the start fills what the environment leaves unset (server/src/config/env-file.ts).
  loadEnvFile();
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const checked = await preflight(config);
  const kv = openKeyValueStore(config.REDIS_URL, config.REDIS_PREFIX, (m) => log.warn(m));
  await waitForRedis(kv, config.REDIS_URL);
  const database = await openDatabase({
    ...(config.DATABASE_URL
      ? { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { dataDir: path.join(config.dataDir, 'pglite') }),
    warn: (m) => log.warn(m),
  }).catch(async (err) => {
    await kv.close();
    throw err;
  });
  log.info(`database: ${database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}`);
  const deps = await createDeps(config, database, { log, checked, kv });
  if (config.SEED_DEMO) await seedDemoAccount(database.db, log);
  const app = await buildApp(deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  // METRICS_PORT: /metrics on a port of its own (server/src/modules/metrics/index.ts).
  const closeMetrics = config.METRICS_PORT
    ? await listenForMetrics(deps.metrics, config.METRICS_PORT, config.HOST)
    : async () => {};
  log.info(
    `Portico is ready at ${config.publicUrl} (mail: ${deps.mailer.kind}, sms: ${deps.sms.kind}, cache: ${deps.kv.kind})`,
  );
  if (config.outboxEnabled) log.info(`codes and mail appear at ${config.publicUrl}/dev/mailbox`);
  // Periodic work, once across copies whichever wakes first (server/src/modules/housekeeping).
  const jobs = [purgeExpiredJob(), expiredArchivesJob(deps), abandonedChildrenJob(deps)];
  const housekeeping = createHousekeeping({ db: database.db, log, jobs });
  housekeeping.start();

  // SIGTERM: drain first (server/src/http/drain.ts: /readyz 503, connections closed after each
  // answer, the hub's streams ended) for SHUTDOWN_DRAIN_SECONDS while still serving, so the
  // balancer moves on. Then stop taking new connections, let requests in flight finish for
  // SHUTDOWN_TIMEOUT_SECONDS at most, close what is left and exit 0: a rolling restart loses no
  // answered request.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const drainSeconds = signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_SECONDS : 0;
    if (drainSeconds > 0) {
      log.info(`${signal}: draining for ${drainSeconds} s (readyz answers 503)`);
      app.drain.start();
      await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    }
    await housekeeping.stop();
    log.info(`${signal}: shutting down (at most ${config.SHUTDOWN_TIMEOUT_SECONDS} s for requests in flight)`);
    const timeoutMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
    const closingUntil = Date.now() + timeoutMs;
    const deadline = setTimeout(() => {
      log.warn('shutdown timeout: closing the connections still open');
      app.server.closeAllConnections();
    }, timeoutMs);
    deadline.unref();
    await app.close().catch((err) => log.error({ err }, 'closing the server'));
    await closeMetrics();
    clearTimeout(deadline);
    // What answers and housekeeping handed over to run after them (mails and codes, an archive,
    // the children's erasures: server/src/lib/send-later.ts) finishes before the database and the
    // cache close, in what is left of the same timeout (docs/scaling.md).
    const left = new Promise((resolve) => setTimeout(resolve, Math.max(0, closingUntil - Date.now())).unref());
    if ((await Promise.race([queuedSendsDone().then(() => true), left])) !== true)
      log.warn('shutdown timeout: work queued after answers is left unfinished');
    await closeDeps(deps);
    log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  console.error(err);
  process.exit(1);
});
