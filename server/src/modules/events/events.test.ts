import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createEventBus, type EventMap } from './index.js';

const deleted = (userId: string): EventMap['user.deleted'] => ({
  userId,
  user: {} as EventMap['user.deleted']['user'],
  ip: '127.0.0.1',
  tx: {} as Db,
  afterCommit: () => {},
});

describe('event bus', () => {
  it('awaits every subscriber in the order they subscribed', async () => {
    const bus = createEventBus();
    const seen: string[] = [];
    bus.subscribe('user.deleted', async ({ userId }) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`a:${userId}`);
    });
    bus.subscribe('user.deleted', ({ userId }) => {
      seen.push(`b:${userId}`);
    });
    await bus.publish('user.deleted', deleted('u1'));
    expect(seen).toEqual(['a:u1', 'b:u1']);
  });

  it('a failing subscriber fails the publisher and stops the later ones', async () => {
    const bus = createEventBus();
    const seen: string[] = [];
    bus.subscribe('user.deleted', () => {
      throw new Error('boom');
    });
    bus.subscribe('user.deleted', () => {
      seen.push('later');
    });
    await expect(bus.publish('user.deleted', deleted('u1'))).rejects.toThrow('boom');
    expect(seen).toEqual([]);
  });

  it('unsubscribing removes the subscriber; two buses do not share subscribers', async () => {
    const bus = createEventBus();
    const other = createEventBus();
    const seen: string[] = [];
    const off = bus.subscribe('user.deleted', ({ userId }) => {
      seen.push(userId);
    });
    await other.publish('user.deleted', deleted('other'));
    await bus.publish('user.deleted', deleted('u1'));
    off();
    await bus.publish('user.deleted', deleted('u2'));
    expect(seen).toEqual(['u1']);
  });
});
