import { recoveryEndpoints as E, FORGOT_PASSWORD_PATHS, type RecoveryClaim } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { findUserByRecoveryClaim, upsertClaim } from '../../modules/claims/index.js';
import {
  errorKey,
  expectBearerRequired,
  lastCode,
  resultOf,
  type SignedInUser,
  signedInUser,
} from '../../testing/account.js';
import { MANY_USERS_ENV, useTestApp } from '../../testing/app.js';
import { postJson } from '../../testing/oidc-flow.js';

describe('recovery ways', () => {
  const t = useTestApp(MANY_USERS_ENV);
  /** Sets one of the user's recovery ways with the code sent to it, or removes it with an empty value. */
  async function setRecovery(user: SignedInUser, claimType: string, claimValue: string) {
    if (!claimValue) return user.call('POST', E.update.path, { claimType, claimValue });
    const sent = await user.call('POST', E.sendCode.path, { claimType, claimValue });
    if (sent.statusCode !== 200) return sent;
    const otp = await lastCode(t, claimValue.toLowerCase());
    return user.call('POST', E.update.path, { claimType, claimValue, otp });
  }

  it('stores a recovery e-mail and phone, validated; an empty value removes one', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'rec-a@example.com' });
    const b = await signedInUser(t, { steppedUp: true, email: 'rec-b@example.com' });
    const update = (claimType: string, claimValue: string) => setRecovery(a, claimType, claimValue);
    expect(resultOf(await a.call('GET', E.list.path))).toEqual([]);
    expect(errorKey(await update('email_recovery', 'not-an-email'))).toBe('email_invalid');
    expect(errorKey(await update('phone_number_recovery', '12345'))).toBe('invalid_phone_number');
    expect(errorKey(await update('kyc_front', 'x'))).toBe('invalid_claim_type');
    // The access token alone is not enough: the step-up proof of the sign-in is (issue 24 point 5).
    const tokenOnly = await signedInUser(t, { email: 'rec-token-only@example.com' });
    expect(errorKey(await setRecovery(tokenOnly, 'email_recovery', 'planted@example.com'), 403)).toBe(
      'step_up_required',
    );
    expect(resultOf(await tokenOnly.call('GET', E.list.path))).toEqual([]);
    resultOf(await update('email_recovery', 'Backup@Example.com'));
    const both = resultOf<RecoveryClaim[]>(await update('phone_number_recovery', '0912000300'));
    expect(both).toEqual([
      { claimType: 'email_recovery', claimValue: 'backup@example.com', isConfirmed: true },
      { claimType: 'phone_number_recovery', claimValue: '0912000300', isConfirmed: true },
    ]);
    expect(resultOf(await a.call('GET', E.list.path))).toEqual(both);
    // The second user sees none of them.
    expect(resultOf(await b.call('GET', E.list.path))).toEqual([]);
    expect(resultOf(await update('phone_number_recovery', ''))).toEqual([both[0]]);
    await expectBearerRequired(t, E);
  });

  it('a recovery way counts only once the code sent to it was entered (issue 24 point 8)', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'rec-typo@example.com' });
    // Without the code it is not saved: a typo never becomes a way into the account.
    const noCode = await a.call('POST', E.update.path, { claimType: 'email_recovery', claimValue: 'typo@example.com' });
    expect(errorKey(noCode)).toBe('otp_is_required');
    resultOf(await a.call('POST', E.sendCode.path, { claimType: 'email_recovery', claimValue: 'typo@example.com' }));
    const wrong = await a.call('POST', E.update.path, {
      claimType: 'email_recovery',
      claimValue: 'typo@example.com',
      otp: '000000',
    });
    expect(errorKey(wrong)).toBe('otp_invalid');
    expect(resultOf(await a.call('GET', E.list.path))).toEqual([]);
    expect(await findUserByRecoveryClaim(t.deps.database.db, 'email_recovery', 'typo@example.com')).toBeUndefined();
    // Another account cannot confirm with a code sent for the first.
    const b = await signedInUser(t, { steppedUp: true, email: 'rec-typo-b@example.com' });
    const stolen = await b.call('POST', E.update.path, {
      claimType: 'email_recovery',
      claimValue: 'typo@example.com',
      otp: await lastCode(t, 'typo@example.com'),
    });
    expect(errorKey(stolen)).toBe('otp_invalid');
    // A way saved before codes were asked (an old row) shows as unconfirmed and finds nobody.
    await upsertClaim(t.deps.database.db, a.id, 'phone_number_recovery', '0912000399');
    expect(resultOf(await a.call('GET', E.list.path))).toEqual([
      { claimType: 'phone_number_recovery', claimValue: '0912000399', isConfirmed: false },
    ]);
    expect(await findUserByRecoveryClaim(t.deps.database.db, 'phone_number_recovery', '0912000399')).toBeUndefined();
    expect(errorKey(await a.call('POST', E.sendCode.path, { claimType: 'email_recovery', claimValue: '' }))).toBe(
      'recovery_value_required',
    );
  });

  it('forgot password finds the account by its recovery e-mail and sends the code there', async () => {
    const a = await signedInUser(t, { steppedUp: true, email: 'rec-fp@example.com' });
    resultOf(await setRecovery(a, 'email_recovery', 'fp-backup@example.com'));
    const user = await findUserByRecoveryClaim(t.deps.database.db, 'email_recovery', 'fp-backup@example.com');
    expect(user?.id).toBe(a.id);
    expect((await postJson(t.app, FORGOT_PASSWORD_PATHS.send, { username: 'fp-backup@example.com' })).statusCode).toBe(
      200,
    );
    const code = await lastCode(t, 'fp-backup@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const checked = await postJson(t.app, FORGOT_PASSWORD_PATHS.checkOtp, {
      username: 'fp-backup@example.com',
      otp: code,
    });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().result.message).toBeTruthy();
    // An address two accounts name finds nobody.
    const b = await signedInUser(t, { steppedUp: true, email: 'rec-fp-b@example.com' });
    resultOf(await setRecovery(b, 'email_recovery', 'fp-backup@example.com'));
    expect(
      await findUserByRecoveryClaim(t.deps.database.db, 'email_recovery', 'fp-backup@example.com'),
    ).toBeUndefined();
  });
});
