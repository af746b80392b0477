import { recoveryEndpoints as E, FORGOT_PASSWORD_PATHS, type RecoveryClaim } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { findUserByRecoveryClaim } from '../../modules/claims/index.js';
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
  /** Sets (or, with an empty value, removes) one of the user's recovery ways. */
  const setRecovery = (user: SignedInUser, claimType: string, claimValue: string) =>
    user.call('POST', E.update.path, { claimType, claimValue });

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
      { claimType: 'email_recovery', claimValue: 'backup@example.com' },
      { claimType: 'phone_number_recovery', claimValue: '0912000300' },
    ]);
    expect(resultOf(await a.call('GET', E.list.path))).toEqual(both);
    // The second user sees none of them.
    expect(resultOf(await b.call('GET', E.list.path))).toEqual([]);
    expect(resultOf(await update('phone_number_recovery', ''))).toEqual([both[0]]);
    await expectBearerRequired(t, E);
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
