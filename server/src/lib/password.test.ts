import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('hashes and compares in NFC: a decomposed password verifies when typed precomposed, and back', async () => {
    const nfc = 'Mật khẩu 2026!'.normalize('NFC');
    const nfd = nfc.normalize('NFD');
    expect(nfd).not.toBe(nfc);
    expect(await verifyPassword(await hashPassword(nfd), nfc)).toBe(true);
    expect(await verifyPassword(await hashPassword(nfc), nfd)).toBe(true);
    expect(await verifyPassword(await hashPassword(nfc), 'Mat khau 2026!')).toBe(false);
  });

  it('still verifies ASCII passwords hashed before NFC normalisation', async () => {
    expect(await verifyPassword(await hashPassword('Secret@123'), 'Secret@123')).toBe(true);
  });
});
