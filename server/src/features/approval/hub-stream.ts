import { HUB_FINAL_EVENTS, type HubEvent } from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import type { StreamClose } from '../../http/endpoint.js';
import { tooMany } from '../../lib/errors.js';
import { createHub, hubChannel, readUserHubKey, userHubChannel } from '../../modules/hub/index.js';
import type { ApprovalService } from './service.js';

/** Streams one copy holds at most, one client address, one key (a page in a few tabs). */
const STREAMS_PER_COPY = 10_000;
const STREAMS_PER_IP = 20;
const STREAMS_PER_KEY = 5;
/**
 * How often a waiting page's flow is read again: an event lost on the way (a publish that failed
 * while Redis was away) still reaches the page within this time.
 */
const RECHECK_MS = 10_000;

type Sink = { send: (event: HubEvent) => void; end: () => void };

/**
 * The hub's streams (ADR 006): what a page opening `/api/hub?userId=<key>` hears. A QR code's or
 * push request's page gets its flow's state first (so a page that reconnects learns what it
 * missed), then the events published for its key, the state again every RECHECK_MS, and `expired`
 * when the key's time is up; a final event ends the stream. An account page's signed key hears
 * its account's push requests until the key expires. Open streams are counted per copy, per
 * client address and per key; every slot is given back however the stream ends.
 */
export function createHubStreams(deps: Pick<AppDeps, 'kv' | 'secrets'>, service: ApprovalService) {
  const hub = createHub(deps.kv);
  const open = new Map<string, number>();
  const take = (name: string, max: number) => {
    const count = open.get(name) ?? 0;
    if (count >= max) return false;
    open.set(name, count + 1);
    return true;
  };
  const give = (name: string) => {
    const left = (open.get(name) ?? 1) - 1;
    if (left > 0) open.set(name, left);
    else open.delete(name);
  };
  /** The slots of one stream, all or none; 429 when one is full. */
  function hold(ip: string, key: string): () => void {
    const names: string[] = [];
    for (const [name, max] of [
      ['copy', STREAMS_PER_COPY],
      [`ip:${ip}`, STREAMS_PER_IP],
      [`key:${key}`, STREAMS_PER_KEY],
    ] as const) {
      if (!take(name, max)) {
        for (const held of names) give(held);
        throw tooMany();
      }
      names.push(name);
    }
    let given = false;
    return () => {
      if (given) return;
      given = true;
      for (const name of names) give(name);
    };
  }

  /** An account page: its account's push requests, until the page leaves or its key expires. */
  async function accountPage(userId: string, expiresAt: number, { send, end }: Sink): Promise<() => Promise<void>> {
    const unlisten = await hub.listen(userHubChannel(userId), send);
    const timer = setTimeout(
      () => {
        send({ type: 'expired', reason: 'timeout' });
        end();
      },
      Math.max(0, expiresAt - Date.now()),
    );
    return async () => {
      clearTimeout(timer);
      await unlisten();
    };
  }

  /** A QR code's or push request's page: listen first, then read the flow, so nothing falls in between. */
  async function requestPage(key: string, { send, end }: Sink): Promise<() => Promise<void>> {
    let last: string | null = null;
    let done = false;
    const pass = (event: HubEvent) => {
      if (done) return;
      const said = JSON.stringify(event);
      if (said === last) return;
      last = said;
      send(event);
      if (HUB_FINAL_EVENTS.has(event.type)) {
        done = true;
        end();
      }
    };
    const unlisten = await hub.listen(hubChannel(key), pass);
    let timer: NodeJS.Timeout | undefined;
    let recheck: NodeJS.Timeout | undefined;
    const stop = async () => {
      done = true;
      clearTimeout(timer);
      clearInterval(recheck);
      await unlisten();
    };
    /** The flow's state now; at or past its expiry, `expired` unless it says more. */
    const look = async (atExpiry: boolean) => {
      const state = await service.hubState(key);
      if (state?.first) pass(state.first);
      if (!state || atExpiry) pass({ type: 'expired', reason: 'timeout' });
      return state;
    };
    try {
      const state = await look(false);
      if (state && !done) {
        timer = setTimeout(
          () => void look(true).catch(() => pass({ type: 'expired', reason: 'timeout' })),
          Math.max(0, state.expiresAt.getTime() - Date.now()),
        );
        recheck = setInterval(() => void look(false).catch(() => {}), RECHECK_MS);
      }
    } catch (err) {
      await stop();
      throw err;
    }
    return stop;
  }

  return {
    /** Opens what the key's page hears (see above); throws 429 when a limit is reached. */
    async open(key: string, ip: string, sink: Sink): Promise<StreamClose> {
      const release = hold(ip, key);
      try {
        const page = readUserHubKey(deps.secrets.encryptionKey, key);
        const stop = page ? await accountPage(page.userId, page.expiresAt, sink) : await requestPage(key, sink);
        return async () => {
          release();
          await stop();
        };
      } catch (err) {
        release();
        throw err;
      }
    },
  };
}
