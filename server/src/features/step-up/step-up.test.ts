import {
  authEndpoints,
  contactsEndpoints as C,
  recoveryEndpoints as R,
  stepUpEndpoints as S,
  twoFactorEndpoints,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { flows, userContacts } from '../../db/schema.js';
import { codeAt, createTwoFactor } from '../../modules/two-factor/index.js';
import { errorKey, lastCode, resultOf, type SignedInUser, signedInUser } from '../../testing/account.js';
import { MANY_USERS_ENV, useTestApp } from '../../testing/app.js';
import { testCaller } from '../../testing/caller.js';
import { bearer, finishSignIn, postJson, signInWithPassword, startAuthorization } from '../../testing/oidc-flow.js';
import { createUser, TEST_PASSWORD } from '../../testing/users.js';

// Issue 24 point 5: with only a stolen access token nobody changes how an account signs in or
// recovers. The attacker's requests first, then the proof that lets the owner do it.

type Status = { proven: boolean; next: 'first' | 'second' | null; first: string; secondFactors: { type: string }[] };

describe('step-up of the account pages', () => {
  const t = useTestApp({ ...MANY_USERS_ENV, CAPTCHA_PROVIDER: 'none' });
  const db = () => t.deps.database.db;
  const status = async (u: SignedInUser) => resultOf<Status>(await u.call('GET', S.status.path));
  const verify = (u: SignedInUser, method: string, value: string) => u.call('POST', S.verify.path, { method, value });

  it('a stolen token cannot move the primary e-mail to the attacker (takeover 1)', async () => {
    const victim = await signedInUser(t, { email: 'victim-primary@example.com' });
    const res = await victim.call('POST', C.changeEmail.path, { newemail: 'attacker@example.com', otp: '' });
    expect(errorKey(res, 403)).toBe('step_up_required');
    // Nothing was sent to the attacker's address, and the primary is unchanged.
    expect(await listOutboxMessages(db(), 'attacker@example.com', 5)).toHaveLength(0);
    const rows = await db().select().from(userContacts).where(eq(userContacts.userId, victim.id));
    expect(rows.map((r) => r.value)).toEqual(['victim-primary@example.com']);
  });

  it('a stolen token cannot add a sign-in address quietly, nor turn sign-in on, nor plant a recovery way (takeover 2)', async () => {
    const victim = await signedInUser(t, { email: 'victim-quiet@example.com' });
    const tries = [
      await victim.call('POST', C.create.path, { type: 2, Name: 'attacker2@example.com' }),
      await victim.call('POST', C.activate.path, { PhoneEmailName: 'attacker2@example.com', Otp: '123456' }),
      await victim.call(C.allowLogin.method, C.allowLogin.path, { id: 1, isAllow: true }),
      await victim.call(C.setPrimary.method, C.setPrimary.path, { id: 1 }),
      await victim.call('POST', C.activateEmailSend.path, { newemail: 'attacker2@example.com' }),
      await victim.call('POST', C.changePhone.path, { newphone: '0912999888', otp: '' }),
      await victim.call('POST', R.update.path, { claimType: 'email_recovery', claimValue: 'attacker2@example.com' }),
    ];
    expect(tries.map((r) => `${r.statusCode} ${r.json().exception?.message}`)).toEqual(
      Array(tries.length).fill('403 step_up_required'),
    );
    expect(await listOutboxMessages(db(), 'attacker2@example.com', 5)).toHaveLength(0);
    const rows = await db().select().from(userContacts).where(eq(userContacts.userId, victim.id));
    expect(rows).toHaveLength(1);
  });

  it('the password gives the proof for this sign-in only, for a few minutes; a wrong one is counted', async () => {
    const owner = await signedInUser(t, { email: 'owner-proof@example.com' });
    expect(await status(owner)).toMatchObject({ proven: false, next: 'first', first: 'password' });
    expect(errorKey(await verify(owner, 'password', 'Wrong#pass1'))).toBe('invalid_password');
    expect(errorKey(await verify(owner, 'password', ''))).toBe('step_up_value_empty');
    expect(resultOf<Status>(await verify(owner, 'password', TEST_PASSWORD))).toMatchObject({
      proven: true,
      next: null,
    });

    const add = await owner.call('POST', C.create.path, { type: 2, Name: 'second-owner@example.com' });
    expect(add.statusCode, add.body).toBe(200);

    // The proof ends: asked again.
    await db()
      .update(flows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(flows.subject, owner.id));
    expect(errorKey(await owner.call('POST', C.create.path, { type: 2, Name: 'third@example.com' }), 403)).toBe(
      'step_up_required',
    );
  });

  it('a proof is not shared between two sign-ins of the same account', async () => {
    const one = await signedInUser(t, { email: 'two-sessions@example.com' });
    await one.stepUp();
    // A second token for the same account: the sign-in (grant) differs, so the proof does not hold.
    const { tokens } = await signInWithPassword(t.app, {
      username: 'two-sessions@example.com',
      password: TEST_PASSWORD,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: C.create.path,
      headers: bearer(tokens.access_token),
      payload: { type: 2, Name: 'other-session@example.com' },
    });
    expect(errorKey(res, 403)).toBe('step_up_required');
  });

  it('with two-step on, the password is not enough: a second factor completes the proof', async () => {
    const owner = await signedInUser(t, { email: 'owner-2fa@example.com' });
    const twoFactor = createTwoFactor(t.deps);
    const secret = (await twoFactor.startSetup(owner.id, 'owner-2fa@example.com')).sharedKey
      .replace(/\s/g, '')
      .toUpperCase();
    const codes = await twoFactor.finishSetup(owner.id, codeAt(secret, new Date()), testCaller());
    if (!Array.isArray(codes)) throw new Error('setup failed');

    const afterPassword = resultOf<Status>(await verify(owner, 'password', TEST_PASSWORD));
    expect(afterPassword).toMatchObject({ proven: false, next: 'second' });
    expect(afterPassword.secondFactors.map((f) => f.type)).toEqual(['authenticator', 'email']);
    expect(
      errorKey(await owner.call('POST', C.changeEmail.path, { newemail: 'new-2fa@example.com', otp: '' }), 403),
    ).toBe('step_up_required');
    expect(errorKey(await verify(owner, 'authenticator', '000000'))).toBe('authentication_code_is_incorrect');
    expect(resultOf<Status>(await verify(owner, 'recovery_code', codes[0] ?? ''))).toMatchObject({ proven: true });

    const sent = await owner.call('POST', C.changeEmail.path, { newemail: 'new-2fa@example.com', otp: '' });
    expect(sent.statusCode, sent.body).toBe(200);
    const changed = await owner.call('POST', C.changeEmail.path, {
      newemail: 'new-2fa@example.com',
      otp: await lastCode(t, 'new-2fa@example.com'),
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // An address confirmed just now is not where the e-mail second step goes (for a day).
    expect((await twoFactor.methods(owner.id)).map((m) => m.type)).toEqual(['authenticator']);
    const login = await startAuthorization(t.app);
    const answer = await postJson(t.app, authEndpoints.login.path, {
      username: 'new-2fa@example.com',
      password: TEST_PASSWORD,
      returnUrl: login.returnUrl,
    });
    // (The account is signed in on a device, so that device's approval and code are offered too.)
    expect(resultOf<{ twoFactorTypes: { type: string }[] }>(answer).twoFactorTypes.map((x) => x.type)).toEqual([
      'authenticator',
      'prompt',
      'app',
    ]);
    await db()
      .update(userContacts)
      .set({ confirmedAt: new Date(Date.now() - 86_400_000 - 1000) })
      .where(eq(userContacts.userId, owner.id));
    expect((await twoFactor.methods(owner.id)).map((m) => m.type)).toEqual(['authenticator', 'email']);
    // The two-step settings answer as before.
    expect((await owner.call('GET', twoFactorEndpoints.details.path)).statusCode).toBe(200);
  });

  it('an account without a password proves with a code to its primary address', async () => {
    const user = await createUser(db(), { email: 'no-password@example.com', password: null });
    const flow = await startAuthorization(t.app);
    await postJson(t.app, authEndpoints.sendLoginOtp.path, { username: 'no-password@example.com' });
    const login = await postJson(t.app, authEndpoints.loginByOtp.path, {
      username: 'no-password@example.com',
      otp: await lastCode(t, 'no-password@example.com'),
      returnUrl: flow.returnUrl,
    });
    const tokens = await finishSignIn(t.app, flow, resultOf<{ redirectUrl: string }>(login).redirectUrl);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(tokens.access_token), ...(payload ? { payload } : {}) });

    expect(resultOf<Status & { codeTo: string }>(await call('GET', S.status.path))).toMatchObject({
      first: 'code',
      next: 'first',
      codeTo: expect.stringContaining('*'),
    });
    expect(errorKey(await call('POST', S.verify.path, { method: 'password', value: 'anything1A!' }))).toBe(
      'password_not_set',
    );
    expect(resultOf(await call('POST', S.sendCode.path, { method: 'code' }))).toEqual({ times: expect.any(Number) });
    expect(errorKey(await call('POST', S.verify.path, { method: 'code', value: '000000' }))).toBe('otp_invalid');
    const code = await lastCode(t, 'no-password@example.com');
    expect(resultOf(await call('POST', S.verify.path, { method: 'code', value: code }))).toMatchObject({
      proven: true,
    });
    expect((await call('POST', C.create.path, { type: 2, Name: 'np-second@example.com' })).statusCode).toBe(200);
    expect(user.id).toBeTruthy();
  });

  it('answers 401 without a token', async () => {
    for (const e of [S.status, S.verify, S.sendCode]) {
      const res = await t.app.inject({ method: e.method, url: e.path, payload: {} });
      expect(res.statusCode).toBe(401);
    }
  });
});
