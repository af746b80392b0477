import { errorsEndpoints } from '@portico/contracts';
import { call } from '../../api/endpoint';

/** The provider error kept under errorid (server/src/features/errors/service.ts). */
export const lookUpError = (errorid: string) => call(errorsEndpoints.lookup, { errorid }, { credentials: 'include' });
