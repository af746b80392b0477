import {
  type CheckPasswordInput,
  DELETE_ACCOUNT_PATH,
  type DeleteAccountAnswer,
  type DeleteAccountInput,
  deleteAccountEndpoints as e,
} from '@portico/contracts';
import { api } from '../../api/client';
import { call } from '../../api/endpoint';

// Delete account (spec account §7), behind the bearer token.

export const checkPassword = (input: CheckPasswordInput) => call(e.checkPassword, input);
/** A DELETE with a JSON body (the password never goes into a URL): contracts/src/delete-account.ts. */
export const deleteAccount = (input: DeleteAccountInput) =>
  api.delete<DeleteAccountAnswer>(DELETE_ACCOUNT_PATH, { body: input });
