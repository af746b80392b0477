import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { openTestDatabase } from '../../db/testing.js';
import { verifyPassword } from '../../lib/password.js';
import { userClaims } from './claims.js';
import { CONTACT_EMAIL, countUsers, findUserByLoginName } from './queries.js';
import { DEMO_ACCOUNT, seedDemoAccount } from './seed.js';

const log = pino({ level: 'silent' });

describe('demo account', () => {
  it('is created once on a new database, with a confirmed e-mail and an argon2id password', async () => {
    const database = await openTestDatabase();
    try {
      expect(await seedDemoAccount(database.db, log)).toBe(true);
      expect(await seedDemoAccount(database.db, log)).toBe(false);
      expect(await countUsers(database.db)).toBe(1);
      const user = await findUserByLoginName(database.db, CONTACT_EMAIL, DEMO_ACCOUNT.email);
      expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(user?.passwordHash, 'Portico@2026')).toBe(true);
      expect(await verifyPassword(user?.passwordHash, 'wrong')).toBe(false);
      const claims = await userClaims(database.db, user!);
      expect(claims).toMatchObject({ email: 'demo@example.com', email_verified: true, name: 'User Demo' });
    } finally {
      await database.close();
    }
  });
});

describe('embedded database on disk', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  // Two cold PGlite starts on disk: slow on a loaded machine.
  it('keeps its data across a restart', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portico-pglite-'));
    dirs.push(dir);
    const first = await openDatabase({ dataDir: dir });
    await seedDemoAccount(first.db, log);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    expect(await countUsers(second.db)).toBe(1);
    expect(await seedDemoAccount(second.db, log)).toBe(false);
    await second.close();
  });
});
