import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './db/client.js';
import { closeDeps, createDeps } from './deps.js';
import { seedDemoAccount } from './features/users/seed.js';

// Start: config -> database -> app -> listen.
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  log.info(`database: ${database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}`);
  const deps = await createDeps(config, database, { log });
  if (config.SEED_DEMO) await seedDemoAccount(database.db, log);
  const app = await buildApp(deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  log.info(
    `Portico is ready at ${config.publicUrl} (mail: ${deps.mailer.kind}, sms: ${deps.sms.kind}, cache: ${deps.kv.kind})`,
  );
  if (deps.mailer.kind === 'outbox' && !config.production)
    log.info(`codes and mail appear at ${config.publicUrl}/dev/mailbox`);

  const stop = async (signal: string) => {
    log.info(`${signal}: shutting down`);
    await app.close();
    await closeDeps(deps);
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
