import type { OutgoingMessage } from '../outbox/outbox.js';

export type MailMessage = OutgoingMessage;

export interface Mailer {
  /** 'outbox' keeps mail locally; 'smtp' sends it. */
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
