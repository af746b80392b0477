import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readUserHubKey, userHubKey } from './user-keys.js';

describe("an account page's hub key", () => {
  const secret = randomBytes(32);
  const now = Date.UTC(2026, 10, 27, 6, 0, 0);

  it('names its account until it expires', () => {
    const key = userHubKey(secret, 'user-1', 3600, now);
    expect(readUserHubKey(secret, key, now)).toEqual({ userId: 'user-1', expiresAt: now + 3600_000 });
    expect(readUserHubKey(secret, key, now + 3600_000)).toBeNull();
  });

  it('is refused when changed, signed with another secret, or not a page key at all', () => {
    const key = userHubKey(secret, 'user-1', 3600, now);
    expect(readUserHubKey(secret, key.replace('user-1', 'user-2'), now)).toBeNull();
    expect(readUserHubKey(secret, key.replace(/\.\d+\./, `.${Math.floor(now / 1000) + 99_999}.`), now)).toBeNull();
    expect(readUserHubKey(randomBytes(32), key, now)).toBeNull();
    for (const other of ['', 'u', 'u.a.b', 'x.user-1.1.abc', `${key}.x`, randomBytes(24).toString('base64url')])
      expect(readUserHubKey(secret, other, now)).toBeNull();
  });
});
