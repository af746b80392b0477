import { accountEndpoints, type CurrentUser } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api/endpoint';
import { useSession } from './session';

/**
 * The signed-in user as the server sees them now. Account pages load it, so a session ended
 * elsewhere (devices page, logout-all, password change) answers 401 on the next page and the
 * browser is signed out; it also keeps the header's name current after an edit.
 */
export function useCurrentUser(): CurrentUser | undefined {
  const session = useSession();
  const { data } = useQuery({ ...currentUserQuery(session.user?.sub), enabled: session.status === 'authenticated' });
  return data;
}

/** GET /api/account/me for the session's user (with its bearer token): the query the pages share. */
export const currentUserQuery = (sub: string | undefined) =>
  queryOptions({
    queryKey: ['current-user', sub],
    queryFn: () => call(accountEndpoints.me, {}),
    staleTime: 30_000,
    retry: false,
  });
