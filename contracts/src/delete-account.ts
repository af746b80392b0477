import { z } from 'zod';
import { featureEndpoints } from './endpoint.js';

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
    output: z.boolean(),
  }),
  checkPassword: define({
    method: 'POST',
    path: '/api/account/delete/check-password',
    summary: "Checks the account's password before the delete step",
    auth: 'user',
    input: checkPasswordInput,
    output: z.literal(true),
    errors: ['invalid_password', 'account_locked', 'too_many_requests'],
  }),
};

/**
 * DELETE with a JSON body { confirm: true, password } (the password never goes into a URL), so
 * not an endpoint of server/src/http/endpoint.ts, which reads a DELETE's input from the query:
 * a plain route (server/src/features/delete-account/routes.ts) listed in openapi.test.ts.
 */
export const DELETE_ACCOUNT_PATH = '/api/account/delete';
/** What the delete answers: every session ended. */
export const deleteAccountAnswerSchema = z.literal(true);
export type DeleteAccountAnswer = z.infer<typeof deleteAccountAnswerSchema>;
