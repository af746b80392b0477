import { type TokenLoginExchangeInput, tokenLoginEndpoints } from '@portico/contracts';
import { call } from '../../api/endpoint';

/** Completes this browser's pending sign-in with the one-time token; answers where to go next. */
export const exchangeLoginToken = (input: TokenLoginExchangeInput) => call(tokenLoginEndpoints.exchange, input);
