import { twoFactorEndpoints as E, type Endpoint, passwordEndpoints, stepUpEndpoints } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { activityLogs, flows, userRecoveryCodes, users, userTwoFactor } from '../../db/schema.js';
import { codeAt, TOTP_PERIOD } from '../../modules/two-factor/index.js';
import { errorKey, resultOf, type SignedInUser, signedInUser } from '../../testing/account.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { bearer, signInWithPassword } from '../../testing/oidc-flow.js';
import { TEST_PASSWORD } from '../../testing/users.js';

type Details = { twoFactorEnabled: boolean; hasAuthenticator: boolean; recoveryCodesLeft: number };
const secretOf = (sharedKey: string) => sharedKey.replace(/\s/g, '').toUpperCase();

describe('two-step verification settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA_AFTER_FAILURES: '1000', CAPTCHA_PROVIDER: 'none' });
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;
  const call = (u: SignedInUser, e: Endpoint, body?: unknown) => u.call(e.method as 'GET' | 'POST', e.path, body);
  const details = async (u: SignedInUser) => resultOf<Details>(await call(u, E.details));
  const actions = async (userId: string) =>
    (await db().select().from(activityLogs).where(eq(activityLogs.userId, userId))).map((l) => l.action);
  const subjects = async (to: string) => (await listOutboxMessages(db(), to, 20)).map((m) => m.subject);

  /** The wizard: password, setup, a code computed from the shared key, the recovery codes. */
  async function enable(u: SignedInUser) {
    expect(resultOf(await call(u, E.checkPassword, { password: TEST_PASSWORD }))).toBe(true);
    const setup = resultOf<{ sharedKey: string }>(await call(u, E.setupAuthenticator));
    const secret = secretOf(setup.sharedKey);
    const { recoveryCodes } = resultOf<{ recoveryCodes: string[] }>(
      await call(u, E.verifyAuthenticator, { verificationCode: codeAt(secret, new Date()) }),
    );
    return { secret, recoveryCodes };
  }

  it('refuses every endpoint without a bearer token', async () => {
    for (const e of Object.values(E)) {
      const res = await t.app.inject({ method: e.method, url: e.path, headers: { host: 'localhost:3000' } });
      expect(res.statusCode, e.path).toBe(401);
    }
  });

  it('walks the wizard: password, setup, code; then two-step is on with 10 recovery codes', async () => {
    const a = await signedInUser(t, { email: 'wizard@example.com' });
    expect(await details(a)).toEqual({ twoFactorEnabled: false, hasAuthenticator: false, recoveryCodesLeft: 0 });
    // Password first (spec account §5 Two-factor messages).
    expect(errorKey(await call(a, E.setupAuthenticator), 403)).toBe('step_up_required');
    expect(errorKey(await call(a, E.checkPassword, { password: '' }))).toBe('error_password_empty');
    const wrong = await call(a, E.checkPassword, { password: 'Wrong@123' });
    expect(errorKey(wrong)).toBe('invalid_password');
    expect(wrong.json().errors).toEqual({ password: ['invalid_password'] });
    expect(errorKey(await call(a, E.setupAuthenticator), 403)).toBe('step_up_required');
    expect(resultOf(await call(a, E.checkPassword, { password: TEST_PASSWORD }))).toBe(true);
    const setup = resultOf<{ sharedKey: string; authenticatorUri: string; qrCode: string }>(
      await call(a, E.setupAuthenticator),
    );
    expect(setup.sharedKey).toMatch(/^([a-z2-7]{4} )+[a-z2-7]{4}$/);
    expect(setup.authenticatorUri).toContain(`secret=${secretOf(setup.sharedKey)}`);
    expect(setup.authenticatorUri).toContain('wizard%40example.com');
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // Setup alone turns nothing on.
    expect(await details(a)).toEqual({ twoFactorEnabled: false, hasAuthenticator: false, recoveryCodesLeft: 0 });
    // The code step (spec account §5).
    const verify = (verificationCode: unknown) => call(a, E.verifyAuthenticator, { verificationCode });
    expect(errorKey(await verify(''))).toBe('please_enter_verification_code');
    expect(errorKey(await verify(undefined))).toBe('please_enter_verification_code');
    expect(errorKey(await verify('12ab56'))).toBe('authentication_code_is_incorrect');
    const secret = secretOf(setup.sharedKey);
    const future = codeAt(secret, new Date(Date.now() + 10 * TOTP_PERIOD * 1000));
    const bad = await verify(future);
    expect(errorKey(bad)).toBe('authentication_code_is_incorrect');
    expect(bad.json().errors).toEqual({ verificationCode: ['authentication_code_is_incorrect'] });
    const { recoveryCodes } = resultOf<{ recoveryCodes: string[] }>(await verify(codeAt(secret, new Date())));
    expect(recoveryCodes).toHaveLength(10);
    expect(await details(a)).toEqual({ twoFactorEnabled: true, hasAuthenticator: true, recoveryCodesLeft: 10 });
    // The setup is finished: its code does not finish it again.
    expect(errorKey(await verify(codeAt(secret, new Date())))).toBe('two_factor_setup_expired');
    // The activity log and an alert to the primary e-mail.
    expect(await actions(a.id)).toContain('activity_two_factor_enabled');
    expect(await subjects('wizard@example.com')).toContain('Portico: xác minh hai bước đã được bật');
  });

  it('turns off and on again (the authenticator stays), with alerts; on needs an authenticator', async () => {
    const a = await signedInUser(t, { email: 'toggle@example.com', languageId: 'en-US' });
    expect(errorKey(await call(a, E.enable))).toBe('two_factor_setup_required');
    await enable(a);
    const off = resultOf<Details>(await call(a, E.disable));
    expect(off).toEqual({ twoFactorEnabled: false, hasAuthenticator: true, recoveryCodesLeft: 10 });
    // Turning off twice logs once.
    resultOf(await call(a, E.disable));
    const on = resultOf<Details>(await call(a, E.enable));
    expect(on).toEqual({ twoFactorEnabled: true, hasAuthenticator: true, recoveryCodesLeft: 10 });
    const log = await actions(a.id);
    expect(log.filter((x) => x === 'activity_two_factor_disabled')).toHaveLength(1);
    expect(log.filter((x) => x === 'activity_two_factor_enabled')).toHaveLength(2);
    // In the account's language.
    const mail = await subjects('toggle@example.com');
    expect(mail).toContain('Portico: two-step verification was turned off');
    expect(mail.filter((s) => s === 'Portico: two-step verification was turned on')).toHaveLength(2);
  });

  it('turns off only behind the password', async () => {
    const a = await signedInUser(t, { email: 'off-guard@example.com' });
    // A second sign-in of the same account: its token has not confirmed the password.
    const { tokens } = await signInWithPassword(t.app, { username: 'off-guard@example.com', password: TEST_PASSWORD });
    await enable(a);
    const off = await t.app.inject({
      method: 'POST',
      url: E.disable.path,
      headers: { host: 'localhost:3000', ...bearer(tokens.access_token) },
    });
    expect(errorKey(off, 403)).toBe('step_up_required');
    expect(resultOf<Details>(await call(a, E.details)).twoFactorEnabled).toBe(true);
  });

  it('with two-step on, turning it off needs a second factor besides the password (issue 24 point 5)', async () => {
    const a = await signedInUser(t, { email: 'off-second@example.com' });
    const { secret } = await enable(a);
    // The proof of the wizard ends; a stolen token with the password is not enough now.
    await db()
      .update(flows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(flows.subject, a.id));
    resultOf(await call(a, E.checkPassword, { password: TEST_PASSWORD }));
    expect(errorKey(await call(a, E.disable), 403)).toBe('step_up_required');
    await db().update(userTwoFactor).set({ lastUsedStep: null }).where(eq(userTwoFactor.userId, a.id));
    const second = await a.call('POST', stepUpEndpoints.verify.path, {
      method: 'authenticator',
      value: codeAt(secret, new Date()),
    });
    expect(resultOf<{ proven: boolean }>(second).proven).toBe(true);
    expect(resultOf<Details>(await call(a, E.disable)).twoFactorEnabled).toBe(false);
  });

  it('gives new recovery codes behind the password; the earlier ones stop working', async () => {
    const a = await signedInUser(t, { email: 'regen@example.com' });
    expect(errorKey(await call(a, E.generateRecoveryCodes), 403)).toBe('step_up_required');
    const { recoveryCodes: first } = await enable(a);
    // The password checked in the wizard still counts for 10 minutes.
    const { recoveryCodes: second } = resultOf<{ recoveryCodes: string[] }>(await call(a, E.generateRecoveryCodes));
    expect(second).toHaveLength(10);
    expect(second.some((c) => first.includes(c))).toBe(false);
    const rows = await db().select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, a.id));
    expect(rows).toHaveLength(10);
    expect(await actions(a.id)).toContain('activity_recovery_codes_generated');
    // With two-step off there is nothing to recover.
    resultOf(await call(a, E.disable));
    expect(errorKey(await call(a, E.generateRecoveryCodes))).toBe('two_factor_not_enabled');
  });

  it('resets behind the password: no authenticator, no codes, two-step off; a new setup is needed', async () => {
    const a = await signedInUser(t, { email: 'reset@example.com' });
    // Another sign-in of the same account (before two-step is on: then it would owe a second step)
    // has not confirmed the password.
    const { tokens } = await signInWithPassword(t.app, { username: 'reset@example.com', password: TEST_PASSWORD });
    await enable(a);
    const otherSession = await t.app.inject({
      method: 'POST',
      url: E.resetAuthenticator.path,
      headers: { host: 'localhost:3000', ...bearer(tokens.access_token) },
    });
    expect(errorKey(otherSession, 403)).toBe('step_up_required');
    expect(resultOf<Details>(await call(a, E.resetAuthenticator))).toEqual({
      twoFactorEnabled: false,
      hasAuthenticator: false,
      recoveryCodesLeft: 0,
    });
    expect(await db().select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, a.id))).toEqual([]);
    expect(await actions(a.id)).toContain('activity_two_factor_reset');
    expect(await subjects('reset@example.com')).toContain('Portico: xác minh hai bước đã bị tắt');
    // The proof was used up: a new setup asks for the password again.
    expect(errorKey(await call(a, E.setupAuthenticator), 403)).toBe('step_up_required');
    expect(errorKey(await call(a, E.enable))).toBe('two_factor_setup_required');
  });

  it('asks an account without a password to set one first', async () => {
    const a = await signedInUser(t, { email: 'nopw@example.com' });
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, a.id));
    expect(errorKey(await call(a, E.checkPassword, { password: 'anything' }))).toBe('password_not_set');
  });

  it("refuses user B everywhere on user A's two-step: B's calls only ever reach B's own", async () => {
    const a = await signedInUser(t, { email: 'owner-2fa@example.com' });
    const b = await signedInUser(t, { email: 'intruder-2fa@example.com' });
    const { secret } = await enable(a);
    const before = await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, a.id));
    // A's password is not B's.
    expect(errorKey(await call(b, E.checkPassword, { password: 'Wrong@123' }))).toBe('invalid_password');
    // A's proof is not B's.
    expect(errorKey(await call(b, E.setupAuthenticator), 403)).toBe('step_up_required');
    expect(errorKey(await call(b, E.generateRecoveryCodes), 403)).toBe('step_up_required');
    expect(errorKey(await call(b, E.resetAuthenticator), 403)).toBe('step_up_required');
    // A's code does not finish anything for B; B has no setup.
    expect(errorKey(await call(b, E.verifyAuthenticator, { verificationCode: codeAt(secret, new Date()) }))).toBe(
      'two_factor_setup_expired',
    );
    expect(await details(b)).toEqual({ twoFactorEnabled: false, hasAuthenticator: false, recoveryCodesLeft: 0 });
    expect(errorKey(await call(b, E.enable))).toBe('two_factor_setup_required');
    expect(errorKey(await call(b, E.disable), 403)).toBe('step_up_required');
    // B with B's own password acts on B only.
    resultOf(await call(b, E.checkPassword, { password: TEST_PASSWORD }));
    resultOf(await call(b, E.disable));
    resultOf(await call(b, E.resetAuthenticator));
    resultOf(await call(b, E.checkPassword, { password: TEST_PASSWORD }));
    resultOf(await call(b, E.setupAuthenticator));
    expect(errorKey(await call(b, E.generateRecoveryCodes))).toBe('two_factor_not_enabled');
    // A is untouched.
    expect(await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, a.id))).toEqual(before);
    expect(await details(a)).toEqual({ twoFactorEnabled: true, hasAuthenticator: true, recoveryCodesLeft: 10 });
    expect(await subjects('owner-2fa@example.com')).not.toContain('Portico: xác minh hai bước đã bị tắt');
  });

  it('erases the secrets and the recovery codes with the account', async () => {
    const a = await signedInUser(t, { email: 'erase-2fa@example.com' });
    await enable(a);
    const res = await a.call('DELETE', '/api/account/delete', { confirm: true, password: TEST_PASSWORD });
    expect(resultOf(res)).toBe(true);
    expect(await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, a.id))).toEqual([]);
    expect(await db().select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, a.id))).toEqual([]);
  });

  it('sends an alert when the password changes', async () => {
    const a = await signedInUser(t, { email: 'pw-alert@example.com' });
    const change = {
      currentpassword: TEST_PASSWORD,
      newpassword: 'DoiMoi2026!',
      confirmnewpassword: 'DoiMoi2026!',
      OtpType: 'email',
    };
    // Two-step off: the current password is enough (features/password/service.ts).
    const res = await a.call('POST', passwordEndpoints.changePassword.path, { ...change, otp: '' });
    expect(resultOf(res)).toEqual({ twoFactorDisabled: true });
    expect(await subjects('pw-alert@example.com')).toContain('Portico: mật khẩu của bạn đã được thay đổi');
  });
});

describe('two-step settings share the sign-in failure counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA_AFTER_FAILURES: '3', CAPTCHA_PROVIDER: 'none' });
  });
  afterAll(() => t.close());
  const call = (u: SignedInUser, e: Endpoint, body?: unknown) => u.call(e.method as 'GET' | 'POST', e.path, body);

  it('stops checking passwords after a run of wrong ones', async () => {
    const a = await signedInUser(t, { email: 'pw-run@example.com' });
    for (let i = 0; i < 3; i++)
      expect(errorKey(await call(a, E.checkPassword, { password: 'Wrong@123' }))).toBe('invalid_password');
    expect(errorKey(await call(a, E.checkPassword, { password: TEST_PASSWORD }), 429)).toBe('too_many_requests');
  });

  it('stops checking setup codes after a run of wrong ones', async () => {
    const a = await signedInUser(t, { email: 'code-run@example.com' });
    resultOf(await call(a, E.checkPassword, { password: TEST_PASSWORD }));
    const secret = secretOf(resultOf<{ sharedKey: string }>(await call(a, E.setupAuthenticator)).sharedKey);
    const wrong = codeAt(secret, new Date(Date.now() + 3600_000));
    for (let i = 0; i < 3; i++)
      expect(errorKey(await call(a, E.verifyAuthenticator, { verificationCode: wrong }))).toBe(
        'authentication_code_is_incorrect',
      );
    const right = { verificationCode: codeAt(secret, new Date()) };
    expect(errorKey(await call(a, E.verifyAuthenticator, right), 429)).toBe('too_many_requests');
  });
});
