import { type CheckPasswordInput, type DeleteAccountInput, deleteAccountEndpoints as e } from '@portico/contracts';
import { call } from '../../api/endpoint';

// Delete account (spec account §7), behind the bearer token.

export const checkPassword = (input: CheckPasswordInput) => call(e.checkPassword, input);
/** A DELETE with a JSON body (the password never goes into a URL): contracts/src/delete-account.ts. */
export const deleteAccount = (input: DeleteAccountInput) => call(e.remove, input);
