import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
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
