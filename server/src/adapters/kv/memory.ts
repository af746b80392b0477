import { EventEmitter } from 'node:events';
import type { KeyValueStore } from './port.js';

type Entry = { value: string; expiresAt: number };

export function createMemoryStore(now: () => number = Date.now): KeyValueStore {
  const entries = new Map<string, Entry>();
  const bus = new EventEmitter();
  bus.setMaxListeners(0);

  const live = (key: string): Entry | undefined => {
    const e = entries.get(key);
    if (e && e.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  // Expired entries are also swept so an idle key does not stay in memory forever.
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, e] of entries) if (e.expiresAt <= t) entries.delete(k);
  }, 60_000);
  sweep.unref();

  return {
    kind: 'memory',
    async get(key) {
      return live(key)?.value ?? null;
    },
    async getMany(keys) {
      return keys.map((key) => live(key)?.value ?? null);
    },
    async set(key, value, ttlSeconds) {
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
    },
    async del(key) {
      entries.delete(key);
    },
    async incr(key, ttlSeconds) {
      const e = live(key);
      const next = (e ? Number(e.value) : 0) + 1;
      entries.set(key, { value: String(next), expiresAt: e?.expiresAt ?? now() + ttlSeconds * 1000 });
      return next;
    },
    async ttl(key) {
      const e = live(key);
      return e ? Math.ceil((e.expiresAt - now()) / 1000) : -1;
    },
    async publish(channel, message) {
      bus.emit(channel, message);
    },
    async subscribe(channel, onMessage) {
      bus.on(channel, onMessage);
      return async () => void bus.off(channel, onMessage);
    },
    async ping() {},
    async close() {
      clearInterval(sweep);
      entries.clear();
      bus.removeAllListeners();
    },
  };
}
