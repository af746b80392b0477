import { z } from 'zod';
import { featureEndpoints, type OutputOf } from './endpoint.js';

// Delete account (spec account §2, §4, §5, §7 Delete account).

export const checkPasswordInput = z.object({
  password: z.string({ error: 'error_password_empty' }).min(1, 'error_password_empty').max(300, 'invalid_password'),
});
export type CheckPasswordInput = z.input<typeof checkPasswordInput>;

export const deleteAccountInput = z.object({
  confirm: z.literal(true, { error: 'delete_account_confirm_error' }),
  password: z.string().max(300, 'invalid_password').optional().default(''),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;

const define = featureEndpoints('delete-account');

export const deleteAccountEndpoints = {
  hasPassword: define({
    method: 'GET',
    path: '/api/account/delete/has-password',
    summary: 'Whether deleting the account asks for its password (false for an account without one)',
    auth: 'user',
    whileAwaitingGuardian: true,
    output: z.boolean(),
  }),
  checkPassword: define({
    method: 'POST',
    path: '/api/account/delete/check-password',
    summary: "Checks the account's password before the delete step",
    auth: 'user',
    whileAwaitingGuardian: true,
    input: checkPasswordInput,
    output: z.literal(true),
    errors: ['invalid_password', 'account_locked', 'too_many_requests'],
  }),
  /** A DELETE with a JSON body { confirm: true, password }: the password never goes into a URL. */
  remove: define({
    method: 'DELETE',
    path: '/api/account/delete',
    inputIn: 'body',
    summary: 'Deletes the account for good (spec account §7): its data erased, every session ended',
    auth: 'user',
    whileAwaitingGuardian: true,
    input: deleteAccountInput,
    output: z.literal(true),
    errors: [
      'delete_account_confirm_error',
      'error_password_empty',
      'invalid_password',
      'account_locked',
      'too_many_requests',
    ],
  }),
};
/** What the delete answers: every session ended. */
export type DeleteAccountAnswer = OutputOf<typeof deleteAccountEndpoints.remove>;
