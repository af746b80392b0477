import type { ChangeFeed } from './change-feed.js';

/**
 * Values kept in memory between requests and dropped by the database's change feed
 * (server/src/db/change-feed.ts): each entry is tagged with what it was read from
 * (`user:<id>`, `token:<id>`, `session:<uid>`), and a change heard for a tag drops its entries.
 *
 * Nothing is served while the feed is not live, and a read that started before any change was
 * heard is not kept (`generation`): a value read just before a commit elsewhere cannot outlive the
 * change it missed. Entries also age out after `maxAgeMs` and the oldest go first past `maxEntries`.
 */
export type ChangeCache<V> = {
  /** Take this before reading the database; pass it to `remember`. */
  generation(): number;
  get(key: string): V | undefined;
  remember(key: string, generation: number, value: V, tags: string[]): void;
  /** The kept value, else `load()` kept under `tagsOf(value)` (nothing is kept for undefined). */
  read(key: string, load: () => Promise<V | undefined>, tagsOf: (value: V) => string[]): Promise<V | undefined>;
  size(): number;
};

export function createChangeCache<V>(
  changes: ChangeFeed,
  opts: { maxEntries: number; maxAgeMs: number; now?: () => number },
): ChangeCache<V> {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: V; at: number; tags: string[] }>();
  const keysByTag = new Map<string, Set<string>>();
  let generation = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  };

  changes.subscribe((change) => {
    generation++;
    if (change === 'reset') {
      entries.clear();
      keysByTag.clear();
      return;
    }
    for (const key of [...(keysByTag.get(`${change.kind}:${change.id}`) ?? [])]) drop(key);
  });

  const cache: ChangeCache<V> = {
    generation: () => generation,
    get(key) {
      if (!changes.live()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at > opts.maxAgeMs) {
        drop(key);
        return undefined;
      }
      return entry.value;
    },
    remember(key, readAt, value, tags) {
      if (!changes.live() || readAt !== generation) return;
      drop(key);
      if (entries.size >= opts.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) drop(oldest);
      }
      entries.set(key, { value, at: now(), tags });
      for (const tag of tags) {
        const keys = keysByTag.get(tag) ?? new Set<string>();
        keys.add(key);
        keysByTag.set(tag, keys);
      }
    },
    async read(key, load, tagsOf) {
      const kept = cache.get(key);
      if (kept !== undefined) return kept;
      const readAt = generation;
      const value = await load();
      if (value !== undefined) cache.remember(key, readAt, value, tagsOf(value));
      return value;
    },
    size: () => entries.size,
  };
  return cache;
}
