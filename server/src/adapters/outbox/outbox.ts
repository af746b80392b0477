import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { insertOutboxMessage } from './queries.js';

export type OutboxChannel = 'email' | 'sms';
export type OutgoingMessage = { to: string; subject?: string; text: string; html?: string; code?: string };

/**
 * The local outbox stands in for a real mail or SMS transport: each message is stored
 * (listed at /dev/mailbox and /dev/outbox) and logged, so codes can be read without a provider.
 */
export const createOutboxSender =
  (db: Db, log: Logger, channel: OutboxChannel) =>
  async (message: OutgoingMessage): Promise<void> => {
    await insertOutboxMessage(db, {
      channel,
      to: message.to,
      subject: message.subject ?? '',
      text: message.text,
      code: message.code ?? null,
    });
    log.info({ channel, to: message.to, code: message.code }, `outbox: ${channel} to ${message.to}`);
  };
