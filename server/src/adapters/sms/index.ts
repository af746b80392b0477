import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { createOutboxSender, type OutgoingMessage } from '../outbox/outbox.js';

export interface SmsSender {
  readonly kind: 'outbox' | 'http';
  send(message: Pick<OutgoingMessage, 'to' | 'text' | 'code'>): Promise<void>;
}

/** An HTTP SMS provider: POST JSON {to, text} to SMS_URL; any non-2xx answer is an error. */
function createHttpSms(url: string): SmsSender {
  return {
    kind: 'http',
    async send({ to, text }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}

export function createSmsSender(opts: { smsUrl?: string; db: Db; log: Logger; logCodes?: boolean }): SmsSender {
  if (opts.smsUrl) return createHttpSms(opts.smsUrl);
  return { kind: 'outbox', send: createOutboxSender(opts.db, opts.log, 'sms', opts.logCodes) };
}
