import { accountEndpoints, authEndpoints } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { oidcPayloads } from '../db/schema.js';
import type { TestApp } from './app.js';
import {
  bearer,
  type Flow,
  postJson,
  refresh,
  signInWithPassword,
  startAuthorization,
  type Tokens,
} from './oidc-flow.js';
import { TEST_PASSWORD } from './users.js';

type SignIn = { flow: Flow; tokens: Tokens };

/** Whether the login API accepts the username with the password (the test password unless told). */
export async function canSignIn(t: TestApp, username: string, password = TEST_PASSWORD) {
  const flow = await startAuthorization(t.app);
  const res = await postJson(t.app, authEndpoints.login.path, { username, password, returnUrl: flow.returnUrl });
  return res.statusCode === 200;
}

/** The userinfo (/oidc/me) a new sign-in with the profile scope sees: what relying parties are told. */
export async function userinfoAfterSignIn(t: TestApp, username: string) {
  const { tokens } = await signInWithPassword(
    t.app,
    { username, password: TEST_PASSWORD },
    { scope: 'openid profile' },
  );
  const me = await t.app.inject({
    url: '/oidc/me',
    headers: { host: 'localhost:3000', ...bearer(tokens.access_token) },
  });
  expect(me.statusCode).toBe(200);
  return me.json();
}

/** The account signed in on two devices, each in its own browser and with a refresh token. */
export async function signInOnTwoDevices(t: TestApp, username: string) {
  const credentials = { username, password: TEST_PASSWORD };
  const laptop = await signInWithPassword(t.app, credentials, { scope: 'openid offline_access' });
  const phone = await signInWithPassword(t.app, credentials, { scope: 'openid offline_access' });
  return { laptop, phone };
}

/**
 * Every session of the account has ended (log out everywhere, password reset, account deletion):
 * each sign-in's access token answers 401 and its refresh token (sign-ins with offline_access) is
 * refused, prompt=none in its browser asks for a login again, and no stored session names the account.
 */
export async function expectSignedOutEverywhere(t: TestApp, userId: string, signIns: SignIn[]) {
  for (const { tokens, flow } of signIns) {
    const me = await t.app.inject({ url: accountEndpoints.me.path, headers: bearer(tokens.access_token) });
    expect(me.statusCode).toBe(401);
    if (tokens.refresh_token) {
      const refreshed = await refresh(t.app, flow, tokens.refresh_token);
      expect(refreshed.statusCode).toBe(400);
      expect(refreshed.json().error).toBe('invalid_grant');
    }
    const silent = await startAuthorization(t.app, { jar: flow.jar, params: { prompt: 'none' } });
    expect(new URL(silent.location).searchParams.get('error')).toBe('login_required');
  }
  const sessions = await t.deps.database.db.select().from(oidcPayloads).where(eq(oidcPayloads.type, 'Session'));
  expect(sessions.filter((s) => (s.payload as { accountId?: string }).accountId === userId)).toEqual([]);
}
