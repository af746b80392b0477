import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { browse, signInWithPassword } from '../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../testing/users.js';
import { text } from './pages.js';

// GET /oidc/session/end (oidc/pages.ts logoutSource): straight on only with a hint for the
// account signed in in this browser; a hint for another account, or none, asks first.

describe('end session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const asksFirst = (body: string) => body.includes('id="yes"');

  it('asks the user before signing out unless the id_token_hint is for the signed-in account', async () => {
    await createUser(t.deps.database.db, { email: 'end-a@example.com' });
    await createUser(t.deps.database.db, { email: 'end-b@example.com' });
    const a = await signInWithPassword(t.app, { username: 'end-a@example.com', password: TEST_PASSWORD });
    const b = await signInWithPassword(t.app, { username: 'end-b@example.com', password: TEST_PASSWORD });

    const foreignHint = await browse(t.app, a.flow.jar, `/oidc/session/end?id_token_hint=${b.tokens.id_token}`);
    expect(foreignHint.statusCode).toBe(200);
    expect(asksFirst(foreignHint.body)).toBe(true);
    expect(foreignHint.body).toContain(text('vi-VN', 'confirm_logout'));

    // "No" on that page leaves this browser's sign-in and its tokens as they were.
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(foreignHint.body)?.[1] ?? '';
    const no = await t.app.inject({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      headers: {
        host: 'localhost:3000',
        cookie: a.flow.jar.header('/oidc/session/end/confirm'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ xsrf }).toString(),
    });
    expect(no.statusCode).toBe(303);
    const userinfo = await t.app.inject({
      url: '/oidc/me',
      headers: { authorization: `Bearer ${a.tokens.access_token}` },
    });
    expect(userinfo.statusCode).toBe(200);

    const noHint = await browse(t.app, a.flow.jar, '/oidc/session/end');
    expect(asksFirst(noHint.body)).toBe(true);

    const ownHint = await browse(t.app, a.flow.jar, `/oidc/session/end?id_token_hint=${a.tokens.id_token}`);
    expect(ownHint.statusCode).toBe(200);
    expect(asksFirst(ownHint.body)).toBe(false);
    expect(ownHint.body).toContain(text('vi-VN', 'signing_out'));
  });
});
