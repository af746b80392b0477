import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { KeyValueStore } from './port.js';

/** Redis-backed store. `prefix` namespaces keys and channels (tests use a random one). */
export function createRedisStore(url: string, prefix = 'portico:'): KeyValueStore {
  const client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  // Subscriptions need their own connection; it is opened on first use.
  let subscriber: Redis | undefined;
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const k = (key: string) => prefix + key;

  const ensureSubscriber = () => {
    if (!subscriber) {
      subscriber = client.duplicate();
      subscriber.on('message', (channel: string, message: string) => bus.emit(channel, message));
    }
    return subscriber;
  };

  return {
    kind: 'redis',
    get: (key) => client.get(k(key)),
    async set(key, value, ttlSeconds) {
      await client.set(k(key), value, 'EX', ttlSeconds);
    },
    async del(key) {
      await client.del(k(key));
    },
    async incr(key, ttlSeconds) {
      // One round trip; the expiry is set only when the window starts (NX).
      const [[, count]] = (await client.multi().incr(k(key)).expire(k(key), ttlSeconds, 'NX').exec()) as [
        [Error | null, number],
      ];
      return count;
    },
    async ttl(key) {
      const t = await client.ttl(k(key));
      return t < 0 ? -1 : t;
    },
    async publish(channel, message) {
      await client.publish(k(channel), message);
    },
    async subscribe(channel, onMessage) {
      const sub = ensureSubscriber();
      const full = k(channel);
      if (bus.listenerCount(full) === 0) await sub.subscribe(full);
      bus.on(full, onMessage);
      return async () => {
        bus.off(full, onMessage);
        if (bus.listenerCount(full) === 0) await sub.unsubscribe(full);
      };
    },
    async ping() {
      await client.ping();
    },
    async close() {
      bus.removeAllListeners();
      await Promise.all([client.quit(), subscriber?.quit()]);
    },
  };
}
