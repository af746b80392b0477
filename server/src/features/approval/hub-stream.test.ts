import { randomBytes } from 'node:crypto';
import type { HubEvent } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/kv/memory.js';
import type { Secrets } from '../../config/secrets.js';
import { AppError } from '../../lib/errors.js';
import { hubChannel } from '../../modules/hub/index.js';
import { createHubStreams } from './hub-stream.js';
import type { ApprovalService } from './service.js';

// The hub's stream bookkeeping (server/src/features/approval/hub-stream.ts) without HTTP: limits
// given back however a stream ends, a final event ends it, a flow's state is read first.

const secrets = { encryptionKey: randomBytes(32) } as Secrets;
const state = (first: HubEvent | null, seconds = 60) => ({ first, expiresAt: new Date(Date.now() + seconds * 1000) });
const serviceWith = (hubState: ApprovalService['hubState']) => ({ hubState }) as ApprovalService;
const sink = () => {
  const heard: HubEvent[] = [];
  let ended = 0;
  return { heard, ended: () => ended, send: (e: HubEvent) => heard.push(e), end: () => void ended++ };
};

describe('hub streams', () => {
  it('gives its slots back when the store cannot subscribe, so the address is not shut out', async () => {
    const kv = createMemoryStore();
    let failing = true;
    const store = {
      ...kv,
      subscribe: (channel: string, on: (m: string) => void) =>
        failing ? Promise.reject(new Error('redis away')) : kv.subscribe(channel, on),
    };
    const streams = createHubStreams(
      { kv: store, secrets },
      serviceWith(async () => state(null)),
    );
    for (let i = 0; i < 25; i++) await expect(streams.open(`key-${i}`, '198.51.100.1', sink())).rejects.toThrow();
    failing = false;
    const close = await streams.open('key-ok', '198.51.100.1', sink());
    await close();
  });

  it('limits open streams per address and per key, and frees them on close', async () => {
    const kv = createMemoryStore();
    const streams = createHubStreams(
      { kv, secrets },
      serviceWith(async () => state(null)),
    );
    const open = [];
    for (let i = 0; i < 5; i++) open.push(await streams.open('same', `203.0.113.${i}`, sink()));
    await expect(streams.open('same', '203.0.113.99', sink())).rejects.toBeInstanceOf(AppError);
    // 203.0.113.1 holds one already: 19 more make 20.
    for (let i = 0; i < 19; i++) open.push(await streams.open(`k${i}`, '203.0.113.1', sink()));
    await expect(streams.open('another', '203.0.113.1', sink())).rejects.toBeInstanceOf(AppError);
    for (const close of open) await close();
    await (await streams.open('another', '203.0.113.1', sink()))();
  });

  it('says the state first, passes what is published, and ends on a final event', async () => {
    const kv = createMemoryStore();
    const streams = createHubStreams(
      { kv, secrets },
      serviceWith(async () => state({ type: 'qrScanned' })),
    );
    const s = sink();
    const close = await streams.open('code-1', '203.0.113.7', s);
    await kv.publish(hubChannel('code-1'), JSON.stringify({ type: 'qrScanned' }));
    await kv.publish(hubChannel('code-1'), JSON.stringify({ type: 'qrLogin' }));
    await kv.publish(hubChannel('code-1'), JSON.stringify({ type: 'expired' }));
    expect(s.heard).toEqual([{ type: 'qrScanned' }, { type: 'qrLogin' }]);
    expect(s.ended()).toBe(1);
    await close();
  });

  it('an unknown key hears expired and ends', async () => {
    const streams = createHubStreams(
      { kv: createMemoryStore(), secrets },
      serviceWith(async () => null),
    );
    const s = sink();
    const close = await streams.open('nothing', '203.0.113.8', s);
    expect(s.heard).toEqual([{ type: 'expired', reason: 'timeout' }]);
    expect(s.ended()).toBe(1);
    await close();
  });
});
