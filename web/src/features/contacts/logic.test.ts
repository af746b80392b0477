import type { UserContact } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { canAddContact, contactActions, labelContacts } from './logic';

const entry = (id: number, patch: Partial<UserContact> = {}): UserContact => ({
  id,
  name: `user${id}@example.com`,
  isConfirmed: true,
  isPrimary: false,
  allowLogin: true,
  type: 2,
  ...patch,
});

describe('labelContacts', () => {
  it('puts the primary first, then the oldest, and numbers them from 1 by age', () => {
    const list = labelContacts([entry(7), entry(3, { isPrimary: true }), entry(5, { isConfirmed: false })]);
    expect(list.map((c) => [c.id, c.n])).toEqual([
      [3, 1],
      [5, 2],
      [7, 3],
    ]);
  });

  it('keeps each label when another entry becomes primary (issue 34 point 8)', () => {
    const list = labelContacts([entry(3), entry(7, { isPrimary: true }), entry(5)]);
    expect(list.map((c) => [c.id, c.n])).toEqual([
      [7, 3],
      [3, 1],
      [5, 2],
    ]);
  });

  it('gives nothing for an empty list and leaves the input alone', () => {
    const input = [entry(2), entry(1)];
    expect(labelContacts([])).toEqual([]);
    labelContacts(input);
    expect(input.map((c) => c.id)).toEqual([2, 1]);
  });
});

describe('canAddContact', () => {
  it('shows the add link while the count is at most the maximum', () => {
    expect(canAddContact(0, 3)).toBe(true);
    expect(canAddContact(2, 3)).toBe(true);
    expect(canAddContact(3, 3)).toBe(true);
    expect(canAddContact(4, 3)).toBe(false);
    expect(canAddContact(1, 0)).toBe(false);
  });
});

describe('contactActions', () => {
  it('the primary has no delete, allow-login or set-primary', () => {
    expect(contactActions({ isConfirmed: true, isPrimary: true })).toEqual({
      allowLogin: false,
      setPrimary: false,
      verify: false,
      remove: null,
    });
  });

  it('a confirmed secondary entry: allow-login, set primary, delete by code', () => {
    expect(contactActions({ isConfirmed: true, isPrimary: false })).toEqual({
      allowLogin: true,
      setPrimary: true,
      verify: false,
      remove: 'code',
    });
  });

  it('an unconfirmed entry: verify, delete directly', () => {
    expect(contactActions({ isConfirmed: false, isPrimary: false })).toEqual({
      allowLogin: false,
      setPrimary: false,
      verify: true,
      remove: 'direct',
    });
  });
});
