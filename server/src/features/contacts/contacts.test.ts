import { contactsEndpoints as E, type UserContact } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { activityLogs, userContacts } from '../../db/schema.js';
import { findUserById, userClaims } from '../../modules/users/index.js';
import {
  errorKey,
  expectBearerRequired,
  fieldErrors,
  lastCode,
  resultOf,
  signedInUser,
} from '../../testing/account.js';
import { MANY_USERS_ENV, useTestApp } from '../../testing/app.js';
import { sentAgo } from '../../testing/codes.js';
import { canSignIn } from '../../testing/sessions.js';
import { createUser } from '../../testing/users.js';

describe('e-mails and phones', () => {
  const t = useTestApp(MANY_USERS_ENV);

  const db = () => t.deps.database.db;
  const list = async (u: Awaited<ReturnType<typeof signedInUser>>, type: 1 | 2) =>
    resultOf<UserContact[]>(await u.call('GET', `${E.list.path}?type=${type}`));
  const afterCooldown = (target: string) => sentAgo(t, target, 3_600_000);
  const actions = async (userId: string) =>
    (await db().select().from(activityLogs).where(eq(activityLogs.userId, userId))).map((a) => a.action);

  it('lists e-mails or phones of the user only, primary first', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'list-a@example.com', phone: '0912000001' });
    const b = await signedInUser(t, { steppedUp: true, email: 'list-b@example.com' });
    expect(await list(a, 2)).toEqual([
      {
        id: expect.any(Number),
        name: 'list-a@example.com',
        isConfirmed: true,
        isPrimary: true,
        allowLogin: true,
        type: 2,
      },
    ]);
    expect((await list(a, 1)).map((c) => c.name)).toEqual(['0912000001']);
    expect((await list(b, 2)).map((c) => c.name)).toEqual(['list-b@example.com']);
    expect(await list(b, 1)).toEqual([]);
    expect(errorKey(await a.call('GET', `${E.list.path}?type=5`))).toBe('invalid_contact_type');
    const anonymous = await t.app.inject({ url: `${E.list.path}?type=2` });
    expect(errorKey(anonymous, 401)).toBe('unauthorized');
  });

  it('adds an e-mail with the spec rules and sends it a code', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'add-a@example.com' });
    const other = await createUser(db(), { email: 'taken@example.com' });
    await db()
      .insert(userContacts)
      .values({ userId: other.id, type: 2, value: 'pending@example.com', isConfirmed: false });
    const add = (Name: string, type = 2) => a.call('POST', E.list.path, { type, Name, isConfirmed: false });

    expect(errorKey(await add(''))).toBe('error_email_empty');
    expect(fieldErrors(await add('  '))).toEqual({ Name: ['error_email_empty'] });
    expect(errorKey(await add('not-an-email'))).toBe('email_invalid');
    expect(errorKey(await add('add-a@example.com'))).toBe('email_already');

    // Unconfirmed on another account does not block; the code goes to the new address.
    const created = resultOf<{ id: number; times: number }>(await add('Pending@Example.com'));
    expect(created).toEqual({ id: expect.any(Number), times: 60 });
    expect(await lastCode(t, 'pending@example.com')).toMatch(/^\d{6}$/);
    expect((await list(a, 2)).find((c) => c.id === created.id)).toMatchObject({
      name: 'pending@example.com',
      isConfirmed: false,
      isPrimary: false,
    });
    expect(errorKey(await add('pending@example.com'))).toBe('email_already');
    expect(await actions(a.id)).toContain('activity_email_added');
  });

  it('adds a phone: required, Vietnamese 10-digit mobile, unique', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'phone-a@example.com' });
    await createUser(db(), { email: 'phone-owner@example.com', phone: '0987000002' });
    const add = (Name: string) => a.call('POST', E.list.path, { type: 1, Name });
    expect(errorKey(await add(''))).toBe('phone_required');
    for (const bad of ['12345', '0123456789', '09870000021', '+84987000003', 'abcdefghij']) {
      expect(errorKey(await add(bad)), bad).toBe('invalid_phone_number');
    }
    resultOf(await add('0987000003'));
    // The code goes by SMS.
    const [sms] = await listOutboxMessages(db(), '0987000003', 1);
    expect(sms).toMatchObject({ channel: 'sms', code: expect.stringMatching(/^\d{6}$/) });
    expect(errorKey(await add('0987000003'))).toBe('phone_already');
    expect(errorKey(await a.call('POST', E.list.path, { type: 3, Name: 'x' }))).toBe('invalid_contact_type');
  });

  it('refuses more than MAXIMUM_EMAIL_OR_PHONE entries of a type', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'max-a@example.com' });
    resultOf(await a.call('POST', E.list.path, { type: 2, Name: 'max-b@example.com' }));
    resultOf(await a.call('POST', E.list.path, { type: 2, Name: 'max-c@example.com' }));
    const res = await a.call('POST', E.list.path, { type: 2, Name: 'max-d@example.com' });
    expect(errorKey(res)).toBe('maximum_email_or_phone');
    expect(fieldErrors(res)).toEqual({ Name: ['maximum_email_or_phone'] });
    // The limit is per type: a phone still fits.
    resultOf(await a.call('POST', E.list.path, { type: 1, Name: '0987000010' }));
  });

  it('holds one primary per type and the entry limit under parallel requests (row lock, partial unique index)', async () => {
    // Meaningful on PostgreSQL (DATABASE_URL set): PGlite runs one statement at a time.
    const a = await signedInUser(t, { steppedUp: true, email: 'par-a@example.com' });
    const extra = await db()
      .insert(userContacts)
      .values(
        ['par-b@example.com', 'par-c@example.com'].map((value) => ({
          userId: a.id,
          type: 2,
          value,
          isConfirmed: true,
        })),
      )
      .returning();
    const primaries = async () =>
      (await db().select().from(userContacts).where(eq(userContacts.userId, a.id))).filter((c) => c.isPrimary);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(extra.map((c) => a.call('PUT', E.setPrimary.path, { id: c.id })));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await primaries()).toHaveLength(1);
      // Back to the first e-mail for the next round.
      const [first] = await db().select().from(userContacts).where(eq(userContacts.value, 'par-a@example.com'));
      resultOf(await a.call('PUT', E.setPrimary.path, { id: first!.id }));
    }
    // The database refuses a second primary whoever writes it.
    await expect(
      db().update(userContacts).set({ isPrimary: true }).where(eq(userContacts.id, extra[0]!.id)),
    ).rejects.toThrow();

    const b = await signedInUser(t, { steppedUp: true, email: 'par-limit@example.com' });
    const adds = await Promise.all(
      Array.from({ length: 6 }, (_, i) => b.call('POST', E.list.path, { type: 2, Name: `par-limit-${i}@example.com` })),
    );
    expect(adds.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const r of adds.filter((r) => r.statusCode !== 200)) expect(errorKey(r)).toBe('maximum_email_or_phone');
    const emails = await db()
      .select()
      .from(userContacts)
      .where(and(eq(userContacts.userId, b.id), eq(userContacts.type, 2)));
    expect(emails).toHaveLength(3);
  });

  it("checks existence on this account only: another account's address is not told", async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'exists-a@example.com' });
    await createUser(db(), { email: 'exists-other@example.com' });
    await createUser(db(), { email: 'exists-unconfirmed@example.com', confirmed: false });
    const exists = async (name: string) =>
      resultOf<boolean>(await a.call('GET', `${E.exists.path}?userPhoneEmailName=${encodeURIComponent(name)}`));
    expect(await exists('exists-a@example.com')).toBe(true);
    expect(await exists('Exists-Other@example.com')).toBe(false);
    expect(await exists('exists-unconfirmed@example.com')).toBe(false);
    expect(await exists('nobody@example.com')).toBe(false);
    expect(errorKey(await a.call('GET', E.exists.path))).toBe('invalid_contact');
  });

  it("answers the same for another account's address as for a free one; only its right code tells", async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'enum-a@example.com' });
    await createUser(db(), { email: 'enum-taken@example.com' });
    const shape = (res: { statusCode: number; body: string }) => ({
      status: res.statusCode,
      body: JSON.parse(res.body.replace(/"id":\d+/, '"id":0').replace(/"times":(5[6-9]|60)\b/, '"times":60')),
    });
    const journey = async (address: string) => {
      const answers = [shape(await a.call('GET', `${E.exists.path}?userPhoneEmailName=${address}`))];
      answers.push(shape(await a.call('POST', E.list.path, { type: 2, Name: address })));
      const code = await lastCode(t, address);
      const wrong = code === '000000' ? '111111' : '000000';
      answers.push(shape(await a.call('POST', E.sendOtp.path, { emailPhoneName: address })));
      answers.push(shape(await a.call('POST', E.activate.path, { PhoneEmailName: address, Otp: wrong })));
      answers.push(shape(await a.call('POST', E.changeEmail.path, { newemail: address, otp: '' })));
      answers.push(shape(await a.call('POST', E.changeEmail.path, { newemail: address, otp: wrong })));
      answers.push(shape(await a.call('POST', E.activateEmailSend.path, { newemail: address })));
      answers.push(shape(await a.call('POST', E.activateEmail.path, { newemail: address, otp: wrong })));
      return { answers, code };
    };
    const free = await journey('enum-free@example.com');
    const taken = await journey('enum-taken@example.com');
    expect(taken.answers).toEqual(free.answers);
    expect(free.answers.map((x) => x.status)).toEqual([200, 200, 200, 400, 200, 400, 200, 400]);
    // The code reached the address: whoever reads it may learn that it is taken, nobody else.
    expect(taken.code).toMatch(/^\d{6}$/);
    expect(
      errorKey(await a.call('POST', E.activate.path, { PhoneEmailName: 'enum-taken@example.com', Otp: taken.code })),
    ).toBe('email_already');
    resultOf(await a.call('POST', E.activate.path, { PhoneEmailName: 'enum-free@example.com', Otp: free.code }));
  });

  it('activates an entry with its code; the code is checked and single use', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'act-a@example.com' });
    resultOf(await a.call('POST', E.list.path, { type: 1, Name: '0912000020' }));
    const activate = (Otp: string, PhoneEmailName = '0912000020') =>
      a.call('POST', E.activate.path, { PhoneEmailName, Otp });
    expect(errorKey(await activate(''))).toBe('please_enter_verification_code');
    expect(errorKey(await activate('12ab56'))).toBe('invalid_otp');
    const code = await lastCode(t, '0912000020');
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await activate(wrong);
    expect(errorKey(res)).toBe('otp_invalid');
    expect(fieldErrors(res)).toEqual({ Otp: ['otp_invalid'] });
    expect(errorKey(await activate(code, '0912999999'))).toBe('invalid_contact');
    // The first confirmed phone becomes the primary one; contact.verified tells the modules (once).
    const published: unknown[] = [];
    const stop = t.deps.events.subscribe('contact.verified', ({ tx: _tx, ...rest }) => {
      published.push(rest);
    });
    expect(resultOf(await activate(code))).toMatchObject({ name: '0912000020', isConfirmed: true, isPrimary: true });
    stop();
    expect(published).toEqual([{ userId: a.id, type: 'phone', value: '0912000020', ip: expect.any(String) }]);
    expect(errorKey(await activate(code))).toBe('contact_already_confirmed');
    const claims = await userClaims(db(), (await findUserById(db(), a.id))!);
    expect(claims).toMatchObject({ phone_number: '0912000020', phone_number_verified: true });
    expect(await actions(a.id)).toContain('activity_phone_verified');
  });

  it('resends the code after the cooldown', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'resend-a@example.com' });
    resultOf(await a.call('POST', E.list.path, { type: 2, Name: 'resend-b@example.com' }));
    const first = await lastCode(t, 'resend-b@example.com');
    const waiting = resultOf<{ times: number }>(
      await a.call('POST', E.sendOtp.path, { emailPhoneName: 'resend-b@example.com' }),
    );
    expect(waiting.times).toBeGreaterThan(0);
    expect(waiting.times).toBeLessThanOrEqual(60);
    expect(await lastCode(t, 'resend-b@example.com')).toBe(first);
    await afterCooldown('resend-b@example.com');
    expect(resultOf(await a.call('POST', E.sendOtp.path, { emailPhoneName: 'resend-b@example.com' }))).toEqual({
      times: 60,
    });
    const second = await lastCode(t, 'resend-b@example.com');
    expect((await listOutboxMessages(db(), 'resend-b@example.com', 10)).length).toBe(2);
    resultOf(await a.call('POST', E.activate.path, { PhoneEmailName: 'resend-b@example.com', Otp: second }));
    expect(errorKey(await a.call('POST', E.sendOtp.path, { emailPhoneName: 'nobody@example.com' }))).toBe(
      'invalid_contact',
    );
  });

  it('an address confirmed on one account cannot be confirmed on another, even in a race', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'race-a@example.com' });
    const b = await signedInUser(t, { steppedUp: true, email: 'race-b@example.com' });
    resultOf(await a.call('POST', E.list.path, { type: 2, Name: 'shared@example.com' }));
    const codeA = await lastCode(t, 'shared@example.com');
    // B asks for the same address: B gets a code of its own, and A's code is not B's.
    resultOf(await b.call('POST', E.list.path, { type: 2, Name: 'shared@example.com' }));
    expect(errorKey(await b.call('POST', E.activate.path, { PhoneEmailName: 'shared@example.com', Otp: codeA }))).toBe(
      'otp_invalid',
    );
    await afterCooldown('shared@example.com');
    resultOf(await b.call('POST', E.sendOtp.path, { emailPhoneName: 'shared@example.com' }));
    const codeB = await lastCode(t, 'shared@example.com');
    // B confirms; A is then refused.
    resultOf(await b.call('POST', E.activate.path, { PhoneEmailName: 'shared@example.com', Otp: codeB }));
    expect(errorKey(await a.call('POST', E.activate.path, { PhoneEmailName: 'shared@example.com', Otp: codeA }))).toBe(
      'email_already',
    );
    // Codes may still be sent (the answer must not tell); only the right code learns it is taken.
    expect(resultOf(await a.call('POST', E.sendOtp.path, { emailPhoneName: 'shared@example.com' }))).toEqual({
      times: 60,
    });

    // The unique index is the final word: a row confirmed behind the service's back is refused, not a 500.
    const c = await signedInUser(t, { steppedUp: true, email: 'race-c@example.com' });
    resultOf(await c.call('POST', E.list.path, { type: 1, Name: '0912000030' }));
    const code = await lastCode(t, '0912000030');
    const d = await createUser(db(), { email: 'race-d@example.com' });
    const [row] = await db().insert(userContacts).values({ userId: d.id, type: 1, value: '0912000030' }).returning();
    const pending = c.call('POST', E.activate.path, { PhoneEmailName: '0912000030', Otp: code });
    await db()
      .update(userContacts)
      .set({ isConfirmed: true })
      .where(eq(userContacts.id, row!.id))
      .catch(() => undefined); // C won the race
    const res = await pending;
    expect([200, 400]).toContain(res.statusCode);
    if (res.statusCode === 400) expect(errorKey(res)).toBe('phone_already');
    const confirmed = await db()
      .select()
      .from(userContacts)
      .where(and(eq(userContacts.value, '0912000030'), eq(userContacts.isConfirmed, true)));
    expect(confirmed).toHaveLength(1);
  });

  it('sets the primary e-mail (confirmed only): it becomes the email claim and a sign-in name', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'prim-a@example.com' });
    resultOf(await a.call('POST', E.list.path, { type: 2, Name: 'prim-b@example.com' }));
    const entry = (await list(a, 2)).find((c) => c.name === 'prim-b@example.com')!;
    expect(errorKey(await a.call('PUT', E.setPrimary.path, { id: entry.id }))).toBe('contact_not_confirmed');
    resultOf(
      await a.call('POST', E.activate.path, {
        PhoneEmailName: 'prim-b@example.com',
        Otp: await lastCode(t, 'prim-b@example.com'),
      }),
    );
    expect(resultOf(await a.call('PUT', E.setPrimary.path, { id: entry.id }))).toBe(true);
    const after = await list(a, 2);
    expect(after.filter((c) => c.isPrimary).map((c) => c.name)).toEqual(['prim-b@example.com']);
    const claims = await userClaims(db(), (await findUserById(db(), a.id))!);
    expect(claims.email).toBe('prim-b@example.com');
    expect(await canSignIn(t, 'prim-b@example.com')).toBe(true);
    expect(await canSignIn(t, 'prim-a@example.com')).toBe(true);
    expect(errorKey(await a.call('PUT', E.setPrimary.path, { id: 999_999 }), 404)).toBe('invalid_contact');
    expect(await actions(a.id)).toContain('activity_email_primary');
  });

  it('toggles allow-login on confirmed non-primary entries only', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'allow-a@example.com' });
    const primary = (await list(a, 2))[0]!;
    expect(errorKey(await a.call('PUT', E.allowLogin.path, { id: primary.id, isAllow: false }))).toBe(
      'contact_is_primary',
    );
    resultOf(await a.call('POST', E.list.path, { type: 2, Name: 'allow-b@example.com' }));
    const entry = (await list(a, 2)).find((c) => c.name === 'allow-b@example.com')!;
    expect(errorKey(await a.call('PUT', E.allowLogin.path, { id: entry.id, isAllow: false }))).toBe(
      'contact_not_confirmed',
    );
    resultOf(
      await a.call('POST', E.activate.path, {
        PhoneEmailName: 'allow-b@example.com',
        Otp: await lastCode(t, 'allow-b@example.com'),
      }),
    );
    expect(await canSignIn(t, 'allow-b@example.com')).toBe(true);
    expect(resultOf(await a.call('PUT', E.allowLogin.path, { id: entry.id, isAllow: false }))).toBe(true);
    expect((await list(a, 2)).find((c) => c.id === entry.id)?.allowLogin).toBe(false);
    expect(await canSignIn(t, 'allow-b@example.com')).toBe(false);
    expect(errorKey(await a.call('PUT', E.allowLogin.path, { id: entry.id }))).toBe('invalid_input');
  });

  it('deletes unconfirmed entries directly, confirmed ones with a code sent to them, never the primary', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'del-a@example.com' });
    const primary = (await list(a, 2))[0]!;
    expect(errorKey(await a.call('DELETE', `${E.remove.path}?userPhoneEmailId=${primary.id}`))).toBe(
      'contact_is_primary',
    );

    resultOf(await a.call('POST', E.list.path, { type: 2, Name: 'del-b@example.com' }));
    const unconfirmed = (await list(a, 2)).find((c) => c.name === 'del-b@example.com')!;
    expect(resultOf(await a.call('DELETE', `${E.remove.path}?userPhoneEmailId=${unconfirmed.id}`))).toBe(true);
    expect((await list(a, 2)).map((c) => c.name)).toEqual(['del-a@example.com']);

    resultOf(await a.call('POST', E.list.path, { type: 2, Name: 'del-c@example.com' }));
    await afterCooldown('del-c@example.com');
    resultOf(
      await a.call('POST', E.activate.path, {
        PhoneEmailName: 'del-c@example.com',
        Otp: await lastCode(t, 'del-c@example.com'),
      }),
    );
    const confirmed = (await list(a, 2)).find((c) => c.name === 'del-c@example.com')!;
    expect(errorKey(await a.call('DELETE', `${E.remove.path}?userPhoneEmailId=${confirmed.id}`))).toBe(
      'contact_delete_requires_code',
    );
    // The removal code goes to that entry.
    const sent = await listOutboxMessages(db(), 'del-c@example.com', 10);
    resultOf(await a.call('POST', E.sendOtp.path, { emailPhoneName: 'del-c@example.com' }));
    expect((await listOutboxMessages(db(), 'del-c@example.com', 10)).length).toBe(sent.length + 1);
    const code = await lastCode(t, 'del-c@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      errorKey(await a.call('POST', E.removeByOtp.path, { PhoneEmailName: 'del-c@example.com', Otp: wrong })),
    ).toBe('otp_invalid');
    expect(errorKey(await a.call('POST', E.removeByOtp.path, { PhoneEmailName: 'del-c@example.com', Otp: '' }))).toBe(
      'please_enter_verification_code',
    );
    expect(resultOf(await a.call('POST', E.removeByOtp.path, { PhoneEmailName: 'del-c@example.com', Otp: code }))).toBe(
      true,
    );
    expect((await list(a, 2)).map((c) => c.name)).toEqual(['del-a@example.com']);
    expect(
      errorKey(await a.call('POST', E.sendOtp.path, { emailPhoneName: 'del-a@example.com', action: 'delete' })),
    ).toBe('contact_is_primary');
    expect(await actions(a.id)).toContain('activity_email_removed');
  });

  it("refuses every entry operation on another user's entries and shows them nothing", async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'own-a@example.com' });
    const b = await signedInUser(t, { steppedUp: true, email: 'own-b@example.com' });
    resultOf(await a.call('POST', E.list.path, { type: 2, Name: 'own-a2@example.com' }));
    const codeA = await lastCode(t, 'own-a2@example.com');
    const [primaryA, pendingA] = await list(a, 2);
    expect((await list(b, 2)).map((c) => c.name)).toEqual(['own-b@example.com']);

    expect(errorKey(await b.call('PUT', E.setPrimary.path, { id: primaryA!.id }), 404)).toBe('invalid_contact');
    expect(errorKey(await b.call('PUT', E.allowLogin.path, { id: primaryA!.id, isAllow: false }), 404)).toBe(
      'invalid_contact',
    );
    expect(errorKey(await b.call('DELETE', `${E.remove.path}?userPhoneEmailId=${pendingA!.id}`), 404)).toBe(
      'invalid_contact',
    );
    expect(errorKey(await b.call('POST', E.activate.path, { PhoneEmailName: 'own-a2@example.com', Otp: codeA }))).toBe(
      'invalid_contact',
    );
    expect(errorKey(await b.call('POST', E.sendOtp.path, { emailPhoneName: 'own-a2@example.com' }))).toBe(
      'invalid_contact',
    );
    expect(
      errorKey(await b.call('POST', E.removeByOtp.path, { PhoneEmailName: 'own-a@example.com', Otp: '123456' })),
    ).toBe('invalid_contact');
    // A's entries are untouched.
    expect(await list(a, 2)).toEqual([primaryA, pendingA]);
  });
});

describe('change and activate e-mail and phone', () => {
  const t = useTestApp(MANY_USERS_ENV);
  const db = () => t.deps.database.db;

  it('changes the e-mail in two steps; the old address is told in the account language', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'old@example.com', languageId: 'en-US' });
    const change = (newemail: string, otp = '') => a.call('POST', E.changeEmail.path, { newemail, otp });
    expect(errorKey(await change(''))).toBe('error_email_empty');
    expect(errorKey(await change('bad'))).toBe('email_invalid');
    expect(errorKey(await change('old@example.com'))).toBe('email_already');

    expect(resultOf(await change('New@Example.com'))).toEqual({ times: 60 });
    const code = await lastCode(t, 'new@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(errorKey(await change('new@example.com', wrong))).toBe('otp_invalid');
    expect(errorKey(await change('new@example.com', 'abc'))).toBe('invalid_otp');
    expect(resultOf(await change('new@example.com', code))).toEqual({ ok: true });

    const emails = resultOf<UserContact[]>(await a.call('GET', `${E.list.path}?type=2`));
    expect(emails.map((c) => [c.name, c.isPrimary, c.isConfirmed])).toEqual([['new@example.com', true, true]]);
    expect((await userClaims(db(), (await findUserById(db(), a.id))!)).email).toBe('new@example.com');
    const [notice] = await listOutboxMessages(db(), 'old@example.com', 1);
    expect(notice?.subject).toBe('Portico: how your account signs in just changed');
    expect(notice?.text).toContain('/en-us/undo-change?token=');
    expect(notice?.text).toContain('new@example.com');
    expect(await canSignIn(t, 'new@example.com')).toBe(true);
    expect(await canSignIn(t, 'old@example.com')).toBe(false);
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, a.id));
    expect(log.find((l) => l.action === 'activity_email_changed')?.params).toMatchObject({
      old: 'old@example.com',
      value: 'new@example.com',
    });
  });

  it('one change-e-mail code sent by racing requests changes the e-mail once', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'race-old@example.com' });
    const change = (otp = '') => a.call('POST', E.changeEmail.path, { newemail: 'race-new@example.com', otp });
    expect(resultOf(await change())).toEqual({ times: 60 });
    const code = await lastCode(t, 'race-new@example.com');
    const answers = await Promise.all([change(code), change(code), change(code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    // A loser that comes after the winner finds the address already its e-mail.
    for (const r of answers.filter((x) => x.statusCode === 400))
      expect(['otp_invalid', 'email_already']).toContain(errorKey(r));
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, a.id));
    expect(log.filter((l) => l.action === 'activity_email_changed')).toHaveLength(1);
  });

  it('changes the phone in two steps by SMS', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'cp@example.com', phone: '0912000100' });
    const change = (newphone: string, otp = '') => a.call('POST', E.changePhone.path, { newphone, otp });
    expect(errorKey(await change(''))).toBe('phone_required');
    expect(errorKey(await change('0212345678'))).toBe('invalid_phone_number');
    expect(errorKey(await change('0912000100'))).toBe('phone_already');
    expect(resultOf(await change('0912000102'))).toEqual({ times: 60 });
    expect(resultOf(await change('0912000102', await lastCode(t, '0912000102')))).toEqual({ ok: true });
    expect(resultOf(await a.call('GET', E.contactInfo.path))).toEqual({
      phoneNumber: '0912000102',
      email: 'cp@example.com',
    });
    // A code for another user's change is not this user's.
    const b = await signedInUser(t, { steppedUp: true, email: 'cp-b@example.com' });
    resultOf(await a.call('POST', E.changePhone.path, { newphone: '0912000103', otp: '' }));
    expect(
      errorKey(
        await b.call('POST', E.changePhone.path, { newphone: '0912000103', otp: await lastCode(t, '0912000103') }),
      ),
    ).toBe('otp_invalid');
    expect(resultOf(await b.call('GET', E.contactInfo.path))).toEqual({ phoneNumber: null, email: 'cp-b@example.com' });
  });

  it("another user's wrong codes for the same address neither burn nor delay a pending change-e-mail code", async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'bound-a@example.com' });
    const b = await signedInUser(t, { steppedUp: true, email: 'bound-b@example.com' });
    expect(resultOf(await a.call('POST', E.changeEmail.path, { newemail: 'wanted@example.com', otp: '' }))).toEqual({
      times: 60,
    });
    const code = await lastCode(t, 'wanted@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    // b asks for its own code to the same address (not in a's cooldown) and tries wrong codes past the limit.
    expect(resultOf(await b.call('POST', E.changeEmail.path, { newemail: 'wanted@example.com', otp: '' }))).toEqual({
      times: 60,
    });
    for (let i = 0; i < 6; i++)
      await b.call('POST', E.changeEmail.path, { newemail: 'wanted@example.com', otp: wrong });
    expect(errorKey(await b.call('POST', E.changeEmail.path, { newemail: 'wanted@example.com', otp: wrong }))).toBe(
      'otp_too_many_attempts',
    );
    // a's code still has all its tries and works.
    expect(resultOf(await a.call('POST', E.changeEmail.path, { newemail: 'wanted@example.com', otp: code }))).toEqual({
      ok: true,
    });
  });

  it('activates an unconfirmed primary phone and e-mail (active data, update-info, send-code, activate)', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'act@example.com' });
    await db()
      .insert(userContacts)
      .values({ userId: a.id, type: 1, value: '0912000200', isPrimary: true, isConfirmed: false });
    expect(resultOf(await a.call('GET', E.activeData.path))).toEqual({
      isOk: false,
      isActiveEmail: true,
      isActivePhone: false,
    });
    expect(resultOf(await a.call('GET', E.contactInfo.path))).toEqual({
      phoneNumber: '0912000200',
      email: 'act@example.com',
    });

    expect(resultOf(await a.call('POST', E.activatePhoneSend.path, {}))).toEqual({ times: 60 });
    expect(errorKey(await a.call('POST', E.activatePhone.path, { newphone: '0912000200', otp: '' }))).toBe(
      'otp_is_required',
    );
    expect(
      resultOf(
        await a.call('POST', E.activatePhone.path, { newphone: '0912000200', otp: await lastCode(t, '0912000200') }),
      ),
    ).toEqual({
      ok: true,
    });
    expect(resultOf(await a.call('GET', E.activeData.path))).toEqual({
      isOk: true,
      isActiveEmail: true,
      isActivePhone: true,
    });
    expect(errorKey(await a.call('POST', E.activatePhoneSend.path, {}))).toBe('contact_already_confirmed');

    const b = await signedInUser(t, { steppedUp: true, email: 'act-b@example.com' });
    await db().update(userContacts).set({ isConfirmed: false }).where(eq(userContacts.userId, b.id));
    expect(resultOf(await b.call('GET', E.activeData.path))).toMatchObject({ isOk: false, isActiveEmail: false });
    resultOf(await b.call('POST', E.activateEmailSend.path, {}));
    expect(errorKey(await b.call('POST', E.activateEmail.path, { otp: '' }))).toBe('otp_is_required');
    expect(
      resultOf(await b.call('POST', E.activateEmail.path, { otp: await lastCode(t, 'act-b@example.com') })),
    ).toEqual({
      ok: true,
    });
    expect(resultOf(await b.call('GET', E.activeData.path))).toEqual({
      isOk: true,
      isActiveEmail: true,
      isActivePhone: false,
    });
    // Another account's confirmed phone cannot be activated here: the code goes to that phone, and
    // only with it does the answer say so.
    expect(resultOf(await b.call('POST', E.activatePhoneSend.path, { newphone: '0912000200' }))).toEqual({ times: 60 });
    expect(
      errorKey(
        await b.call('POST', E.activatePhone.path, { newphone: '0912000200', otp: await lastCode(t, '0912000200') }),
      ),
    ).toBe('phone_already');
    expect(errorKey(await b.call('POST', E.activatePhoneSend.path, { newphone: '' }))).toBe('phone_required');
  });

  it('every endpoint needs the bearer token', () => expectBearerRequired(t, E));
});
