import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { verificationCodes } from '../../db/schema.js';
import { keyOf } from '../../testing/account.js';
import { type TestApp, useTestApp } from '../../testing/app.js';
import { solvedCaptcha } from '../../testing/captcha.js';
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

  it('pretends to send for addresses without an account, with the same answers', async () => {
    expect(await codes.pretendIssue('login', 'nobody@example.com')).toEqual({ times: 60 });
    expect((await codes.pretendIssue('login', 'nobody@example.com')).times).toBeGreaterThan(55);
    expect(await lastCode(t, 'nobody@example.com')).toBeUndefined();
  });
});

describe('verification code send limits', () => {
  const t = useTestApp({
    OTP_RESEND_SECONDS: '0',
    OTP_SENDS_PER_TARGET: '3',
    OTP_SENDS_PER_IP: '5',
    OTP_SENDS_PER_IP_MAX: '7',
    ALTCHA_MAX_NUMBER: '1000',
  });
  let codes: ReturnType<typeof createVerificationService>;
  beforeAll(() => {
    codes = createVerificationService(t.deps);
  });

  it('limits sends per address', async () => {
    for (let i = 0; i < 3; i++)
      expect(await keyOf(codes.issue('login', 'lee@example.com', { ip: '198.51.100.1' }))).toBe('ok');
    expect(await keyOf(codes.issue('login', 'lee@example.com', { ip: '198.51.100.2' }))).toBe('too_many_requests');
    expect(await keyOf(codes.pretendIssue('login', 'ghost@example.com', { ip: '198.51.100.3' }))).toBe('ok');
  });

  it('past the per-IP threshold asks for the captcha (refusals not counted); only the ceiling refuses', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 5; i++) expect(await keyOf(codes.issue('login', `m${i}@example.com`, { ip }))).toBe('ok');
    // An office or a carrier's NAT behind one address: a person can go on with the captcha.
    expect(await keyOf(codes.issue('login', 'm5@example.com', { ip }))).toBe('captcha_error_empty');
    expect(await keyOf(codes.pretendIssue('login', 'ghost2@example.com', { ip }))).toBe('captcha_error_empty');
    expect(await keyOf(codes.issue('login', 'm5@example.com', { ip, captcha: 'bm9wZQ==' }))).toBe('captcha_invalid');
    const answer = await solvedCaptcha(t);
    expect(await keyOf(codes.issue('login', 'm5@example.com', { ip, captcha: answer }))).toBe('ok');
    // An answer counts once.
    expect(await keyOf(codes.issue('login', 'm6@example.com', { ip, captcha: answer }))).toBe('captcha_invalid');
    expect(
      await keyOf(codes.pretendIssue('login', 'ghost2@example.com', { ip, captcha: await solvedCaptcha(t) })),
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
