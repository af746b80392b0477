import { afterEach, describe, expect, it } from 'vitest';
import { removeStaleSignInEntries } from './staleEntries';

describe('stale sign-in entries (spec §9)', () => {
  afterEach(() => localStorage.clear());

  it('removes sign-in states older than 60 minutes or unreadable, never the user entry or other keys', () => {
    const now = 1_800_000_000;
    localStorage.setItem('oidc.user:https://id.example:portal', JSON.stringify({ created: now - 99_999 }));
    localStorage.setItem('oidc.old', JSON.stringify({ id: 'old', created: now - 3601 }));
    localStorage.setItem('oidc.fresh', JSON.stringify({ id: 'fresh', created: now - 60 }));
    localStorage.setItem('oidc.broken', '{');
    localStorage.setItem('languageCode', 'en-US');
    expect(removeStaleSignInEntries(localStorage, now)).toBe(2);
    expect(Object.keys(localStorage).sort()).toEqual([
      'languageCode',
      'oidc.fresh',
      'oidc.user:https://id.example:portal',
    ]);
  });
});
