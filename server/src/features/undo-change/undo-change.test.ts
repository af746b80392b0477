import {
  contactsEndpoints as C,
  passwordEndpoints as P,
  recoveryEndpoints as R,
  undoChangeEndpoints as U,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { activityLogs, userContacts, users } from '../../db/schema.js';
import { queuedSendsDone } from '../../lib/send-later.js';
import { errorKey, lastCode, resultOf, signedInUser } from '../../testing/account.js';
import { MANY_USERS_ENV, useTestApp } from '../../testing/app.js';
import { bearer, finishSignIn, postJson, signInWithPassword, startAuthorization } from '../../testing/oidc-flow.js';
import { canSignIn } from '../../testing/sessions.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

// Issue 24 point 5: every change to how an account signs in or recovers tells the owner's primary
// e-mail (as it was before) with a link that undoes it and signs every device out.

const SUBJECT = 'Portico: cách đăng nhập vào tài khoản của bạn vừa thay đổi';

describe('undoing a sign-in change from its security e-mail', () => {
  const t = useTestApp(MANY_USERS_ENV);
  const db = () => t.deps.database.db;

  /** The undo token of the last security e-mail to `to`. */
  async function undoToken(to: string): Promise<string> {
    await queuedSendsDone();
    const notice = (await listOutboxMessages(db(), to, 10)).find((m) => m.subject === SUBJECT);
    const token = /undo-change\?token=([\w-]+)/.exec(notice?.text ?? '')?.[1];
    if (!token) throw new Error(`no undo link to ${to}`);
    return token;
  }
  const undo = (token: string) => postJson(t.app, U.undo.path, { token });

  it('takes back a changed primary e-mail: the old address is primary again, every device signed out', async () => {
    const owner = await signedInUser(t, { email: 'undo-old@example.com', steppedUp: true });
    // Whoever holds the session moves the primary e-mail (e.g. with the password they stole).
    resultOf(await owner.call('POST', C.changeEmail.path, { newemail: 'undo-thief@example.com', otp: '' }));
    const otp = await lastCode(t, 'undo-thief@example.com');
    resultOf(await owner.call('POST', C.changeEmail.path, { newemail: 'undo-thief@example.com', otp }));
    expect(await canSignIn(t, 'undo-old@example.com')).toBe(false);

    const token = await undoToken('undo-old@example.com');
    expect(resultOf(await undo(token))).toEqual({ ok: true });
    const rows = await db().select().from(userContacts).where(eq(userContacts.userId, owner.id));
    expect(rows.map((r) => [r.value, r.isPrimary, r.isConfirmed])).toEqual([['undo-old@example.com', true, true]]);
    expect(await canSignIn(t, 'undo-old@example.com')).toBe(true);
    expect(await canSignIn(t, 'undo-thief@example.com')).toBe(false);
    // The session that made the change is over.
    expect((await owner.call('GET', C.list.path)).statusCode).toBe(401);
    // Once only.
    expect(errorKey(await undo(token))).toBe('undo_link_invalid');
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, owner.id));
    expect(log.map((l) => l.action)).toContain('activity_change_undone');
  });

  it('removes an added sign-in address and a planted recovery way', async () => {
    const owner = await signedInUser(t, { email: 'undo-add@example.com', steppedUp: true });
    const added = resultOf<{ id: number }>(
      await owner.call('POST', C.create.path, { type: 2, Name: 'undo-extra@example.com' }),
    );
    resultOf(
      await owner.call('POST', C.activate.path, {
        PhoneEmailName: 'undo-extra@example.com',
        Otp: await lastCode(t, 'undo-extra@example.com'),
      }),
    );
    expect(added.id).toBeGreaterThan(0);
    const addToken = await undoToken('undo-add@example.com');

    const other = await signedInUser(t, { email: 'undo-recovery@example.com', steppedUp: true });
    const planted = { claimType: 'email_recovery', claimValue: 'planted@example.com' };
    resultOf(await other.call('POST', R.sendCode.path, planted));
    resultOf(await other.call('POST', R.update.path, { ...planted, otp: await lastCode(t, 'planted@example.com') }));
    const recoveryToken = await undoToken('undo-recovery@example.com');

    resultOf(await undo(addToken));
    const rows = await db().select().from(userContacts).where(eq(userContacts.userId, owner.id));
    expect(rows.map((r) => r.value)).toEqual(['undo-add@example.com']);

    resultOf(await undo(recoveryToken));
    const { tokens } = await signInWithPassword(t.app, {
      username: 'undo-recovery@example.com',
      password: TEST_PASSWORD,
    });
    const list = await t.app.inject({ url: R.list.path, headers: bearer(tokens.access_token) });
    expect(resultOf(list)).toEqual([]);
  });

  it('a first password set with a stolen session is told to the phone of a phone-only account, and undone', async () => {
    const user = await createUser(db(), { phone: '0912555111', password: null });
    const flow = await startAuthorization(t.app);
    await postJson(t.app, '/api/account/login/send-otp', { username: '0912555111' });
    const login = await postJson(t.app, '/api/account/login/otp', {
      username: '0912555111',
      otp: await lastCode(t, '0912555111'),
      returnUrl: flow.returnUrl,
    });
    const tokens = await finishSignIn(t.app, flow, resultOf<{ redirectUrl: string }>(login).redirectUrl);
    const auth = bearer(tokens.access_token);
    // The first password's proof: a code to its primary phone (the set-first-password code step).
    const pair = { newpassword: 'Moi@2026x', confirmnewpassword: 'Moi@2026x' };
    expect(resultOf(await postJson(t.app, P.setPassword.path, { ...pair, otp: '' }, auth))).toMatchObject({
      times: expect.any(Number),
    });
    const set = await postJson(t.app, P.setPassword.path, { ...pair, otp: await lastCode(t, '0912555111') }, auth);
    expect(resultOf(set)).toEqual({ ok: true });
    expect(await canSignIn(t, '0912555111', 'Moi@2026x')).toBe(true);

    // The owner's phone got the notice; its link removes the password again.
    await queuedSendsDone();
    const sms = (await listOutboxMessages(db(), '0912555111', 10)).find((m) => m.text?.includes('undo-change?token='));
    const token = /undo-change\?token=([\w-]+)/.exec(sms?.text ?? '')?.[1] ?? '';
    expect(resultOf(await undo(token))).toEqual({ ok: true });
    expect(await canSignIn(t, '0912555111', 'Moi@2026x')).toBe(false);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBeNull();
  });

  it('refuses a made-up, empty or oversized token with undo_link_invalid', async () => {
    expect(errorKey(await undo('x'.repeat(43)))).toBe('undo_link_invalid');
    expect(errorKey(await undo(''))).toBe('undo_link_invalid');
    expect(errorKey(await undo('x'.repeat(500)))).toBe('undo_link_invalid');
  });
});
