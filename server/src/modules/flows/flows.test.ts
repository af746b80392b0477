import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { flows as flowsTable, users } from '../../db/schema.js';
import { openTestDatabase } from '../../db/testing.js';
import { createUser } from '../../testing/users.js';
import { createEventBus } from '../events/index.js';
import { subscribeFlows } from './events.js';
import { FLOW_KINDS, mayMove } from './kinds.js';
import { createFlows } from './service.js';

describe('flows as stored records', () => {
  let database: Database;
  let clock = Date.now();
  let flows: ReturnType<typeof createFlows>;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    flows = createFlows({ database }, { now: () => new Date(clock) });
    alice = (await createUser(database.db, { email: 'alice@example.com' })).id;
    bob = (await createUser(database.db, { email: 'bob@example.com' })).id;
  });
  afterAll(() => database.close());

  const rowsFor = (target: string) => database.db.select().from(flowsTable).where(eq(flowsTable.target, target));

  it('every kind starts somewhere its table leaves from, and ends in done', () => {
    for (const [kind, spec] of Object.entries(FLOW_KINDS)) {
      expect(Object.keys(spec.moves), kind).toContain(spec.first);
      const reachable = Object.values(spec.moves).flat();
      expect(reachable, kind).toContain('done');
    }
    expect(mayMove('register', 'code_sent', 'verified')).toBe(true);
    expect(mayMove('register', 'code_sent', 'done')).toBe(false);
    expect(mayMove('register', 'done', 'verified')).toBe(false);
    expect(mayMove('change_password', 'toString', 'done')).toBe(false);
  });

  it('starts a flow in its first state; a new one for the same kind, target and subject replaces it', async () => {
    const { flow: first } = await flows.start('register', { target: 'new@example.com', subject: null, ttlSeconds: 60 });
    expect(first).toMatchObject({ kind: 'register', state: 'code_sent', subject: null, attempts: 0, data: {} });
    expect(first.id).toMatch(/^[\w-]{43}$/);
    expect((await flows.find('register', { target: 'new@example.com', subject: null }))?.id).toBe(first.id);
    expect((await flows.findById('register', first.id))?.id).toBe(first.id);
    // Another kind never sees it.
    expect(await flows.findById('forgot_password', first.id)).toBeUndefined();

    const { flow: second } = await flows.start('register', {
      target: 'new@example.com',
      subject: null,
      ttlSeconds: 60,
    });
    expect(second.id).not.toBe(first.id);
    expect(await flows.findById('register', first.id)).toBeUndefined();
    expect(await rowsFor('new@example.com')).toHaveLength(1);

    // Another subject, or none, is another flow.
    await flows.start('forgot_password', { target: 'shared@example.com', subject: alice, ttlSeconds: 60 });
    await flows.start('forgot_password', { target: 'shared@example.com', subject: bob, ttlSeconds: 60 });
    await flows.start('forgot_password', { target: 'shared@example.com', subject: null, ttlSeconds: 60 });
    expect(await rowsFor('shared@example.com')).toHaveLength(3);
    expect((await flows.find('forgot_password', { target: 'shared@example.com', subject: bob }))?.subject).toBe(bob);
  });

  it('racing starts leave one unfinished flow (the unique index decides, not a read)', async () => {
    const key = { target: 'race-start@example.com', subject: null };
    const started = await Promise.all(
      Array.from({ length: 8 }, () => flows.start('register', { ...key, ttlSeconds: 60 })),
    );
    const rows = await rowsFor('race-start@example.com');
    expect(rows).toHaveLength(1);
    expect(started.map((s) => s.flow.id)).toContain(rows[0]!.id);
  });

  it('advances with compare-and-set: of two racing steps exactly one wins', async () => {
    const { flow } = await flows.start('register', { target: 'race@example.com', subject: null, ttlSeconds: 60 });
    const results = await Promise.all([
      flows.advance('register', flow.id, 'code_sent', 'verified', { secret: true }),
      flows.advance('register', flow.id, 'code_sent', 'verified', { secret: true }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const won = results.find(Boolean)!;
    expect(won.flow.state).toBe('verified');
    // A step from a state the flow has left fails, and so does a move the table does not list.
    expect(await flows.advance('register', flow.id, 'code_sent', 'verified')).toBeUndefined();
    await expect(flows.advance('register', flow.id, 'verified', 'code_sent' as never)).rejects.toThrow(/no move/);
    const done = await Promise.all([
      flows.finish('register', flow.id, 'verified'),
      flows.finish('register', flow.id, 'verified'),
    ]);
    expect(done.filter(Boolean)).toHaveLength(1);
    // Finished: not live any more, and a new flow for the same address may start.
    expect(await flows.find('register', { target: 'race@example.com', subject: null })).toBeUndefined();
    const again = await flows.start('register', { target: 'race@example.com', subject: null, ttlSeconds: 60 });
    expect(again.flow.state).toBe('code_sent');
    expect((await rowsFor('race@example.com')).map((r) => r.state).sort()).toEqual(['code_sent', 'done']);
  });

  it('a step secret finds the flow; only its hash is stored and the next secret replaces it', async () => {
    const { flow } = await flows.start('forgot_password', {
      target: 'sec@example.com',
      subject: alice,
      ttlSeconds: 60,
    });
    const step = await flows.advance('forgot_password', flow.id, 'code_sent', 'verified', {
      secret: true,
      ttlSeconds: 900,
      data: { channel: 'email' },
    });
    const secret = step!.secret!;
    expect(secret).toMatch(/^[\w-]{43}$/);
    const [row] = await rowsFor('sec@example.com');
    expect(row?.secretHash).toBeTruthy();
    expect(row?.secretHash).not.toBe(secret);
    expect(row?.expiresAt.getTime()).toBe(clock + 900_000);
    const found = await flows.findBySecret('forgot_password', secret);
    expect(found).toMatchObject({ id: flow.id, state: 'verified', subject: alice, data: { channel: 'email' } });
    expect(await flows.findBySecret('register', secret)).toBeUndefined();
    expect(await flows.findBySecret('forgot_password', `${secret}x`)).toBeUndefined();
    expect(await flows.findBySecret('forgot_password', '')).toBeUndefined();
    // Held by its secret, it is no longer found by its target, and a new start does not replace it.
    expect(await flows.find('forgot_password', { target: 'sec@example.com', subject: alice })).toBeUndefined();
    const { flow: next } = await flows.start('forgot_password', {
      target: 'sec@example.com',
      subject: alice,
      ttlSeconds: 60,
    });
    expect((await flows.findBySecret('forgot_password', secret))?.id).toBe(flow.id);
    expect((await flows.find('forgot_password', { target: 'sec@example.com', subject: alice }))?.id).toBe(next.id);
    // A newer secret of the same flow replaces the old one.
    const later = await flows.advance('forgot_password', flow.id, 'verified', 'done', { secret: true });
    expect(await flows.findBySecret('forgot_password', secret)).toBeUndefined();
    expect(await flows.findBySecret('forgot_password', later!.secret!)).toBeUndefined(); // done is not live
  });

  it('a bound flow is found only with its binding; the binding itself is not stored', async () => {
    const uid = 'interaction-uid-1';
    const { flow, secret } = await flows.start('change_password', {
      target: 'bound@example.com',
      subject: bob,
      ttlSeconds: 300,
      binding: uid,
      secret: true,
    });
    expect(flow.binding).not.toContain(uid);
    expect(await flows.findById('change_password', flow.id)).toBeUndefined();
    expect(await flows.findById('change_password', flow.id, 'another-uid')).toBeUndefined();
    expect((await flows.findById('change_password', flow.id, uid))?.id).toBe(flow.id);
    expect(await flows.findBySecret('change_password', secret!)).toBeUndefined();
    expect((await flows.findBySecret('change_password', secret!, uid))?.id).toBe(flow.id);
    // Found by its target, too, only with the binding.
    const key = { target: 'bound2@example.com', subject: bob };
    const { flow: byTarget } = await flows.start('change_password', { ...key, ttlSeconds: 300, binding: uid });
    expect(await flows.find('change_password', key)).toBeUndefined();
    expect(await flows.find('change_password', key, 'another-uid')).toBeUndefined();
    expect((await flows.find('change_password', key, uid))?.id).toBe(byTarget.id);
  });

  it('counts tries atomically up to the limit', async () => {
    const { flow } = await flows.start('change_contact', {
      target: 'tries@example.com',
      subject: alice,
      ttlSeconds: 60,
    });
    const counted = await Promise.all(
      Array.from({ length: 7 }, () => flows.countAttempt('change_contact', flow.id, 'code_sent', 5)),
    );
    expect(counted.filter(Boolean)).toHaveLength(5);
    expect(
      counted
        .filter(Boolean)
        .map((f) => f!.attempts)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(await flows.countAttempt('change_contact', flow.id, 'code_sent', 5)).toBeUndefined();
  });

  it('an expired flow is neither found nor advanced, and expired flows are purged', async () => {
    const { flow } = await flows.start('activate_contact', { target: 'old@example.com', subject: bob, ttlSeconds: 30 });
    clock += 31_000;
    expect(await flows.find('activate_contact', { target: 'old@example.com', subject: bob })).toBeUndefined();
    expect(await flows.findById('activate_contact', flow.id)).toBeUndefined();
    expect(await flows.advance('activate_contact', flow.id, 'code_sent', 'done')).toBeUndefined();
    expect(await flows.countAttempt('activate_contact', flow.id, 'code_sent', 5)).toBeUndefined();
    // The next start purges it (and every other expired one, up to a batch).
    await flows.start('activate_contact', { target: 'other@example.com', subject: bob, ttlSeconds: 30 });
    expect(await rowsFor('old@example.com')).toHaveLength(0);
    clock += 31_000;
    expect(await flows.purge()).toBeGreaterThan(0);
    expect(await rowsFor('other@example.com')).toHaveLength(0);
  });

  it("an account's flows go when it is deleted (user.deleted)", async () => {
    const carol = await createUser(database.db, { email: 'carol@example.com' });
    await flows.start('change_password', { target: 'carol@example.com', subject: carol.id, ttlSeconds: 60 });
    await flows.start('change_password', { target: 'carol@example.com', subject: alice, ttlSeconds: 60 });
    const events = createEventBus();
    subscribeFlows({ events });
    const [user] = await database.db.select().from(users).where(eq(users.id, carol.id));
    await database.db.transaction((tx) =>
      events.publish('user.deleted', { userId: carol.id, user: user!, ip: '', tx, afterCommit: () => {} }),
    );
    expect((await rowsFor('carol@example.com')).map((r) => r.subject)).toEqual([alice]);
  });
});
