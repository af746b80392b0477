import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { createOutboxSender } from '../outbox/outbox.js';
import type { Mailer } from './port.js';
import { createSmtpMailer } from './smtp.js';

export type { Mailer, MailMessage } from './port.js';

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: Logger;
  logCodes?: boolean;
}): Mailer {
  if (opts.smtpUrl) return createSmtpMailer(opts.smtpUrl, opts.from);
  return { kind: 'outbox', send: createOutboxSender(opts.db, opts.log, 'email', opts.logCodes), close: async () => {} };
}
