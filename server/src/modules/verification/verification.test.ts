import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { verificationCodes } from '../../db/schema.js';
import { keyOf } from '../../testing/account.js';
import { type TestApp, useTestApp } from '../../testing/app.js';
import { solvedCaptcha } from '../../testing/captcha.js';
import { createUser } from '../../testing/users.js';
import { createVerificationService } from './service.js';

const lastCode = async (t: TestApp, to: string) => (await listOutboxMessages(t.deps.database.db, to, 1))[0];

describe('verification codes', () => {
  const t = useTestApp();
  let clock = Date.now();
  let codes: ReturnType<typeof createVerificationService>;
  beforeAll(() => {
    codes = createVerificationService(t.deps, { now: () => new Date(clock) });
  });

  it('sends a 6-digit code by e-mail in the asked language, stores only its HMAC, and accepts it once', async () => {
    expect(await codes.issue('login', 'hana@example.com', { locale: 'en-US' })).toEqual({ times: 60 });
    const mail = await lastCode(t, 'hana@example.com');
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.subject).toContain('verification code');
    expect(mail?.text).toContain(mail?.code);
    const [row] = await t.deps.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, 'hana@example.com'));
    expect(row?.codeHash).not.toContain(mail?.code);

    // A code is bound to its purpose.
    expect(await keyOf(codes.verify('register', 'hana@example.com', mail!.code!, null))).toBe('otp_invalid');
    expect(await keyOf(codes.verify('login', 'hana@example.com', mail!.code!, null))).toBe('ok');
    expect(await keyOf(codes.verify('login', 'hana@example.com', mail!.code!, null))).toBe('otp_invalid');
  });

  it('sends codes for a phone by SMS, in Vietnamese by default', async () => {
    await codes.issue('login', '0911222333');
    const sms = await lastCode(t, '0911222333');
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms?.text).toContain('mã xác minh');
  });

  it('answers the seconds left until a resend, and sends nothing meanwhile', async () => {
    await codes.issue('login', 'ivy@example.com');
    const first = await lastCode(t, 'ivy@example.com');
    clock += 25_000;
    expect(await codes.issue('login', 'ivy@example.com')).toEqual({ times: 35 });
    expect((await lastCode(t, 'ivy@example.com'))?.id).toBe(first?.id);
    clock += 36_000;
    expect(await codes.issue('login', 'ivy@example.com')).toEqual({ times: 60 });
    const second = await lastCode(t, 'ivy@example.com');
    expect(second?.id).not.toBe(first?.id);
    // The new code replaces the old one.
    if (first?.code !== second?.code)
      expect(await keyOf(codes.verify('login', 'ivy@example.com', first!.code!, null))).toBe('otp_invalid');
    expect(await keyOf(codes.verify('login', 'ivy@example.com', second!.code!, null))).toBe('ok');
  });

  it('refuses a code after it expires', async () => {
    await codes.issue('login', 'jack@example.com');
    const mail = await lastCode(t, 'jack@example.com');
    clock += 10 * 60_000 + 1;
    expect(await keyOf(codes.verify('login', 'jack@example.com', mail!.code!, null))).toBe('otp_expired');
  });

  it('allows at most 5 tries, then refuses even the right code', async () => {
    await codes.issue('login', 'kim@example.com');
    const { code } = (await lastCode(t, 'kim@example.com'))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++)
      expect(await keyOf(codes.verify('login', 'kim@example.com', wrong, null))).toBe('otp_invalid');
    expect(await keyOf(codes.verify('login', 'kim@example.com', wrong, null))).toBe('otp_too_many_attempts');
    expect(await keyOf(codes.verify('login', 'kim@example.com', code!, null))).toBe('otp_too_many_attempts');
    const [row] = await t.deps.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, 'login'), eq(verificationCodes.target, 'kim@example.com')));
    expect(row?.attempts).toBe(5);
  });

  it('a new code brings no new budget of guesses: wrong codes count across resends (issue 24 point 8)', async () => {
    const resendNow = () =>
      t.deps.database.db
        .update(verificationCodes)
        .set({ lastSentAt: new Date(Date.now() - 120_000) })
        .where(eq(verificationCodes.target, 'budget@example.com'));
    const answers: string[] = [];
    for (let round = 0; round < 4; round++) {
      await resendNow();
      await codes.issue('login', 'budget@example.com', { userId: null });
      for (let i = 0; i < 5; i++)
        answers.push(await keyOf(codes.verify('login', 'budget@example.com', '000000', null)));
    }
    // Ten wrong codes (OTP_WRONG_CODES_PER_WINDOW), the tenth already says so; then nothing is tried.
    expect(answers.filter((a) => a === 'otp_invalid').length).toBeLessThanOrEqual(9);
    expect(answers.slice(10)).toEqual(Array(10).fill('otp_too_many_attempts'));
    // Even the right code of a new send is refused until the window ends.
    await resendNow();
    await codes.issue('login', 'budget@example.com', { userId: null });
    const code = (await lastCode(t, 'budget@example.com'))?.code;
    expect(await keyOf(codes.verify('login', 'budget@example.com', code ?? '', null))).toBe('otp_too_many_attempts');
  });
});

describe('verification code send limits', () => {
  const t = useTestApp({
    OTP_RESEND_SECONDS: '0',
    OTP_SENDS_PER_TARGET: '3',
    OTP_SENDS_PER_TARGET_MAX: '6',
    OTP_SENDS_PER_IP: '5',
    OTP_SENDS_PER_IP_MAX: '7',
    ALTCHA_MAX_NUMBER: '1000',
  });
  let codes: ReturnType<typeof createVerificationService>;
  beforeAll(() => {
    codes = createVerificationService(t.deps);
  });

  it('limits sends per address and asker, under a ceiling for the address', async () => {
    for (let i = 0; i < 3; i++)
      expect(await keyOf(codes.issue('login', 'lee@example.com', { ip: '198.51.100.1' }))).toBe('ok');
    expect(await keyOf(codes.issue('login', 'lee@example.com', { ip: '198.51.100.1' }))).toBe('too_many_requests');
    // Another asker still gets codes to it, up to the address's ceiling (OTP_SENDS_PER_TARGET_MAX).
    for (let i = 0; i < 3; i++)
      expect(await keyOf(codes.issue('login', 'lee@example.com', { ip: '198.51.100.2' }))).toBe('ok');
    expect(await keyOf(codes.issue('login', 'lee@example.com', { ip: '198.51.100.3' }))).toBe('too_many_requests');
    expect(await keyOf(codes.issue('login', 'ghost@example.com', { ip: '198.51.100.3', message: 'nothing' }))).toBe(
      'ok',
    );
  });

  it("another account's sends to an address leave its owner able to receive a code (issue 24 point 4)", async () => {
    const owner = await createUser(t.deps.database.db, { email: 'owned@example.com' });
    const other = await createUser(t.deps.database.db, { email: 'other@example.com' });
    // The other account asks to add the owner's address until it is refused.
    const theirs: string[] = [];
    for (let i = 0; i < 5; i++)
      theirs.push(
        await keyOf(codes.issue('change_contact', 'owned@example.com', { userId: other.id, ip: '192.0.2.7' })),
      );
    expect(theirs.slice(0, 3)).toEqual(['ok', 'ok', 'ok']);
    expect(theirs.slice(3)).toEqual(['too_many_requests', 'too_many_requests']);
    // The owner, signing in by code from home, still gets one.
    expect(await keyOf(codes.issue('login', 'owned@example.com', { userId: owner.id, ip: '203.0.113.50' }))).toBe('ok');
  });

  it('past the per-IP threshold asks for the captcha (refusals not counted); only the ceiling refuses', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 5; i++) expect(await keyOf(codes.issue('login', `m${i}@example.com`, { ip }))).toBe('ok');
    // An office or a carrier's NAT behind one address: a person can go on with the captcha.
    expect(await keyOf(codes.issue('login', 'm5@example.com', { ip }))).toBe('captcha_error_empty');
    expect(await keyOf(codes.issue('login', 'ghost2@example.com', { ip, message: 'nothing' }))).toBe(
      'captcha_error_empty',
    );
    expect(await keyOf(codes.issue('login', 'm5@example.com', { ip, captcha: 'bm9wZQ==' }))).toBe('captcha_invalid');
    const answer = await solvedCaptcha(t);
    expect(await keyOf(codes.issue('login', 'm5@example.com', { ip, captcha: answer }))).toBe('ok');
    // An answer counts once.
    expect(await keyOf(codes.issue('login', 'm6@example.com', { ip, captcha: answer }))).toBe('captcha_invalid');
    expect(
      await keyOf(
        codes.issue('login', 'ghost2@example.com', { ip, captcha: await solvedCaptcha(t), message: 'nothing' }),
      ),
    ).toBe('ok');
    // The ceiling (OTP_SENDS_PER_IP_MAX) refuses, captcha or not.
    expect(await keyOf(codes.issue('login', 'm7@example.com', { ip, captcha: await solvedCaptcha(t) }))).toBe(
      'too_many_requests',
    );
    // Another IP is not affected.
    expect(await keyOf(codes.issue('login', 'm8@example.com', { ip: '198.51.100.10' }))).toBe('ok');
  });

  it("a signed-in user's sends and a request that passed a captcha need no further captcha", async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 5; i++) await codes.issue('login', `n${i}@example.com`, { ip });
    expect(await keyOf(codes.issue('change_contact', 'n5@example.com', { ip, userId: null }))).toBe('ok');
    expect(await keyOf(codes.issue('register', 'n6@example.com', { ip, captchaPassed: true }))).toBe('ok');
    expect(await keyOf(codes.issue('register', 'n7@example.com', { ip }))).toBe('captcha_error_empty');
  });
});
