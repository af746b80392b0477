import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory.js';
import type { KeyValueStore } from './port.js';
import { createRedisStore } from './redis.js';

// One suite, run on the in-process store and, when REDIS_URL is set, on Redis.
const stores: [string, () => KeyValueStore][] = [['memory', () => createMemoryStore()]];
if (process.env.REDIS_URL) {
  const url = process.env.REDIS_URL;
  stores.push(['redis', () => createRedisStore(url, `portico-test:${randomBytes(4).toString('hex')}:`)]);
}

describe.each(stores)('key-value store (%s)', (_name, make) => {
  const store = make();
  afterAll(() => store.close());

  it('sets, reads and deletes values', async () => {
    await store.set('a', '1', 60);
    expect(await store.get('a')).toBe('1');
    expect(await store.ttl('a')).toBeGreaterThan(55);
    await store.del('a');
    expect(await store.get('a')).toBeNull();
    expect(await store.ttl('a')).toBe(-1);
  });

  it('reads several values at once, null for the absent ones', async () => {
    await store.set('m1', 'one', 60);
    await store.set('m3', 'three', 60);
    expect(await store.getMany(['m1', 'm2', 'm3'])).toEqual(['one', null, 'three']);
    expect(await store.getMany([])).toEqual([]);
  });

  it('counts within a window that starts at the first increment', async () => {
    expect(await store.incr('c', 60)).toBe(1);
    expect(await store.incr('c', 60)).toBe(2);
    expect(await store.incr('c', 60)).toBe(3);
    expect(await store.ttl('c')).toBeLessThanOrEqual(60);
  });

  it('expires values', async () => {
    await store.set('e', 'x', 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await store.get('e')).toBeNull();
  });

  it('delivers published messages to subscribers until they unsubscribe', async () => {
    const got: string[] = [];
    const unsubscribe = await store.subscribe('ch', (m) => got.push(m));
    await store.publish('ch', 'hello');
    await expect.poll(() => got).toEqual(['hello']);
    await unsubscribe();
    await store.publish('ch', 'after');
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(['hello']);
  });
});

describe('memory store clock', () => {
  it('expires by the clock it is given', async () => {
    let t = 0;
    const store = createMemoryStore(() => t);
    await store.set('k', 'v', 10);
    t = 9_999;
    expect(await store.get('k')).toBe('v');
    t = 10_000;
    expect(await store.get('k')).toBeNull();
    await store.close();
  });
});
