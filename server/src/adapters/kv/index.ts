import { ConfigError } from '../../config/env.js';
import { createMemoryStore } from './memory.js';
import type { KeyValueStore } from './port.js';
import { createRedisStore } from './redis.js';

export type { KeyValueStore } from './port.js';

export const openKeyValueStore = (
  redisUrl?: string,
  prefix?: string,
  warn?: (message: string) => void,
): KeyValueStore => (redisUrl ? createRedisStore(redisUrl, prefix, warn) : createMemoryStore());

/** At start, a Redis that does not answer within `seconds` is a configuration error naming REDIS_URL. */
export async function waitForRedis(kv: KeyValueStore, url: string | undefined, seconds = 5) {
  if (kv.kind !== 'redis' || !url) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1000);
  });
  try {
    await Promise.race([kv.ping(), timeout]);
  } catch (err) {
    await kv.close().catch(() => {});
    const where = url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
    throw new ConfigError(`Invalid configuration:\n  REDIS_URL: cannot reach ${where} (${(err as Error).message})`);
  } finally {
    clearTimeout(timer);
  }
}
