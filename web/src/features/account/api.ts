import { accountEndpoints } from '@portico/contracts';
import { call } from '../../api/endpoint';

/** Who the bearer token belongs to (server/src/features/account/service.ts). */
export const getCurrentUser = () => call(accountEndpoints.me, {});

/** Ends every session of the account, this one included. */
export const logoutAllSessions = () => call(accountEndpoints.logoutAll, {});
