import pino, { type Logger } from 'pino';
import { createCaptcha } from './adapters/captcha/index.js';
import { openKeyValueStore } from './adapters/kv/index.js';
import { createMailer } from './adapters/mail/index.js';
import { createSmsSender } from './adapters/sms/index.js';
import { createFileStorage } from './adapters/storage/index.js';
import type { AppDeps } from './app.js';
import type { Config } from './config/env.js';
import { loadSecrets } from './config/secrets.js';
import type { Database } from './db/client.js';

/** Wires the adapters the configuration asks for around an open database. */
export async function createDeps(
  config: Config,
  database: Database,
  opts: { log?: Logger; kvPrefix?: string } = {},
): Promise<AppDeps> {
  const log = opts.log ?? pino({ level: config.LOG_LEVEL });
  const secrets = await loadSecrets(config);
  const kv = openKeyValueStore(config.REDIS_URL, opts.kvPrefix ?? config.REDIS_PREFIX);
  return {
    config,
    secrets,
    database,
    kv,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log }),
    sms: createSmsSender({ smsUrl: config.SMS_URL, db: database.db, log }),
    captcha: createCaptcha({ config, secrets, kv }),
    storage: createFileStorage({ dataDir: config.dataDir }),
    log,
  };
}

export async function closeDeps(deps: AppDeps) {
  await Promise.allSettled([deps.kv.close(), deps.mailer.close()]);
  await deps.database.close();
}
