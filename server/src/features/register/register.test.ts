import { randomUUID } from 'node:crypto';
import { registerEndpoints as E, stepUpEndpoints } from '@portico/contracts';
import { solveChallenge } from 'altcha-lib';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { isUniqueViolation } from '../../db/errors.js';
import { activityLogs, userContacts, users } from '../../db/schema.js';
import { insertRegisteredUser } from '../../modules/users/index.js';
import { useTestApp } from '../../testing/app.js';
import { expireCodes, sentAgo } from '../../testing/codes.js';
import { bearer, finishSignIn, postJson, signInWithPassword, startAuthorization } from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';
import { isDisposableEmail } from './disposable.js';

const details = {
  firstName: ' Lan ',
  lastName: ' Trần ',
  password: ' Hoa12345! ',
  rePassword: 'Hoa12345!',
  birthdate: '2001-09-02',
  gender: 2,
  timezone: 'Asia/Ho_Chi_Minh',
};

describe('registration', () => {
  const t = useTestApp({ OTP_SENDS_PER_IP: '10000', OTP_SENDS_PER_TARGET: '100', ALTCHA_MAX_NUMBER: '1000' });

  const db = () => t.deps.database.db;
  const captcha = async () => {
    const c = (await t.app.inject('/api/captcha/challenge')).json() as {
      challenge: string;
      salt: string;
      algorithm: string;
      maxnumber: number;
    };
    const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    return Buffer.from(JSON.stringify({ ...c, number: solution?.number })).toString('base64');
  };
  const send = async (username: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    postJson(t.app, E.sendOtp.path, { username, captcha: await captcha(), ...extra }, headers);
  const codeFor = async (to: string) => (await listOutboxMessages(db(), to, 1))[0]?.code ?? '';
  const mails = async (to: string) => (await listOutboxMessages(db(), to, 100)).length;
  const checkOtp = (username: string, otp: string) => postJson(t.app, E.checkOtp.path, { username, otp });
  const checkProcess = (username: string) => postJson(t.app, E.checkProcess.path, { username });
  const accountsWith = async (email: string) =>
    (
      await db()
        .select()
        .from(userContacts)
        .where(and(eq(userContacts.type, 2), eq(userContacts.value, email)))
    ).length;
  const error = (res: { statusCode: number; json(): { exception: { message: string } } }) => {
    expect(res.statusCode).toBe(400);
    return res.json().exception.message;
  };
  /** Steps 1 and 2: the registration token for a new e-mail. */
  const tokenFor = async (email: string) => {
    expect((await send(email)).statusCode).toBe(200);
    const res = await checkOtp(email, await codeFor(email));
    expect(res.statusCode).toBe(200);
    return res.json().result.token as string;
  };

  it('step 1 takes e-mails only, with the spec keys', async () => {
    expect(error(await send(''))).toBe('error_account_empty');
    expect(error(await send('0912345678'))).toBe('error_email_invalid');
    const bad = await send('not-an-email@');
    expect(bad.json()).toEqual({
      exception: { message: 'error_email_invalid' },
      errors: { username: ['error_email_invalid'] },
    });
  });

  it('answers email_fake for disposable domains (the maintained list, wildcards too)', async () => {
    expect(isDisposableEmail('x@mailinator.com')).toBe(true);
    expect(isDisposableEmail('x@anything.33mail.com')).toBe(true);
    expect(isDisposableEmail('x@gmail.com')).toBe(false);
    const res = await send('someone@mailinator.com');
    expect(res.json()).toEqual({ exception: { message: 'email_fake' }, errors: { username: ['email_fake'] } });
    expect(await mails('someone@mailinator.com')).toBe(0);
  });

  it('needs the captcha: missing, wrong and reused answers are refused', async () => {
    const missing = await postJson(t.app, E.sendOtp.path, { username: 'cap@example.com' });
    expect(error(missing)).toBe('captcha_error_empty');
    const wrong = await postJson(t.app, E.sendOtp.path, {
      username: 'cap@example.com',
      captcha: 'bm9wZQ==',
    });
    expect(error(wrong)).toBe('captcha_invalid');
    const answer = await captcha();
    expect((await postJson(t.app, E.sendOtp.path, { username: 'cap@example.com', captcha: answer })).statusCode).toBe(
      200,
    );
    const reused = await postJson(t.app, E.sendOtp.path, {
      username: 'cap2@example.com',
      captcha: answer,
    });
    expect(error(reused)).toBe('captcha_invalid');
  });

  it('answers email_already for a live account and account_is_delete for a deleted one', async () => {
    await createUser(db(), { email: 'taken@example.com' });
    await createUser(db(), { email: 'gone@example.com', deleted: true });
    await createUser(db(), { email: 'unconfirmed@example.com', confirmed: false });
    expect(error(await send('Taken@Example.com'))).toBe('email_already');
    expect(error(await send('gone@example.com'))).toBe('account_is_delete');
    // An address nobody confirmed does not belong to anyone yet.
    expect((await send('unconfirmed@example.com')).statusCode).toBe(200);
  });

  it('step 1 tells an IP that an address is taken a limited number of times, then answers as for any address', async () => {
    await createUser(db(), { email: 'budget-taken@example.com' });
    const ip = { 'x-forwarded-for': '203.0.113.50' };
    for (let i = 0; i < 10; i++) expect(error(await send('budget-taken@example.com', {}, ip))).toBe('email_already');
    // The budget (REGISTER_TAKEN_ANSWERS_PER_IP, 10) is spent: now the answer is that of a free address.
    const taken = await send('budget-taken@example.com', {}, ip);
    const free = await send('budget-free@example.com', {}, ip);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual(free.json());
    // Another IP still gets the spec's message.
    expect(error(await send('budget-taken@example.com', {}, { 'x-forwarded-for': '203.0.113.51' }))).toBe(
      'email_already',
    );
  });

  it('every other step answers the same for a taken, a deleted and a free address; no code reaches a taken one', async () => {
    await createUser(db(), { email: 'enum-live@example.com', languageId: 'en-US' });
    await createUser(db(), { email: 'enum-gone@example.com', deleted: true });
    const ip = { 'x-forwarded-for': '203.0.113.60' };
    // Spend the IP's budget of "taken" answers, as a guesser would.
    for (let i = 0; i < 10; i++) await send('enum-live@example.com', {}, ip);
    const resend = (username: string) => postJson(t.app, E.resendOtp.path, { username }, ip);
    const shape = (res: { statusCode: number; json(): unknown }) => {
      const body = res.json() as { result?: { times?: number } };
      // Countdowns may differ by the second that passes between two calls.
      if (typeof body.result?.times === 'number') body.result.times = Math.min(body.result.times, 55);
      return { status: res.statusCode, body };
    };
    const journey = async (email: string) => {
      const answers = [shape(await checkProcess(email)), shape(await resend(email))];
      answers.push(shape(await send(email, {}, ip)), shape(await checkProcess(email)), shape(await resend(email)));
      for (let i = 0; i < 5; i++) answers.push(shape(await checkOtp(email, '000000')));
      answers.push(shape(await checkProcess(email)), shape(await resend(email)));
      return answers;
    };
    const free = await journey('enum-free@example.com');
    expect(await journey('enum-live@example.com')).toEqual(free);
    expect(await journey('enum-gone@example.com')).toEqual(free);
    expect(free.map((a) => a.status)).toEqual([400, 400, 200, 200, 200, 400, 400, 400, 400, 400, 400, 200]);

    // The free address got its code; the live holder a notice in its language, without any code; the deleted one nothing.
    expect(await codeFor('enum-free@example.com')).toMatch(/^\d{6}$/);
    const notices = await listOutboxMessages(db(), 'enum-live@example.com', 10);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      code: null,
      subject: 'Portico: someone tried to create an account with your e-mail',
    });
    expect(notices[0]?.text).toContain('http://localhost:3000/login');
    expect(await mails('enum-gone@example.com')).toBe(0);
  });

  it('sends a code with a countdown; the page resumes through check-process-regist; resend waits for the cooldown', async () => {
    const email = 'resume@example.com';
    expect(error(await checkProcess(email))).toBe('process_not_in_progress');
    expect(error(await postJson(t.app, E.resendOtp.path, { username: email }))).toBe('process_not_in_progress');
    const sent = await send(email);
    expect(sent.json()).toEqual({ result: { times: 60 } });
    expect(await codeFor(email)).toMatch(/^\d{6}$/);
    const resumed = (await checkProcess(email)).json().result.times;
    expect(resumed).toBeGreaterThan(55);
    expect(resumed).toBeLessThanOrEqual(60);
    const resend = await postJson(t.app, E.resendOtp.path, { username: email });
    expect(resend.json().result.times).toBeGreaterThan(55);
    expect(await mails(email)).toBe(1);
    // After the cooldown a resend sends a new code, and the old one stops working.
    const old = await codeFor(email);
    await sentAgo(t, email);
    expect((await checkProcess(email)).json()).toEqual({ result: { times: 0 } });
    expect((await postJson(t.app, E.resendOtp.path, { username: email })).json()).toEqual({ result: { times: 60 } });
    expect(await mails(email)).toBe(2);
    const fresh = await codeFor(email);
    if (old !== fresh) expect(error(await checkOtp(email, old))).toBe('otp_invalid');
    expect((await checkOtp(email, fresh)).statusCode).toBe(200);
    // Code used: nothing is in progress any more, and resend refuses.
    expect(error(await checkProcess(email))).toBe('process_not_in_progress');
    expect(error(await postJson(t.app, E.resendOtp.path, { username: email }))).toBe('process_not_in_progress');
  });

  it('checks the code: required, digits, wrong, try limit, expiry, single use; no account before the details', async () => {
    const email = 'codes@example.com';
    await send(email);
    const code = await codeFor(email);
    expect(error(await checkOtp(email, ''))).toBe('please_enter_verification_code');
    expect(error(await checkOtp(email, 'abc'))).toBe('invalid_otp');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < 5; i++) expect(error(await checkOtp(email, wrong))).toBe('otp_invalid');
    expect(error(await checkOtp(email, wrong))).toBe('otp_too_many_attempts');
    expect(error(await checkOtp(email, code))).toBe('otp_too_many_attempts');
    expect(error(await checkProcess(email))).toBe('process_not_in_progress');

    // A new code (after the cooldown); then let it expire.
    await sentAgo(t, email);
    await postJson(t.app, E.resendOtp.path, { username: email });
    const second = await codeFor(email);
    await expireCodes(t, email);
    expect(error(await checkOtp(email, second))).toBe('otp_expired');
    expect(error(await checkProcess(email))).toBe('process_not_in_progress');

    await sentAgo(t, email);
    await postJson(t.app, E.resendOtp.path, { username: email });
    const third = await codeFor(email);
    const ok = await checkOtp(email, third);
    expect(ok.json().result.token).toMatch(/^[\w-]{40,}$/);
    expect(error(await checkOtp(email, third))).toBe('otp_invalid');
    expect(await accountsWith(email)).toBe(0);
  });

  it('validates the details in the spec order with its keys', async () => {
    const email = 'order@example.com';
    const token = await tokenFor(email);
    const register = (body: Record<string, unknown>) =>
      postJson(t.app, E.register.path, { username: email, token, ...body });
    const all = await register({});
    expect(all.json()).toEqual({
      exception: { message: 'error_first_name_empty' },
      errors: {
        firstName: ['error_first_name_empty'],
        lastName: ['error_last_name_empty'],
        password: ['error_password_empty'],
        rePassword: ['error_repassword_empty'],
        birthdate: ['error_birth_date_empty'],
        gender: ['error_gender_empty'],
      },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...details, firstName: '  ' }, 'error_first_name_empty'],
      [{ ...details, lastName: '' }, 'error_last_name_empty'],
      [{ ...details, password: '', rePassword: '' }, 'error_password_empty'],
      [{ ...details, password: 'abcdefg', rePassword: 'abcdefg' }, 'error_password_invalid'],
      [{ ...details, password: 'P@ssw0rd', rePassword: 'P@ssw0rd' }, 'error_password_common'],
      [{ ...details, rePassword: ' ' }, 'error_repassword_empty'],
      [{ ...details, rePassword: 'Hoa12345@' }, 'error_confirm_new_password'],
      [{ ...details, birthdate: '' }, 'error_birth_date_empty'],
      [{ ...details, birthdate: '1899-12-31' }, 'error_birth_year_invalid'],
      [{ ...details, birthdate: `${new Date().getFullYear() - 4}-01-01` }, 'error_birth_year_invalid'],
      [{ ...details, gender: null }, 'error_gender_empty'],
      [{ ...details, gender: 42 }, 'error_gender_empty'],
    ];
    for (const [body, key] of cases) expect(error(await register(body)), key).toBe(key);
    expect(await accountsWith(email)).toBe(0);
    // None of these used the token up.
    expect((await register(details)).statusCode).toBe(200);
  });

  it('creates the account with a confirmed primary e-mail once; the token is single use; the user can sign in', async () => {
    const email = 'lan@example.com';
    const token = await tokenFor(email);
    expect(error(await postJson(t.app, E.register.path, { username: email, token: 'forged', ...details }))).toBe(
      'register_session_expired',
    );
    expect(error(await postJson(t.app, E.register.path, { username: 'other@example.com', token, ...details }))).toBe(
      'register_session_expired',
    );
    const res = await postJson(
      t.app,
      E.register.path,
      { username: 'LAN@example.com', token, ...details },
      { 'accept-language': 'en-US' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { username: email } });
    expect(error(await postJson(t.app, E.register.path, { username: email, token, ...details }))).toBe(
      'register_session_expired',
    );

    const [contact] = await db().select().from(userContacts).where(eq(userContacts.value, email));
    expect(contact).toMatchObject({ type: 2, isConfirmed: true, isPrimary: true, allowLogin: true });
    const [user] = await db().select().from(users).where(eq(users.id, contact!.userId));
    expect(user).toMatchObject({
      firstName: 'Lan',
      lastName: 'Trần',
      birthdate: '2001-09-02',
      gender: 2,
      timezone: 'Asia/Ho_Chi_Minh',
      languageId: 'en-US',
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, user!.id));
    expect(log.map((l) => l.action)).toEqual(['activity_register']);
    // Trimmed password, as typed without the spaces.
    const { tokens } = await signInWithPassword(t.app, { username: email, password: 'Hoa12345!' });
    expect(tokens.access_token).toBeTruthy();
    expect(error(await send(email))).toBe('email_already');
    // Like any address without a registration under way.
    expect(error(await checkProcess(email))).toBe('process_not_in_progress');
  });

  it('a half-finished registration never blocks a later one', async () => {
    const email = 'later@example.com';
    await send(email); // abandoned at step 2
    // Its message written before the next one (sends are queued: under load the two could swap).
    expect(await codeFor(email)).not.toBe('');
    expect(await accountsWith(email)).toBe(0);
    // Later: a new code, verified, then abandoned at step 3 with a live token.
    await sentAgo(t, email);
    expect((await send(email)).statusCode).toBe(200);
    const abandoned = await checkOtp(email, await codeFor(email));
    expect(abandoned.statusCode).toBe(200);
    expect(await accountsWith(email)).toBe(0);
    const token = await tokenFor(email);
    expect((await postJson(t.app, E.register.path, { username: email, token, ...details })).statusCode).toBe(200);
    expect(
      error(
        await postJson(t.app, E.register.path, { username: email, token: abandoned.json().result.token, ...details }),
      ),
    ).toBe('email_already');
  });

  it('two registrations racing for one e-mail: one account, the other gets email_already', async () => {
    const email = 'race@example.com';
    const first = await tokenFor(email);
    const second = await tokenFor(email);
    const answers = await Promise.all([
      postJson(t.app, E.register.path, { username: email, token: first, ...details }),
      postJson(t.app, E.register.path, { username: email, token: second, ...details }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().exception.message).toBe('email_already');
    expect(await accountsWith(email)).toBe(1);
  });

  it('one code checked twice at once gives one token; one token registering twice at once makes one account', async () => {
    const email = 'one-token@example.com';
    await send(email);
    const code = await codeFor(email);
    const checks = await Promise.all([checkOtp(email, code), checkOtp(email, code), checkOtp(email, code)]);
    expect(checks.map((c) => c.statusCode).sort()).toEqual([200, 400, 400]);
    for (const c of checks.filter((x) => x.statusCode === 400)) expect(error(c)).toBe('otp_invalid');
    const token = checks.find((c) => c.statusCode === 200)!.json().result.token as string;
    const answers = await Promise.all(
      [0, 1, 2].map(() => postJson(t.app, E.register.path, { username: email, token, ...details })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    // The losers either found the token used or, if they read it before the winner committed, the address taken.
    for (const a of answers.filter((x) => x.statusCode === 400))
      expect(['register_session_expired', 'email_already']).toContain(error(a));
    expect(await accountsWith(email)).toBe(1);
    expect(error(await postJson(t.app, E.register.path, { username: email, token, ...details }))).toBe(
      'register_session_expired',
    );
  });

  it('the unique index on confirmed contacts is what decides, and it is recognised', async () => {
    const row = (id: string) => ({ id, firstName: 'A', lastName: 'B' });
    const contact = { type: 2, value: 'index@example.com' };
    await insertRegisteredUser(db(), row(randomUUID()), contact);
    const err = await insertRegisteredUser(db(), row(randomUUID()), contact).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });
});

describe('update-info', () => {
  const t = useTestApp({ OTP_SENDS_PER_IP: '10000', CAPTCHA_PROVIDER: 'none' });

  const db = () => t.deps.database.db;
  const update = (token: string | undefined, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: E.updateInfo.path,
      payload: body,
      headers: token ? bearer(token) : {},
    });
  const info = { firstName: 'Minh', lastName: 'Phạm', birthdate: '1995-03-04', gender: 1, timezone: 'Asia/Bangkok' };

  /** A bearer token for an account without a password, signed in by a one-time code. */
  async function signInByCode(email: string) {
    const flow = await startAuthorization(t.app);
    await postJson(t.app, '/api/account/login/send-otp', { username: email });
    const code = (await listOutboxMessages(db(), email, 1))[0]!.code!;
    const res = await postJson(t.app, '/api/account/login/otp', {
      username: email,
      otp: code,
      returnUrl: flow.returnUrl,
    });
    return finishSignIn(t.app, flow, res.json().result.redirectUrl);
  }

  it('needs a bearer token', async () => {
    expect((await update(undefined, info)).statusCode).toBe(401);
  });

  it('an account without a password completes its info and sets its first password', async () => {
    const user = await createUser(db(), { email: 'social@example.com', password: null });
    const tokens = await signInByCode('social@example.com');
    const missing = await update(tokens.access_token, info);
    expect(missing.json()).toEqual({
      exception: { message: 'error_password_empty' },
      errors: { password: ['error_password_empty'], rePassword: ['error_repassword_empty'] },
    });
    expect((await update(tokens.access_token, { ...info, firstName: '' })).json().exception.message).toBe(
      'error_first_name_empty',
    );
    expect(
      (await update(tokens.access_token, { ...info, password: 'Mat1khau!', rePassword: 'x' })).json().exception.message,
    ).toBe('error_confirm_new_password');
    // A first password is a new way in: the token alone is refused (issue 24 point 5) ...
    const first = { ...info, password: ' Mat1khau! ', rePassword: 'Mat1khau!' };
    expect((await update(tokens.access_token, first)).json().exception.message).toBe('step_up_required');
    // ... until a code to the primary address proves it (contracts/src/step-up.ts).
    await postJson(t.app, stepUpEndpoints.sendCode.path, { method: 'code' }, bearer(tokens.access_token));
    const code = (await listOutboxMessages(db(), 'social@example.com', 1))[0]!.code!;
    await postJson(t.app, stepUpEndpoints.verify.path, { method: 'code', value: code }, bearer(tokens.access_token));
    const res = await update(tokens.access_token, first);
    expect(res.json()).toEqual({ result: { ok: true } });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      firstName: 'Minh',
      lastName: 'Phạm',
      birthdate: '1995-03-04',
      gender: 1,
      timezone: 'Asia/Bangkok',
    });
    expect(
      (await signInWithPassword(t.app, { username: 'social@example.com', password: 'Mat1khau!' })).tokens,
    ).toBeTruthy();
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['activity_info_updated', 'activity_password_set']),
    );
  });

  it('an account with a password keeps it; only its own row changes', async () => {
    const a = await createUser(db(), { email: 'ann@example.com', firstName: 'Ann' });
    const b = await createUser(db(), { email: 'bob@example.com', firstName: 'Bob' });
    const tokenB = (await signInWithPassword(t.app, { username: 'bob@example.com', password: TEST_PASSWORD })).tokens
      .access_token;
    const refused = await update(tokenB, { ...info, password: 'Khac123!', rePassword: 'Khac123!' });
    expect(refused.json().exception.message).toBe('password_already_set');
    expect((await update(tokenB, { ...info, gender: 7 })).json().exception.message).toBe('error_gender_empty');
    // Whatever the body says, the token's own account is the one updated.
    expect((await update(tokenB, { ...info, id: a.id, firstName: 'Bobby' })).statusCode).toBe(200);
    const [rowA] = await db().select().from(users).where(eq(users.id, a.id));
    const [rowB] = await db().select().from(users).where(eq(users.id, b.id));
    expect(rowA!.firstName).toBe('Ann');
    expect(rowB!.firstName).toBe('Bobby');
    expect(
      (await signInWithPassword(t.app, { username: 'bob@example.com', password: TEST_PASSWORD })).tokens,
    ).toBeTruthy();
  });
});
