import { type Endpoint, fillPath, type InputOf, inputInQuery, type OutputOf, pathParams } from '@portico/contracts';
import { apiFetch, type QueryValue, type RequestOptions } from './client';

/**
 * Calls a contracts endpoint (contracts/src/endpoint.ts) with typed input and answer: path
 * parameters are filled from the input, the rest goes in the query (GET, DELETE) or the JSON body
 * (or where the endpoint's `inputIn` says).
 * `options.query` adds query parameters the contract reads outside its input (the login calls'
 * campaignId, contracts/src/auth.ts).
 */
export function call<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<OutputOf<E>> {
  const values = (input ?? {}) as Record<string, unknown>;
  const inPath = pathParams(endpoint.path);
  const rest = Object.fromEntries(Object.entries(values).filter(([k]) => !inPath.includes(k)));
  const path = fillPath(endpoint.path, values);
  return inputInQuery(endpoint)
    ? apiFetch<OutputOf<E>>(endpoint.method, path, {
        ...options,
        query: { ...options.query, ...(rest as Record<string, QueryValue>) },
      })
    : apiFetch<OutputOf<E>>(endpoint.method, path, { ...options, body: rest });
}
