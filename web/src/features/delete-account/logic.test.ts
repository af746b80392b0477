import { describe, expect, it } from 'vitest';
import { deleteFormSchema } from './logic';

/** The first message key per field of a form schema (what useApiForm shows under the fields). */
const messages = (parsed: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((parsed.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
const deleteFormErrors = (v: { confirm: boolean; password: string }, withPassword: boolean) =>
  messages(deleteFormSchema(withPassword).safeParse(v));

describe('delete account form (spec account §5)', () => {
  it('needs the box ticked, and the password when the account has one', () => {
    expect(deleteFormErrors({ confirm: false, password: '' }, true)).toEqual({
      confirm: 'delete_account_confirm_error',
      password: 'error_password_empty',
    });
    expect(deleteFormErrors({ confirm: false, password: '' }, false)).toEqual({
      confirm: 'delete_account_confirm_error',
    });
    expect(deleteFormErrors({ confirm: true, password: 'x' }, true)).toEqual({});
  });
});
