import { ACCOUNT_PATHS, type CheckPasswordInput, type DeleteAccountInput } from '@portico/contracts';
import { api } from '../../api/client';

// Delete account (spec account §7), behind the bearer token.

export const HAS_PASSWORD_QUERY_KEY = ['account', 'delete', 'has-password'] as const;

export const hasPassword = () => api.get<boolean>(ACCOUNT_PATHS.hasPassword);
export const checkPassword = (input: CheckPasswordInput) => api.post<true>(ACCOUNT_PATHS.checkPassword, input);
export const deleteAccount = (input: DeleteAccountInput) =>
  api.delete<true>(ACCOUNT_PATHS.deleteAccount, { body: input });
