import { describe, expect, it } from 'vitest';
import { altchaPayload, isAltchaChallenge } from './captchaPayload';
import { formatCountdown, secondsLeft } from './countdownFormat';

describe('countdown formatting', () => {
  it('shows mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(5)).toBe('00:05');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(60)).toBe('01:00');
    expect(formatCountdown(119)).toBe('01:59');
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(3599)).toBe('59:59');
  });

  it('rounds partial seconds up and never goes negative', () => {
    expect(formatCountdown(0.2)).toBe('00:01');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00');
  });

  it('counts seconds left to a deadline', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});

describe('ALTCHA payload', () => {
  const challenge = {
    algorithm: 'SHA-256',
    challenge: 'a'.repeat(64),
    salt: 'c0ffee?expires=1700000000',
    signature: 'b'.repeat(64),
    maxnumber: 50_000,
  };

  it('is base64 JSON with exactly algorithm, challenge, number, salt, signature', () => {
    const payload = altchaPayload(challenge, 4242);
    expect(payload).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const decoded = JSON.parse(atob(payload));
    expect(decoded).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 4242,
      salt: challenge.salt,
      signature: challenge.signature,
    });
  });

  it('recognises a challenge answer', () => {
    expect(isAltchaChallenge(challenge)).toBe(true);
    expect(isAltchaChallenge({ challenge: 'x' })).toBe(false);
    expect(isAltchaChallenge(null)).toBe(false);
  });
});
