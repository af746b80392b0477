import {
  type AdminClient,
  type AdminUser,
  type AdminUserRow,
  type AuditEntry,
  authEndpoints,
  brandingEndpoints,
  campaignEndpoints,
  adminEndpoints as E,
  type Endpoint,
  fillPath,
  PERMISSION_IDS,
} from '@portico/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { userContacts } from '../../db/schema.js';
import { accountSubject, createLoginLimits } from '../../modules/login-limits/index.js';
import { addMember, putGroup } from '../../modules/permissions/index.js';
import { CONTACT_EMAIL } from '../../modules/users/index.js';
import { errorKey, resultOf, type SignedInUser, signedInUser } from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';
import { bearer, postJson, signInWithPassword, startAuthorization } from '../../testing/oidc-flow.js';
import { TEST_PASSWORD } from '../../testing/users.js';

const userPath = (userId: string, action?: string) =>
  action ? fillPath(E.act.path, { userId, action }) : fillPath(E.user.path, { userId });
const clientPath = (clientId: string) => fillPath(E.updateClient.path, { clientId });

/** An example input for every admin endpoint, so each can be called by someone who must be refused. */
const sampleCall = (endpoint: Endpoint, target: string) => {
  const path = endpoint.path
    .replace(':userId', target)
    .replace(':action', 'suspend')
    .replace(':clientId', 'probe-app')
    .replace(':blockId', 'probe-block')
    .replace(':language', 'vi')
    .replace(':id', '1');
  return { method: endpoint.method, path };
};

describe('the admin console', () => {
  const t = useTestApp({ OTP_SENDS_PER_IP: '1000' });
  let admin: SignedInUser;
  let demo: SignedInUser;
  beforeAll(async () => {
    admin = await signedInUser(t, { email: 'console-admin@example.com', firstName: 'An', lastName: 'Quản' });
    await addMember(t.deps.database.db, 'administrators', 'user', admin.id);
    // A change needs the operator's own proof, never their session alone; a read does not.
    expect(resultOf<AdminUser[]>(await admin.call('GET', `${E.users.path}?q=console`)).length).toBeGreaterThan(0);
    expect(errorKey(await admin.call('POST', userPath(admin.id, 'end-sessions')), 403)).toBe('step_up_required');
    await admin.stepUp();
    demo = await signedInUser(t, { email: 'console-demo@example.com', firstName: 'Bình', lastName: 'Nguyễn' });
  });

  it('refuses every admin endpoint, as the OpenAPI lists them, without a token (401) and without the permission (403)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-permission'?: string }>>;
    };
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-permission'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const adminEndpoints = [
      ...Object.values(E),
      ...Object.values(brandingEndpoints),
      ...Object.values(campaignEndpoints),
    ].filter((e) => e.auth === 'admin');
    expect(listed).toHaveLength(adminEndpoints.length);
    const stranger = await signedInUser(t, { email: 'console-stranger@example.com' });
    for (const endpoint of adminEndpoints) {
      const { method, path } = sampleCall(endpoint, demo.id);
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await t.app.inject({ method, url: path, payload })).statusCode, `${method} ${path}`).toBe(401);
      expect(errorKey(await stranger.call(method, path, payload), 403), `${method} ${path}`).toBe('forbidden');
      // Nothing was done: the demo account is untouched.
    }
    expect(resultOf<{ permissions: string[] }>(await stranger.call('GET', E.access.path))).toEqual({ permissions: [] });
    // The administrators group (migration 0021) holds every permission, the back office's too.
    expect(resultOf<{ permissions: string[] }>(await admin.call('GET', E.access.path)).permissions.sort()).toEqual(
      [...PERMISSION_IDS].sort(),
    );
    const audit = resultOf<{ totalRows: number }>(await admin.call('GET', E.audit.path));
    expect(audit.totalRows).toBe(0);
  });

  it('finds an account by e-mail, phone, name or id, and shows it whole with no-store', async () => {
    for (const q of ['console-demo@', 'Bình', 'nguyễn bình', demo.id]) {
      const res = await admin.call('GET', `${E.users.path}?q=${encodeURIComponent(q)}`);
      expect(res.headers['cache-control']).toBe('no-store');
      const rows = resultOf<AdminUserRow[]>(res);
      expect(
        rows.map((r) => r.id),
        q,
      ).toContain(demo.id);
    }
    expect(resultOf<AdminUserRow[]>(await admin.call('GET', `${E.users.path}?q=%25`))).toEqual([]);
    expect(errorKey(await admin.call('GET', `${E.users.path}?q=`))).toBe('admin_search_empty');
    const view = resultOf<AdminUser>(await admin.call('GET', userPath(demo.id)));
    expect(view).toMatchObject({
      id: demo.id,
      email: 'console-demo@example.com',
      suspended: false,
      twoFactor: false,
      hasPassword: true,
      kycStatus: null,
      providers: [],
    });
    expect(view.sessions.length).toBeGreaterThan(0);
    expect(view.contacts[0]).toMatchObject({ type: 'email', verified: true, primary: true });
    expect(view.activity[0]?.html).toMatch(/^Đăng nhập bằng <strong>/);
    expect(errorKey(await admin.call('GET', userPath('no-such-user')), 404)).toBe('not_found');
  });

  it('suspends an account: its tokens die at once and its correct password gets the suspension message; restored, it signs in', async () => {
    const suspended = resultOf<AdminUser>(await admin.call('POST', userPath(demo.id, 'suspend')));
    expect(suspended.suspended).toBe(true);
    expect(suspended.sessions).toEqual([]);
    expect((await demo.call('GET', '/api/account/me')).statusCode).toBe(401);
    const flow = await startAuthorization(t.app);
    const login = await postJson(t.app, authEndpoints.login.path, {
      returnUrl: flow.returnUrl,
      username: 'console-demo@example.com',
      password: TEST_PASSWORD,
    });
    expect(errorKey(login, 403)).toBe('account_suspended');
    const wrong = await postJson(t.app, authEndpoints.login.path, {
      returnUrl: flow.returnUrl,
      username: 'console-demo@example.com',
      password: 'Wrong@12345',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorKey(await admin.call('POST', userPath(admin.id, 'suspend')), 403)).toBe('admin_own_account');

    resultOf<AdminUser>(await admin.call('POST', userPath(demo.id, 'unsuspend')));
    const back = await signInWithPassword(t.app, { username: 'console-demo@example.com', password: TEST_PASSWORD });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/me', headers: bearer(back.tokens.access_token) }))
        .statusCode,
    ).toBe(200);

    const ended = resultOf<AdminUser>(await admin.call('POST', userPath(demo.id, 'end-sessions')));
    expect(ended.sessions).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/me', headers: bearer(back.tokens.access_token) }))
        .statusCode,
    ).toBe(401);
    resultOf<AdminUser>(await admin.call('POST', userPath(demo.id, 'reset-two-factor')));

    const audit = resultOf<{ rows: AuditEntry[]; totalRows: number }>(
      await admin.call('GET', `${E.audit.path}?targetId=${demo.id}`),
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['reset-two-factor', 'end-sessions', 'unsuspend', 'suspend']);
    expect(audit.rows[0]).toMatchObject({
      actorId: admin.id,
      actorName: 'Quản An',
      targetKind: 'user',
      targetId: demo.id,
    });
    expect(audit.rows[0]?.ip).toBeTruthy();
  });

  it('lists open sessions, lifts a sign-in lock and resends activation to each unconfirmed address, each audited', async () => {
    const person = await signedInUser(t, { email: 'console-locked@example.com' });
    const seen = resultOf<AdminUser>(await admin.call('GET', userPath(person.id)));
    expect(seen.locked).toBe(false);
    expect(seen.sessions).toHaveLength(1);
    expect(seen.sessions[0]?.methods).toContain('pwd');
    expect(seen.sessions[0]?.clients.length).toBeGreaterThan(0);

    // Locked by failed tries (the lock's count, server/src/modules/login-limits), then lifted.
    const limits = createLoginLimits(t.deps);
    for (let i = 0; i < t.deps.config.LOGIN_LOCK_FAILURES; i++)
      await limits.recordFailure(accountSubject(person.id), '203.0.113.9');
    expect(resultOf<AdminUser>(await admin.call('GET', userPath(person.id))).locked).toBe(true);
    expect(resultOf<AdminUser>(await admin.call('POST', userPath(person.id, 'clear-lockout'))).locked).toBe(false);
    await signInWithPassword(t.app, { username: 'console-locked@example.com', password: TEST_PASSWORD });

    // Nothing waits for activation: refused, nothing written.
    expect(errorKey(await admin.call('POST', userPath(person.id, 'resend-verification')), 409)).toBe(
      'admin_nothing_to_verify',
    );
    await t.deps.database.db.insert(userContacts).values({
      userId: person.id,
      type: CONTACT_EMAIL,
      value: 'console-locked-new@example.com',
      isConfirmed: false,
      isPrimary: false,
      allowLogin: true,
    });
    resultOf<AdminUser>(await admin.call('POST', userPath(person.id, 'resend-verification')));
    const [mail] = await listOutboxMessages(t.deps.database.db, 'console-locked-new@example.com', 1);
    expect(mail?.text).toContain('/account/active-email?newemail=console-locked-new%40example.com');
    expect(mail?.code).toBeNull();
    // A few times an hour: the addresses may be a stranger's.
    for (let i = 0; i < 2; i++) resultOf(await admin.call('POST', userPath(person.id, 'resend-verification')));
    expect(errorKey(await admin.call('POST', userPath(person.id, 'resend-verification')), 429)).toBe(
      'too_many_requests',
    );

    const audit = resultOf<{ rows: AuditEntry[] }>(await admin.call('GET', `${E.audit.path}?targetId=${person.id}`));
    expect(audit.rows.map((r) => [r.action, r.detail])).toEqual([
      ['resend-verification', { sent: 1 }],
      ['resend-verification', { sent: 1 }],
      ['resend-verification', { sent: 1 }],
      ['clear-lockout', {}],
    ]);
  });

  it('needs the very permission of each endpoint, and never acts on another operator', async () => {
    const auditor = await signedInUser(t, { email: 'console-auditor@example.com' });
    const db = t.deps.database.db;
    await putGroup(db, 'auditors', 'Auditors', ['audit:read']);
    await addMember(db, 'auditors', 'user', auditor.id);
    expect((await auditor.call('GET', E.audit.path)).statusCode).toBe(200);
    expect(errorKey(await auditor.call('GET', `${E.users.path}?q=demo`), 403)).toBe('forbidden');
    expect(errorKey(await auditor.call('POST', userPath(demo.id, 'suspend')), 403)).toBe('forbidden');
    expect(errorKey(await auditor.call('GET', E.clients.path), 403)).toBe('forbidden');
    expect(errorKey(await admin.call('POST', userPath(auditor.id, 'suspend')), 403)).toBe('admin_target_operator');
  });

  it('keeps the audit log append-only, whoever asks the database', async () => {
    const db = t.deps.database.db;
    await expect(db.execute(sql`update audit_log set action = 'nothing'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });

  it('makes a client that signs people in at once, edits it, rotates its secret and deletes it, each audited', async () => {
    const fields = {
      name: 'Lớp học',
      redirectUris: ['https://class.example.com/callback'],
      grantTypes: ['authorization_code', 'refresh_token'],
      scopes: ['openid', 'profile', 'email', 'offline_access'],
      tokenAuth: 'client_secret_post',
      firstParty: true,
    };
    const made = resultOf<{ client: AdminClient; secret: string }>(
      await admin.call('POST', E.createClient.path, { clientId: 'class-app', ...fields }),
    );
    expect(made.client).toMatchObject({ clientId: 'class-app', source: 'console', tokenAuth: 'client_secret_post' });
    expect(made.secret.length).toBeGreaterThan(30);
    expect(errorKey(await admin.call('POST', E.createClient.path, { clientId: 'class-app', ...fields }), 409)).toBe(
      'admin_client_exists',
    );
    expect(errorKey(await admin.call('POST', E.createClient.path, { clientId: 'portal', ...fields }), 409)).toBe(
      'admin_client_exists',
    );
    expect(
      errorKey(
        await admin.call('POST', E.createClient.path, {
          ...fields,
          clientId: 'bad-app',
          scopes: ['openid', 'kyc:review'],
        }),
      ),
    ).toBe('admin_client_invalid');
    expect(
      errorKey(
        await admin.call('POST', E.createClient.path, {
          ...fields,
          clientId: 'bad-app',
          redirectUris: ['http://evil.example.com/cb'],
        }),
      ),
    ).toBe('admin_client_redirect_invalid');

    // The new client signs a person in and gets its tokens, with the secret answered once.
    const signIn = (secret: string) =>
      signInWithPassword(
        t.app,
        { username: 'console-demo@example.com', password: TEST_PASSWORD },
        { clientId: 'class-app', clientSecret: secret, redirectUri: 'https://class.example.com/callback' },
      ).then(
        () => 200,
        (err: Error) => Number(/answered (\d+)/.exec(err.message)?.[1] ?? 0),
      );
    expect(await signIn(made.secret)).toBe(200);

    const { client: edited, secret: unchanged } = resultOf<{ client: AdminClient; secret: string | null }>(
      await admin.call('PUT', clientPath('class-app'), {
        clientId: 'class-app',
        ...fields,
        name: 'Lớp học trực tuyến',
        redirectUris: [...fields.redirectUris, 'https://class.example.com/cb2'],
      }),
    );
    expect(edited.redirectUris).toHaveLength(2);
    expect(unchanged).toBeNull();
    const rotated = resultOf<{ secret: string }>(
      await admin.call('POST', fillPath(E.rotateSecret.path, { clientId: 'class-app' })),
    );
    expect(rotated.secret).not.toBe(made.secret);
    expect(await signIn(made.secret)).toBe(401);
    expect(await signIn(rotated.secret)).toBe(200);

    const list = resultOf<AdminClient[]>(await admin.call('GET', E.clients.path));
    expect(list.find((c) => c.clientId === 'portal')?.source).toBe('portal');
    expect(list.find((c) => c.clientId === 'class-app')?.name).toBe('Lớp học trực tuyến');
    expect(errorKey(await admin.call('DELETE', clientPath('portal')))).toBe('admin_client_read_only');
    expect(resultOf(await admin.call('DELETE', clientPath('class-app')))).toEqual({ ok: true });
    expect(errorKey(await admin.call('DELETE', clientPath('class-app')), 404)).toBe('not_found');

    const audit = resultOf<{ rows: AuditEntry[] }>(await admin.call('GET', `${E.audit.path}?targetId=class-app`));
    expect(audit.rows.map((r) => r.action)).toEqual([
      'client_delete',
      'client_rotate',
      'client_update',
      'client_create',
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain(made.secret);
  });
});
