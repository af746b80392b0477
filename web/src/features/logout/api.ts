import { accountEndpoints } from '@portico/contracts';
import { call } from '../../api/endpoint';

/** Ends every session of the account, this one included. */
export const logoutAllSessions = () => call(accountEndpoints.logoutAll, {});
