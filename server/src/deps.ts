import type { ClientMetadata } from 'oidc-provider';
import type { Logger } from 'pino';
import { type Captcha, createCaptcha } from './adapters/captcha/index.js';
import { type KeyValueStore, openKeyValueStore } from './adapters/kv/index.js';
import { createMailer, type Mailer } from './adapters/mail/index.js';
import { createSmsSender, type SmsSender } from './adapters/sms/index.js';
import { createFileStorage, type FileStorage } from './adapters/storage/index.js';
import type { Config } from './config/env.js';
import { preflight } from './config/preflight.js';
import type { Secrets } from './config/secrets.js';
import type { Database } from './db/client.js';
import { createLogger } from './lib/log.js';
import { createEventBus, type EventBus } from './modules/events/index.js';
import { createMetrics, type Metrics } from './modules/metrics/index.js';

/** What the whole app runs on: configuration, storage, adapters and the event bus (built by createDeps). */
export type AppDeps = {
  config: Config;
  secrets: Secrets;
  /** The portal client and those of OIDC_CLIENTS_FILE, validated (server/src/config/preflight.ts). */
  clients: ClientMetadata[];
  database: Database;
  kv: KeyValueStore;
  mailer: Mailer;
  sms: SmsSender;
  captcha: Captcha;
  storage: FileStorage;
  log: Logger;
  /** Domain events (server/src/modules/events/index.ts); the subscriptions are made in buildApp. */
  events: EventBus;
  /** Prometheus metrics (server/src/modules/metrics/index.ts), served at /metrics. */
  metrics: Metrics;
};

/**
 * Wires the adapters the configuration asks for around an open database. server/src/main.ts
 * passes what it checked before opening the database (secrets, clients, a Redis that answered);
 * tests let this function load them.
 */
export async function createDeps(
  config: Config,
  database: Database,
  opts: {
    log?: Logger;
    kvPrefix?: string;
    checked?: { secrets: Secrets; clients: ClientMetadata[] };
    kv?: KeyValueStore;
  } = {},
): Promise<AppDeps> {
  const log = opts.log ?? createLogger(config.LOG_LEVEL);
  const { secrets, clients } = opts.checked ?? (await preflight(config));
  const kv = opts.kv ?? openKeyValueStore(config.REDIS_URL, opts.kvPrefix ?? config.REDIS_PREFIX, (m) => log.warn(m));
  const logCodes = !config.production;
  return {
    config,
    secrets,
    clients,
    database,
    kv,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log, logCodes }),
    sms: createSmsSender({ smsUrl: config.SMS_URL, db: database.db, log, logCodes }),
    captcha: createCaptcha({ config, secrets, kv }),
    storage: createFileStorage(config),
    events: createEventBus(),
    metrics: createMetrics(),
    log,
  };
}

export async function closeDeps(deps: AppDeps) {
  await Promise.allSettled([deps.kv.close(), deps.mailer.close()]);
  await deps.database.close();
}
