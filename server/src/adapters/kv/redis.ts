import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { KeyValueStore } from './port.js';

type Warn = (message: string) => void;

// Reconnect back-off: 0.2 s, 0.4 s ... up to 5 s between tries, for as long as Redis is away.
const retryStrategy = (times: number) => Math.min(times * 200, 5000);

/**
 * One warning per outage (and at most one a minute while it lasts) instead of ioredis's
 * "Unhandled error event" on every reconnect try.
 */
function watch(client: Redis, name: string, warn: Warn) {
  let lastWarned = 0;
  client.on('error', (err: Error) => {
    if (Date.now() - lastWarned < 60_000) return;
    lastWarned = Date.now();
    warn(`redis ${name}: ${err.message} (reconnecting with back-off)`);
  });
  client.on('ready', () => {
    if (lastWarned) warn(`redis ${name}: connected again`);
    lastWarned = 0;
  });
}

/** Redis-backed store. `prefix` namespaces keys and channels (tests use a random one). */
export function createRedisStore(url: string, prefix = 'portico:', warn: Warn = console.warn): KeyValueStore {
  // Commands wait through two reconnect tries, then fail (answered 503 by server/src/lib/errors.ts).
  // Auto-pipelining: commands issued in the same tick (by one request or by several at once) leave
  // in one write, and socket writes are a large part of a busy server's time (issue 10's profile).
  const client = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    retryStrategy,
    enableAutoPipelining: true,
  });
  watch(client, 'client', warn);
  // Subscriptions need their own connection; it is opened on first use.
  let subscriber: Redis | undefined;
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const k = (key: string) => prefix + key;

  const ensureSubscriber = () => {
    if (!subscriber) {
      // No ready check: it sends INFO, which a connection that resubscribed on reconnect refuses
      // ("Connection in subscriber mode"), failing the subscribe a hub stream waits on (bench/soak.ts).
      subscriber = client.duplicate({ enableReadyCheck: false });
      watch(subscriber, 'subscriber', warn);
      subscriber.on('message', (channel: string, message: string) => bus.emit(channel, message));
    }
    return subscriber;
  };

  return {
    kind: 'redis',
    get: (key) => client.get(k(key)),
    getMany: (keys) => (keys.length ? client.mget(keys.map(k)) : Promise.resolve([])),
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
      // quit() waits for the server's answer; to a Redis that is away, just drop the connection.
      const end = async (c: Redis | undefined) => {
        if (!c) return;
        if (c.status === 'ready') await c.quit();
        else c.disconnect();
      };
      await Promise.all([end(client), end(subscriber)]);
    },
  };
}
