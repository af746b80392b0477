import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownBrowsers, passkeys, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createUser } from '../../testing/users.js';
import { inTransaction } from '../events/index.js';
import { noteKnownBrowser } from './known-browsers.js';

// The rules of server/src/modules/devices/events.ts that a sign-in through HTTP cannot easily
// reach: two sign-ins at the same moment, and a browser remembered at the second step.
describe('known browsers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;

  it('of two sign-ins from one new browser at the same moment, one is its first', async () => {
    const { id } = await createUser(db(), { email: 'known-race@example.com' });
    const firsts = await Promise.all(
      [1, 2, 3].map(() => db().transaction((tx) => noteKnownBrowser(tx, id, 'hash-of-one-browser'))),
    );
    expect(firsts.filter(Boolean)).toHaveLength(1);
    expect(await db().transaction((tx) => noteKnownBrowser(tx, id, 'hash-of-another'))).toBe(true);
  });

  it('announces a new browser only after a first sign-in, never a remembered or approved one', async () => {
    const { id: userId } = await createUser(db(), { email: 'known-remembered@example.com' });
    const announced: string[] = [];
    const off = t.deps.events.subscribe('sign-in.newBrowser', ({ deviceId }) => void announced.push(deviceId));
    const signIn = (browser: string | null, remembered = false, method = 'password') =>
      inTransaction(db(), (tx, afterCommit) =>
        t.deps.events.publish('user.signedIn', {
          userId,
          interactionUid: randomUUID(),
          method,
          client: { ip: '203.0.113.9', userAgent: 'test', region: null, timeZone: 'Asia/Saigon' },
          browser,
          remembered,
          tx,
          afterCommit,
        }),
      );
    try {
      await signIn('first');
      expect(announced).toHaveLength(0);
      await signIn('second', true);
      expect(announced).toHaveLength(0);
      await signIn(null);
      expect(announced).toHaveLength(0);
      // Approved from a signed-in device: the approval's own mail told the owner.
      await signIn('approved-by-qr', false, 'qr');
      expect(announced).toHaveLength(0);
      await signIn('third');
      expect(announced).toHaveLength(1);
    } finally {
      off();
    }
  });

  it('an account deleted forgets its browsers and its passkeys (user.deleted)', async () => {
    const { id } = await createUser(db(), { email: 'known-deleted@example.com' });
    const other = await createUser(db(), { email: 'known-kept@example.com' });
    await db().transaction((tx) => noteKnownBrowser(tx, id, 'a-browser'));
    await db().transaction((tx) => noteKnownBrowser(tx, other.id, 'a-browser'));
    const key = { name: 'k', publicKey: 'x', deviceType: 'singleDevice' };
    await db()
      .insert(passkeys)
      .values([
        { id: 'pk-deleted', userId: id, ...key },
        { id: 'pk-kept', userId: other.id, ...key },
      ]);
    const [user] = await db().select().from(users).where(eq(users.id, id));
    await inTransaction(db(), (tx, afterCommit) =>
      t.deps.events.publish('user.deleted', { userId: id, user: user!, ip: '203.0.113.9', tx, afterCommit }),
    );
    expect(await db().select().from(knownBrowsers).where(eq(knownBrowsers.userId, id))).toEqual([]);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, id))).toEqual([]);
    // Another person's rows stay.
    expect(await db().select().from(knownBrowsers).where(eq(knownBrowsers.userId, other.id))).toHaveLength(1);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, other.id))).toHaveLength(1);
  });
});
