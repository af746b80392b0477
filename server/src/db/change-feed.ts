/**
 * The database's change feed: the triggers of migration 0008_change_feed.sql send
 * `'<kind>:<id>'` on the channel `portico_changes` after each commit that changes an account
 * (its row or a contact), deletes or changes an access token or a grant, or changes or ends a
 * provider session. Every copy of the server listens, so what a copy keeps in memory between requests is
 * dropped as soon as any copy, or anything else writing to the database, changes it
 * (server/src/features/auth/bearer.ts, kept by server/src/db/change-cache.ts).
 *
 * While the feed is not listening (not started yet, PostgreSQL away, the connection lost and not
 * yet back) `live()` is false and callers must not trust memory; each loss and each return is
 * reported as a `reset`, because changes made meanwhile were not heard.
 */
export type Change = { kind: 'user' | 'token' | 'grant' | 'session'; id: string };
export type ChangeListener = (change: Change | 'reset') => void;

export type ChangeFeed = {
  /** A payload heard on another connection (the pool's own, server/src/db/client.ts). */
  hear(payload: string): void;
  /** True while changes are being heard. */
  live(): boolean;
  /** Starts listening on first use; the returned function stops this listener. */
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
};

export const CHANGE_CHANNEL = 'portico_changes';
/** The listening connection's application_name, as pg_stat_activity shows it. */
export const CHANGE_FEED_APPLICATION = 'portico-change-feed';

const KINDS = new Set<Change['kind']>(['user', 'token', 'grant', 'session']);

export function parseChange(payload: string | undefined): Change | undefined {
  const at = payload?.indexOf(':') ?? -1;
  if (!payload || at < 0) return undefined;
  const kind = payload.slice(0, at) as Change['kind'];
  return KINDS.has(kind) ? { kind, id: payload.slice(at + 1) } : undefined;
}

/**
 * A feed over a way to listen: `listen(onPayload, onLost)` resolves once LISTEN is in place and
 * calls `onLost` when the connection that listens goes away; it is then tried again after
 * `retryMs` until it holds.
 */
export function createChangeFeed(
  listen: (onPayload: (payload: string) => void, onLost: (err: Error) => void) => Promise<() => Promise<void>>,
  opts: { warn?: (message: string) => void; retryMs?: number } = {},
): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  let live = false;
  let started = false;
  let closed = false;
  let stop: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;

  const emit = (change: Change | 'reset') => {
    for (const l of listeners) l(change);
  };
  const lost = (err: Error) => {
    if (closed) return;
    const wasLive = live;
    live = false;
    stop = undefined;
    emit('reset');
    if (wasLive) opts.warn?.(`change feed lost: ${err.message}; memory caches are off until it is back`);
    retry ??= setTimeout(() => {
      retry = undefined;
      void start();
    }, opts.retryMs ?? 1000);
    retry.unref();
  };
  async function start() {
    if (closed) return;
    try {
      const stopListening = await listen((payload) => feed.hear(payload), lost);
      if (closed) return void (await stopListening().catch(() => {}));
      stop = stopListening;
      live = true;
      // Anything changed before LISTEN held was not heard.
      emit('reset');
    } catch (err) {
      lost(err as Error);
    }
  }

  const feed: ChangeFeed = {
    hear(payload) {
      const change = parseChange(payload);
      if (change) emit(change);
    },
    live: () => live,
    subscribe(listener) {
      listeners.add(listener);
      if (!started) {
        started = true;
        void start();
      }
      return () => void listeners.delete(listener);
    },
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      await stop?.().catch(() => {});
    },
  };
  return feed;
}
