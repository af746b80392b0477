import { describe, expect, it } from 'vitest';
import { afterReset, interactionReturnUrl } from './logic';

describe('forgot password: after the reset', () => {
  it('sends only an interaction ReturnUrl', () => {
    expect(interactionReturnUrl(new URLSearchParams('ReturnUrl=/oidc/interaction/abc'))).toBe('/oidc/interaction/abc');
    expect(interactionReturnUrl(new URLSearchParams('ReturnUrl=/account'))).toBeUndefined();
    expect(interactionReturnUrl(new URLSearchParams(''))).toBeUndefined();
  });

  it('follows redirectUrl when the server signed in, else signs in through the portal', () => {
    expect(
      afterReset({ isOk: true, isRegister: false, redirectUrl: '/oidc/auth/abc', requiresTwoFactor: false }),
    ).toEqual({ kind: 'redirect', url: '/oidc/auth/abc' });
    expect(afterReset({ ok: true, loginToken: 'T'.repeat(43) })).toEqual({
      kind: 'sign-in',
      loginToken: 'T'.repeat(43),
    });
    // Two-step on: the second step is owed; redirectUrl opens login step 3.
    const owed = '/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc&step=2fa';
    expect(
      afterReset({ isOk: false, isRegister: false, redirectUrl: owed, requiresTwoFactor: true, userId: 'u1' }),
    ).toEqual({ kind: 'redirect', url: owed });
    expect(afterReset({ isOk: false, isRegister: false, redirectUrl: '/x', requiresTwoFactor: false })).toEqual({
      kind: 'sign-in',
      loginToken: null,
    });
  });
});
