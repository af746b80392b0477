import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { activityLogs, userRecoveryCodes, userTwoFactor } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { testCaller } from '../../testing/caller.js';
import { createUser } from '../../testing/users.js';
import { codeAt, createTwoFactor, PENDING_SETUP_SECONDS, TOTP_PERIOD } from './index.js';
import { createSecretBox, formatSharedKey, matchStep, newRecoveryCode, timeStep } from './secret.js';

const caller = testCaller({ ip: '203.0.113.9' });
/** The Base32 secret behind a shared key as the page shows it (what a person types into the app). */
const secretOf = (sharedKey: string) => sharedKey.replace(/\s/g, '').toUpperCase();

describe('two-factor module', () => {
  let t: TestApp;
  let clock = new Date('2026-11-20T10:00:05Z');
  const now = () => clock;
  const later = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  let tf: ReturnType<typeof createTwoFactor>;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA_AFTER_FAILURES: '1000', CAPTCHA_PROVIDER: 'none' });
    tf = createTwoFactor(t.deps, { now });
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;

  /** An account with two-step on: its Base32 secret and its recovery codes. */
  async function enrolled(email: string) {
    const user = await createUser(db(), { email });
    const setup = await tf.startSetup(user.id, email);
    const secret = secretOf(setup.sharedKey);
    const codes = await tf.finishSetup(user.id, codeAt(secret, now()), caller);
    if (!Array.isArray(codes)) throw new Error(`setup failed: ${codes}`);
    later(TOTP_PERIOD); // the setup's code step is used; the next one is free
    return { ...user, secret, codes };
  }

  it('uses what authenticator apps expect: SHA1, 6 digits, 30 s, RFC 6238 test vector', () => {
    // RFC 6238 appendix B, SHA1, T = 59 s: 94287082 (8 digits); the 6-digit code is its last six.
    const base32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890" in Base32
    expect(codeAt(base32, new Date(59_000))).toBe('287082');
    expect(codeAt(base32, new Date(1_111_111_109_000))).toBe('081804');
    expect(formatSharedKey('ABCDEFGHIJKLMNOP')).toBe('abcd efgh ijkl mnop');
  });

  it('starts a setup with a pending secret, shown as a key in groups of four, a URI and a QR code', async () => {
    const user = await createUser(db(), { email: 'setup-shape@example.com' });
    const setup = await tf.startSetup(user.id, 'setup-shape@example.com');
    expect(setup.sharedKey).toMatch(/^([a-z2-7]{4} ){7}[a-z2-7]{4}$/); // 160 bits = 32 Base32 characters
    const uri = new URL(setup.authenticatorUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Portico:setup-shape@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: secretOf(setup.sharedKey),
      issuer: 'Portico',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // Pending only: two-step is not on, no authenticator yet.
    expect(await tf.status(user.id)).toEqual({ enabled: false, hasAuthenticator: false, recoveryCodesLeft: 0 });
  });

  it('keeps the secret encrypted at rest, bound to the account', async () => {
    const a = await enrolled('at-rest@example.com');
    const [row] = await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, a.id));
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(a.secret);
    const box = createSecretBox(t.deps.secrets.encryptionKey);
    expect(box.open(row!.secret!, a.id)).toBe(a.secret);
    // Copied to another account's row, it does not decrypt; another key does not open it either.
    expect(() => box.open(row!.secret!, 'someone-else')).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 1)).open(row!.secret!, a.id)).toThrow();
    // Two seals of one secret differ (random IV).
    expect(box.seal(a.secret, a.id)).not.toBe(box.seal(a.secret, a.id));
    // Recovery codes are stored as an HMAC, never as typed.
    const stored = await db().select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, a.id));
    expect(stored).toHaveLength(10);
    for (const code of a.codes) expect(stored.map((s) => s.codeHash)).not.toContain(code);
  });

  it('accepts one step of clock drift each way, not two', async () => {
    const a = await enrolled('drift@example.com');
    later(2 * TOTP_PERIOD); // the step before now is not the setup's
    expect(
      await tf.verifyTotp(a.id, codeAt(a.secret, new Date(clock.getTime() - 2 * TOTP_PERIOD * 1000)), caller),
    ).toBe(false);
    expect(await tf.verifyTotp(a.id, codeAt(a.secret, new Date(clock.getTime() - TOTP_PERIOD * 1000)), caller)).toBe(
      true,
    );
    expect(
      await tf.verifyTotp(a.id, codeAt(a.secret, new Date(clock.getTime() + 2 * TOTP_PERIOD * 1000)), caller),
    ).toBe(false);
    expect(await tf.verifyTotp(a.id, codeAt(a.secret, new Date(clock.getTime() + TOTP_PERIOD * 1000)), caller)).toBe(
      true,
    );
    expect(matchStep(a.secret, 'abcdef', clock)).toBeNull();
  });

  it('refuses a code used before, and any earlier step after a later one', async () => {
    const a = await enrolled('replay@example.com');
    const code = codeAt(a.secret, clock);
    expect(await tf.verifyTotp(a.id, code, caller)).toBe(true);
    expect(await tf.verifyTotp(a.id, code, caller)).toBe(false);
    // Still refused while the code stays within the drift window.
    later(TOTP_PERIOD);
    expect(await tf.verifyTotp(a.id, code, caller)).toBe(false);
    // The code of the next step passes once.
    const next = codeAt(a.secret, clock);
    expect(await tf.verifyTotp(a.id, next, caller)).toBe(true);
    const [row] = await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, a.id));
    expect(row?.lastUsedStep).toBe(timeStep(clock));
    later(TOTP_PERIOD);
  });

  it('lets only one of two parallel submissions of one code pass', async () => {
    const a = await enrolled('parallel@example.com');
    const code = codeAt(a.secret, clock);
    const results = await Promise.all(Array.from({ length: 5 }, () => tf.verifyTotp(a.id, code, caller)));
    expect(results.filter(Boolean)).toHaveLength(1);
    later(TOTP_PERIOD);
  });

  it('keeps the working authenticator during a new setup until that one is verified', async () => {
    const a = await enrolled('re-setup@example.com');
    const setup = await tf.startSetup(a.id, 'x');
    const fresh = secretOf(setup.sharedKey);
    expect(await tf.verifyTotp(a.id, codeAt(fresh, clock), caller)).toBe(false); // pending is not the authenticator
    expect(await tf.verifyTotp(a.id, codeAt(a.secret, clock), caller)).toBe(true);
    later(TOTP_PERIOD);
    const codes = await tf.finishSetup(a.id, codeAt(fresh, clock), caller);
    expect(codes).toHaveLength(10);
    // The setup's code cannot sign in again; the old secret no longer works; old recovery codes are void.
    expect(await tf.verifyTotp(a.id, codeAt(fresh, clock), caller)).toBe(false);
    later(TOTP_PERIOD);
    expect(await tf.verifyTotp(a.id, codeAt(a.secret, clock), caller)).toBe(false);
    expect(await tf.verifyTotp(a.id, codeAt(fresh, clock), caller)).toBe(true);
    expect(await tf.consumeRecoveryCode(a.id, a.codes[0]!, caller)).toBe(false);
    expect(await tf.consumeRecoveryCode(a.id, (codes as string[])[0]!, caller)).toBe(true);
    later(TOTP_PERIOD);
  });

  it('lets a setup expire; a wrong code does not finish it', async () => {
    const user = await createUser(db(), { email: 'expire@example.com' });
    expect(await tf.finishSetup(user.id, '123456', caller)).toBe('expired'); // none started
    const setup = await tf.startSetup(user.id, 'x');
    const secret = secretOf(setup.sharedKey);
    const wrong = codeAt(secret, new Date(clock.getTime() + 10 * TOTP_PERIOD * 1000));
    expect(await tf.finishSetup(user.id, wrong, caller)).toBe('incorrect');
    later(PENDING_SETUP_SECONDS + 1);
    expect(await tf.finishSetup(user.id, codeAt(secret, clock), caller)).toBe('expired');
    expect(await tf.isEnabled(user.id)).toBe(false);
  });

  it('uses each recovery code once, typed in any case with spaces, only while two-step is on', async () => {
    const a = await enrolled('recovery@example.com');
    expect(a.codes).toHaveLength(10);
    expect(new Set(a.codes).size).toBe(10);
    for (const code of a.codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const typed = ` ${a.codes[0]!.toUpperCase().replace('-', ' ')} `;
    expect(await tf.consumeRecoveryCode(a.id, typed, caller)).toBe(true);
    expect(await tf.consumeRecoveryCode(a.id, a.codes[0]!, caller)).toBe(false);
    expect(await tf.consumeRecoveryCode(a.id, newRecoveryCode(), caller)).toBe(false);
    expect((await tf.status(a.id)).recoveryCodesLeft).toBe(9);
    // In parallel, one code passes once.
    const results = await Promise.all(
      Array.from({ length: 4 }, () => tf.consumeRecoveryCode(a.id, a.codes[1]!, caller)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    // Activity and the alert e-mail say so.
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, a.id));
    expect(log.filter((l) => l.action === 'activity_recovery_code_used').map((l) => l.params)).toEqual([
      { ip: caller.ip, left: 9 },
      { ip: caller.ip, left: 8 },
    ]);
    const mail = await listOutboxMessages(db(), 'recovery@example.com', 10);
    expect(mail.filter((m) => m.subject === 'Portico: một mã khôi phục vừa được sử dụng')).toHaveLength(2);
    // Two-step off: recovery codes do not pass.
    await tf.disable(a.id, caller);
    expect(await tf.consumeRecoveryCode(a.id, a.codes[2]!, caller)).toBe(false);
    expect(await tf.isEnabled(a.id)).toBe(false);
  });

  it('lists the methods: the authenticator when set up, e-mail when confirmed', async () => {
    const a = await enrolled('methods@example.com');
    expect(await tf.methods(a.id)).toEqual([
      { type: 'authenticator', staticKey: 'two_factor_method_authenticator' },
      { type: 'email', staticKey: 'two_factor_method_email', value: expect.stringContaining('*') },
    ]);
    const phoneOnly = await createUser(db(), { phone: '0912000777' });
    expect(await tf.methods(phoneOnly.id)).toEqual([]);
    const unconfirmed = await createUser(db(), { email: 'unconfirmed-2fa@example.com', confirmed: false });
    expect(await tf.methods(unconfirmed.id)).toEqual([]);
  });

  it('resets: no authenticator, no recovery codes, two-step off', async () => {
    const a = await enrolled('reset-module@example.com');
    await tf.reset(a.id, caller);
    expect(await tf.status(a.id)).toEqual({ enabled: false, hasAuthenticator: false, recoveryCodesLeft: 0 });
    expect(await tf.verifyTotp(a.id, codeAt(a.secret, clock), caller)).toBe(false);
    expect(await db().select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, a.id))).toEqual([]);
    expect(await tf.enable(a.id, caller)).toBe(false);
  });
});

describe('two-factor checks share the account failure limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA_AFTER_FAILURES: '3', LOGIN_LOCK_FAILURES: '5', CAPTCHA_PROVIDER: 'none' });
  });
  afterAll(() => t.close());

  it('stops checking after a run of failures, then locks the account', async () => {
    const tf = createTwoFactor(t.deps);
    const user = await createUser(t.deps.database.db, { email: 'limits-2fa@example.com' });
    const setup = await tf.startSetup(user.id, 'x');
    const secret = secretOf(setup.sharedKey);
    expect(Array.isArray(await tf.finishSetup(user.id, codeAt(secret, new Date()), caller))).toBe(true);
    const wrong = codeAt(secret, new Date(Date.now() + 3600_000));
    for (let i = 0; i < 3; i++) expect(await tf.verifyTotp(user.id, wrong, caller)).toBe(false);
    // The run reached the threshold: even a right code is not checked now.
    await expect(tf.verifyTotp(user.id, codeAt(secret, new Date()), caller)).rejects.toMatchObject({
      messageKey: 'too_many_requests',
    });
    await expect(tf.consumeRecoveryCode(user.id, 'aaaaa-aaaaa', caller)).rejects.toMatchObject({
      messageKey: 'too_many_requests',
    });
    // Failures keep counting towards the lock (a sign-in with the captcha clears the run, not the lock).
    await t.deps.kv.del(`login:fail:a:u:${user.id}`);
    for (let i = 0; i < 2; i++) expect(await tf.consumeRecoveryCode(user.id, 'aaaaa-aaaaa', caller)).toBe(false);
    await expect(tf.verifyTotp(user.id, wrong, caller)).rejects.toMatchObject({ messageKey: 'account_locked' });
  });
});
