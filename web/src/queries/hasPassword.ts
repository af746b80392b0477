import { deleteAccountEndpoints } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/endpoint';

/** Whether the account has a password: the delete page and the recovery ways ask it. */
export const hasPasswordQuery = queryOptions({
  queryKey: ['account', 'delete', 'has-password'] as const,
  queryFn: () => call(deleteAccountEndpoints.hasPassword, {}),
  retry: false,
});
