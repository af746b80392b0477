import { createMemoryStore } from './memory.js';
import type { KeyValueStore } from './port.js';
import { createRedisStore } from './redis.js';

export type { KeyValueStore } from './port.js';

export const openKeyValueStore = (redisUrl?: string, prefix?: string): KeyValueStore =>
  redisUrl ? createRedisStore(redisUrl, prefix) : createMemoryStore();
