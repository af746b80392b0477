import { createHash } from 'node:crypto';
import { type HubEvent, hubEventSchema } from '@portico/contracts';
import type { KeyValueStore } from '../../adapters/kv/index.js';

/**
 * The channel of a key: a hash, so that neither a store's channel list nor its monitor shows
 * the key a page listens with (a QR code's key is also what the phone approves).
 */
export const hubChannel = (key: string) => `hub:${digest(key)}`;
/** An account's own channel (its pages hear new push requests); apart from every key's channel. */
export const userHubChannel = (userId: string) => `hub-user:${digest(userId)}`;
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Publish to a channel, listen to one. A message that is not a hub event is dropped. */
export function createHub(kv: Pick<KeyValueStore, 'publish' | 'subscribe'>) {
  return {
    publish: (channel: string, event: HubEvent) => kv.publish(channel, JSON.stringify(event)),
    /** Listens until the returned function is called. */
    listen(channel: string, onEvent: (event: HubEvent) => void): Promise<() => Promise<void>> {
      return kv.subscribe(channel, (message) => {
        const parsed = hubEventSchema.safeParse(safeJson(message));
        if (parsed.success) onEvent(parsed.data);
      });
    },
  };
}

export type Hub = ReturnType<typeof createHub>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
