import { describe, expect, it } from 'vitest';
import { activationTarget, changeOutcome } from './logic';

describe('changeOutcome', () => {
  it('reads the countdown of a sent code and the end of the change', () => {
    expect(changeOutcome({ times: 120 })).toEqual({ kind: 'code', times: 120 });
    expect(changeOutcome({ times: -5 })).toEqual({ kind: 'code', times: 0 });
    expect(changeOutcome({ ok: true })).toEqual({ kind: 'done' });
    expect(changeOutcome(undefined)).toEqual({ kind: 'code', times: 0 });
  });
});

describe('activationTarget', () => {
  const info = { email: 'a@example.com', phoneNumber: '0912345678' };
  it('prefers the address in the query, else the primary one of that kind', () => {
    expect(activationTarget('phone', '0987654321', info)).toBe('0987654321');
    expect(activationTarget('phone', null, info)).toBe('0912345678');
    expect(activationTarget('email', '', info)).toBe('a@example.com');
  });

  it('is null when the account has none', () => {
    expect(activationTarget('phone', null, { email: 'a@example.com', phoneNumber: null })).toBeNull();
    expect(activationTarget('email', null, undefined)).toBeNull();
  });
});
