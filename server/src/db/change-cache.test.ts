import { describe, expect, it } from 'vitest';
import { createChangeCache } from './change-cache.js';
import { type ChangeListener, createChangeFeed, parseChange } from './change-feed.js';

/** A feed whose connection the test controls: `lose` drops it, and it comes back `retryMs` later. */
function controlledFeed() {
  let onLost: ((err: Error) => void) | undefined;
  let fail = false;
  const feed = createChangeFeed(
    async (_onPayload, lost) => {
      if (fail) throw new Error('refused');
      onLost = lost;
      return async () => {};
    },
    { retryMs: 5 },
  );
  return {
    feed,
    lose: (refuseFor = false) => {
      fail = refuseFor;
      onLost?.(new Error('gone'));
    },
    allow: () => {
      fail = false;
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('change feed', () => {
  it('parses only the kinds it knows', () => {
    expect(parseChange('user:u1')).toEqual({ kind: 'user', id: 'u1' });
    expect(parseChange('token:a:b')).toEqual({ kind: 'token', id: 'a:b' });
    expect(parseChange('grant:g1')).toEqual({ kind: 'grant', id: 'g1' });
    expect(parseChange('client:c1')).toBeUndefined();
    expect(parseChange('nothing')).toBeUndefined();
  });

  it('is live once listening, reports a reset on each loss and return, and comes back', async () => {
    const { feed, lose, allow } = controlledFeed();
    const heard: Parameters<ChangeListener>[0][] = [];
    feed.subscribe((c) => heard.push(c));
    await settle();
    expect(feed.live()).toBe(true);
    feed.hear('token:t1');
    lose(true);
    expect(feed.live()).toBe(false);
    await settle();
    expect(feed.live()).toBe(false);
    allow();
    await settle();
    expect(feed.live()).toBe(true);
    expect(heard[0]).toBe('reset');
    expect(heard[1]).toEqual({ kind: 'token', id: 't1' });
    expect(heard.at(-1)).toBe('reset');
    await feed.close();
    expect(feed.live()).toBe(false);
  });
});

describe('change cache', () => {
  const started = async () => {
    const control = controlledFeed();
    const cache = createChangeCache<string>(control.feed, { maxEntries: 3, maxAgeMs: 1000, now: () => clock });
    await settle();
    return { ...control, cache };
  };
  let clock = 0;

  it('keeps a value until a change is heard for one of its tags', async () => {
    const { feed, cache } = await started();
    cache.remember('a', cache.generation(), 'A', ['token:a', 'user:u1']);
    cache.remember('b', cache.generation(), 'B', ['token:b', 'user:u2']);
    expect(cache.get('a')).toBe('A');
    feed.hear('user:u1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('B');
    feed.hear('session:s9');
    expect(cache.get('b')).toBe('B');
    feed.hear('token:b');
    expect(cache.size()).toBe(0);
  });

  it('does not keep a value read before a change was heard', async () => {
    const { feed, cache } = await started();
    const readAt = cache.generation();
    feed.hear('user:somebody-else');
    cache.remember('a', readAt, 'A', ['token:a']);
    expect(cache.get('a')).toBeUndefined();
  });

  it('serves nothing while the feed is lost, and forgets everything it held', async () => {
    const { cache, lose, allow } = await started();
    cache.remember('a', cache.generation(), 'A', ['token:a']);
    lose(true);
    expect(cache.get('a')).toBeUndefined();
    cache.remember('b', cache.generation(), 'B', ['token:b']);
    expect(cache.size()).toBe(0);
    allow();
    await settle();
    expect(cache.get('a')).toBeUndefined();
  });

  it('ages entries out and drops the oldest past its size', async () => {
    const { cache } = await started();
    clock = 0;
    for (const k of ['a', 'b', 'c', 'd']) cache.remember(k, cache.generation(), k.toUpperCase(), [`token:${k}`]);
    expect(cache.size()).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBe('D');
    clock = 1001;
    expect(cache.get('d')).toBeUndefined();
  });
});
