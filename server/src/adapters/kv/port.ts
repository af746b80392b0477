// Short-lived shared state: rate-limit counters and caches; publish/subscribe is ready for the
// real-time hub (not built yet).
// In-process by default; Redis when REDIS_URL is set so every copy of Portico shares it.
export interface KeyValueStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  /** Several values in one round trip (null for each absent key), in the order of `keys`. */
  getMany(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Adds 1 and returns the new count; the first increment starts a window of ttlSeconds. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /** Seconds until the key expires, or -1 when absent. */
  ttl(key: string): Promise<number>;
  publish(channel: string, message: string): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
