import { accountEndpoints } from '@portico/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { oidcPayloads, users } from '../../db/schema.js';
import { createScratchDatabase } from '../../db/testing.js';
import { deleteSessionsOfAccount } from '../../oidc/queries.js';
import { createTestApp, startTestApp, type TestApp } from '../../testing/app.js';
import { bearer, signInWithPassword } from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

// The bearer check reads the token and its account in one statement (server/src/features/auth/bearer.ts);
// it must refuse what oidc-provider's AccessToken.find refuses.
describe('bearer token check of the account APIs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (token: string) => t.app.inject({ url: accountEndpoints.me.path, headers: bearer(token) });

  it('refuses a token whose session ended when the token ends with its session', async () => {
    const user = await createUser(t.deps.database.db, { email: 'ses@example.com' });
    // Without offline_access the access token lives only as long as the browser session.
    const { tokens } = await signInWithPassword(t.app, { username: 'ses@example.com', password: TEST_PASSWORD });
    const token = await t.app.oidc.AccessToken.find(tokens.access_token);
    expect(token?.expiresWithSession).toBe(true);
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    await deleteSessionsOfAccount(t.deps.database.db, user.id);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
  });

  it('keeps a token that outlives its session (offline_access) after the session ends', async () => {
    const user = await createUser(t.deps.database.db, { email: 'off@example.com' });
    const { tokens } = await signInWithPassword(
      t.app,
      { username: 'off@example.com', password: TEST_PASSWORD },
      { scope: 'openid offline_access' },
    );
    await deleteSessionsOfAccount(t.deps.database.db, user.id);
    expect((await me(tokens.access_token)).statusCode).toBe(200);
  });

  it('refuses an expired token even while its row is still stored', async () => {
    await createUser(t.deps.database.db, { email: 'exp@example.com' });
    const { tokens } = await signInWithPassword(t.app, { username: 'exp@example.com', password: TEST_PASSWORD });
    const adapter = t.app.oidc.AccessToken.adapter;
    const payload = await adapter.find(tokens.access_token);
    await adapter.upsert(tokens.access_token, { ...payload, exp: Math.floor(Date.now() / 1000) - 5 }, 60);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
  });

  it('refuses a revoked token, an unknown one, and one whose account is gone', async () => {
    const user = await createUser(t.deps.database.db, { email: 'gone@example.com' });
    const first = await signInWithPassword(t.app, { username: 'gone@example.com', password: TEST_PASSWORD });
    const second = await signInWithPassword(t.app, { username: 'gone@example.com', password: TEST_PASSWORD });
    expect((await me(first.tokens.access_token)).statusCode).toBe(200);
    await t.app.oidc.AccessToken.adapter.destroy(first.tokens.access_token);
    expect((await me(first.tokens.access_token)).statusCode).toBe(401);
    expect((await me('no-such-token-0123456789')).statusCode).toBe(401);
    await t.deps.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await me(second.tokens.access_token)).statusCode).toBe(401);
  });

  // The check is kept in memory (server/src/db/change-cache.ts) until the database's change feed
  // (migration 0008_change_feed.sql) says the token, its account or its session changed.
  it('serves a checked token from memory, and drops it when the database reports a change', async () => {
    const user = await createUser(t.deps.database.db, { email: 'mem@example.com', firstName: 'Lan' });
    const { tokens } = await signInWithPassword(
      t.app,
      { username: 'mem@example.com', password: TEST_PASSWORD },
      { scope: 'openid offline_access' },
    );
    expect((await me(tokens.access_token)).json().result.first_name).toBe('Lan');
    // Deleted without the triggers (as a restore might): the database says nothing, memory still answers.
    await t.deps.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(oidcPayloads).where(eq(oidcPayloads.id, tokens.access_token));
    });
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    // Any change to the account is heard: the next call reads the database again and finds no token.
    await t.deps.database.db.update(users).set({ firstName: 'Mai' }).where(eq(users.id, user.id));
    await eventually(async () => expect((await me(tokens.access_token)).statusCode).toBe(401));
  });

  it('sees a name changed by another writer on the next call', async () => {
    const user = await createUser(t.deps.database.db, { email: 'name@example.com', firstName: 'Hoa' });
    const { tokens } = await signInWithPassword(t.app, { username: 'name@example.com', password: TEST_PASSWORD });
    expect((await me(tokens.access_token)).json().result.first_name).toBe('Hoa');
    await t.deps.database.db.update(users).set({ firstName: 'Huong' }).where(eq(users.id, user.id));
    await eventually(async () => expect((await me(tokens.access_token)).json().result.first_name).toBe('Huong'));
  });
});

// Two copies of the server on one PostgreSQL database: what one keeps in memory, the other's
// writes drop (the change feed, server/src/db/change-feed.ts).
describe.skipIf(!process.env.DATABASE_URL)('two copies on one database', () => {
  it('sees a name changed and a token revoked through the other copy', async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL as string);
    const env = { PUBLIC_URL: 'http://localhost:3000', REDIS_URL: process.env.REDIS_URL, TRUST_PROXY: 'true' };
    const a = await startTestApp(await openDatabase({ url: scratch.url }), env);
    const b = await startTestApp(await openDatabase({ url: scratch.url }), env);
    try {
      const user = await createUser(a.deps.database.db, { email: 'two@example.com', firstName: 'Lan' });
      const { tokens } = await signInWithPassword(
        a.app,
        { username: 'two@example.com', password: TEST_PASSWORD },
        { scope: 'openid offline_access' },
      );
      const meOnB = () => b.app.inject({ url: accountEndpoints.me.path, headers: bearer(tokens.access_token) });
      expect((await meOnB()).json().result.first_name).toBe('Lan');
      await a.deps.database.db.update(users).set({ firstName: 'Mai' }).where(eq(users.id, user.id));
      await eventually(async () => expect((await meOnB()).json().result.first_name).toBe('Mai'));
      await a.app.oidc.AccessToken.adapter.destroy(tokens.access_token);
      await eventually(async () => expect((await meOnB()).statusCode).toBe(401));
    } finally {
      await a.close();
      await b.close();
      await scratch.drop();
    }
  });
});

/** Retries `check` for up to 2 s: the change feed is heard just after the commit, not in it. */
async function eventually(check: () => Promise<void>) {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (err) {
      if (i >= 40) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
