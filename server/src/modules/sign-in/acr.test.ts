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
    expect(firstFactorOfAmr(undefined)).toBe('otp');
  });
});
