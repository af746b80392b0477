import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { insertOutboxMessage } from './queries.js';

export type OutboxChannel = 'email' | 'sms';
export type OutgoingMessage = { to: string; subject?: string; text: string; html?: string; code?: string };

/**
 * The local outbox stands in for a real mail or SMS transport: each message is stored
 * (listed at /dev/mailbox and /dev/outbox) and logged, so codes can be read without a provider.
 * In production it runs only when DEV_OUTBOX=true (server/src/config/env.ts), and never logs codes.
 */
export const createOutboxSender =
  // logCodes is off in production: a code in a log file is a code anyone with the logs can use.
    (db: Db, log: Logger, channel: OutboxChannel, logCodes = true) =>
    async (message: OutgoingMessage): Promise<void> => {
      await insertOutboxMessage(db, {
        channel,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        code: message.code ?? null,
      });
      const code = logCodes ? message.code : undefined;
      log.info({ channel, to: message.to, ...(code ? { code } : {}) }, `outbox: ${channel} to ${message.to}`);
    };
