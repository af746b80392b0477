import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../adapters/kv/index.js';
import { createMemoryStore } from '../adapters/kv/memory.js';
import { createRedisStore } from '../adapters/kv/redis.js';
import type { Database } from '../db/client.js';
import { oidcPayloads } from '../db/schema.js';
import { openTestDatabase } from '../db/testing.js';
import { createOidcAdapter } from './adapter.js';
import { deleteExpiredPayloads } from './queries.js';

describe('oidc-provider database adapter', () => {
  let database: Database;
  let Adapter: ReturnType<typeof createOidcAdapter>;
  beforeAll(async () => {
    database = await openTestDatabase();
    Adapter = createOidcAdapter(database.db);
  });
  afterAll(() => database.close());

  it('stores, finds and destroys a payload by model type', async () => {
    const sessions = new Adapter('Session');
    const grants = new Adapter('Grant');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'acc' }, 60);
    expect(await sessions.find('s1')).toMatchObject({ uid: 'u1', accountId: 'acc' });
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'acc' });
    expect(await grants.find('s1')).toBeUndefined();
    await sessions.upsert('s1', { uid: 'u1', accountId: 'other' }, 60);
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'other' });
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('marks consumed payloads', async () => {
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    expect((await codes.find('c1'))?.consumed).toBeUndefined();
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toBeTypeOf('number');
  });

  it('revokes everything issued under a grant', async () => {
    const access = new Adapter('AccessToken');
    const refresh = new Adapter('RefreshToken');
    await access.upsert('a1', { grantId: 'g2' }, 60);
    await refresh.upsert('r1', { grantId: 'g2' }, 60);
    await access.upsert('a2', { grantId: 'g3' }, 60);
    await access.revokeByGrantId('g2');
    expect(await access.find('a1')).toBeUndefined();
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await access.find('a2')).toBeDefined();
  });

  it('does not return expired payloads and can sweep them', async () => {
    const access = new Adapter('AccessToken');
    await access.upsert('old', { grantId: 'g4' }, 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await access.find('old')).toBeUndefined();
    await deleteExpiredPayloads(database.db);
  });

  it('finds device-flow payloads by user code', async () => {
    const device = new Adapter('DeviceCode');
    await device.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await device.findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });
  });
});

// Interactions and codes in the key-value store (server/src/oidc/provider.ts shortLivedInKv): the
// same contract on the in-process store and, when REDIS_URL is set, on Redis.
const stores: [string, () => KeyValueStore][] = [['memory', () => createMemoryStore()]];
if (process.env.REDIS_URL) {
  const url = process.env.REDIS_URL;
  stores.push(['redis', () => createRedisStore(url, `portico-test:${randomBytes(4).toString('hex')}:`)]);
}

describe.each(stores)('oidc-provider short-lived models in the key-value store (%s)', (_name, make) => {
  let database: Database;
  let kv: KeyValueStore;
  let Adapter: ReturnType<typeof createOidcAdapter>;
  const now = () => Math.floor(Date.now() / 1000);
  beforeAll(async () => {
    database = await openTestDatabase();
    kv = make();
    Adapter = createOidcAdapter(database.db, { kv, shortLived: { Interaction: 60, AuthorizationCode: 60 } });
  });
  afterAll(async () => {
    await kv.close();
    await database.close();
  });

  it('keeps interactions and codes out of the database; other models stay in it', async () => {
    const interactions = new Adapter('Interaction');
    const sessions = new Adapter('Session');
    await interactions.upsert('i1', { uid: 'i1', returnTo: '/x' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'acc' }, 60);
    expect(await interactions.find('i1')).toMatchObject({ returnTo: '/x' });
    const rows = await database.db.select({ type: oidcPayloads.type }).from(oidcPayloads);
    expect(rows.map((r) => r.type)).toEqual(['Session']);
    expect(await new Adapter('AuthorizationCode').find('i1')).toBeUndefined();
    await interactions.destroy('i1');
    expect(await interactions.find('i1')).toBeUndefined();
  });

  it('marks consumed codes', async () => {
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1', iat: now() }, 60);
    expect((await codes.find('c1'))?.consumed).toBeUndefined();
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toBeTypeOf('number');
  });

  it('refuses codes issued under a grant before it was revoked, not those issued after', async () => {
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('c2', { grantId: 'g2', iat: now() - 5 }, 60);
    await codes.upsert('c3', { grantId: 'g3', iat: now() - 5 }, 60);
    await codes.revokeByGrantId('g2');
    expect(await codes.find('c2')).toBeUndefined();
    expect(await codes.find('c3')).toBeDefined();
    await codes.upsert('c4', { grantId: 'g2', iat: now() + 5 }, 60);
    expect(await codes.find('c4')).toBeDefined();
  });

  it('forgets payloads when their lifetime ends', async () => {
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('short', { grantId: 'g5', iat: now() }, 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await codes.find('short')).toBeUndefined();
  });

  it('refuses U+0000 like the database store does', async () => {
    await expect(new Adapter('Interaction').upsert('i\u0000', { uid: 'x' }, 60)).rejects.toMatchObject({
      error: 'invalid_request',
      error_description: 'invalid_input',
    });
  });
});
