import { describe, expect, it } from 'vitest';
import { deleteAccountInput } from './delete-account.js';

describe('delete account input', () => {
  it('needs the confirmation; the password may be left out (accounts without one)', () => {
    expect(deleteAccountInput.safeParse({}).error?.issues[0]?.message).toBe('delete_account_confirm_error');
    expect(deleteAccountInput.parse({ confirm: true })).toEqual({ confirm: true, password: '' });
  });
});
