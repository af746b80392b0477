import { describe, expect, it } from 'vitest';
import { amrOf, firstFactorOfAmr } from './acr.js';

describe('amr', () => {
  it("reads back the first factor of a session's amr, so a step-up keeps it (a provider's sign-in stays fed)", () => {
    expect(firstFactorOfAmr(['pwd'])).toBe('password');
    expect(firstFactorOfAmr(['otp'])).toBe('otp');
    expect(firstFactorOfAmr(['qr'])).toBe('qr');
    expect(firstFactorOfAmr(['token'])).toBe('token');
    expect(amrOf(firstFactorOfAmr(['fed']), 'authenticator')).toEqual(['fed', 'otp', 'mfa']);
    expect(amrOf(firstFactorOfAmr(['prompt']), 'passkey')).toEqual(['prompt', 'hwk', 'mfa']);
    // Two factors already: the first stays the first (amrOf puts it there).
    expect(firstFactorOfAmr(amrOf('qr', 'authenticator'))).toBe('qr');
    expect(firstFactorOfAmr(amrOf('token', 'email'))).toBe('token');
    expect(firstFactorOfAmr(amrOf('otp', 'prompt'))).toBe('otp');
    expect(amrOf(firstFactorOfAmr(amrOf('google', 'passkey')), 'passkey')).toEqual(['fed', 'hwk', 'mfa']);
    expect(firstFactorOfAmr(amrOf('passkey'))).toBe('passkey');
    expect(firstFactorOfAmr(undefined)).toBe('otp');
    expect(firstFactorOfAmr(['mfa'])).toBe('otp');
  });
});
