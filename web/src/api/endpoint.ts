import { type Endpoint, fillPath, type InputOf, inputInQuery, type OutputOf, pathParams } from '@portico/contracts';
import { ApiError, apiFetch, type QueryValue, type RequestOptions } from './client';

/** Asks the user for a step-up proof; true once it holds, false when they gave up. */
export type StepUpHandler = () => Promise<boolean>;
const stepUpHandlers: StepUpHandler[] = [];

/**
 * Plugged by the step-up host (web/src/components/StepUpHost.tsx, mounted with the app's providers
 * so it is there before any page can call): a call answered with step_up_required asks the latest
 * one, then calls again. Returns the unplug.
 */
export const addStepUpHandler = (handler: StepUpHandler): (() => void) => {
  stepUpHandlers.push(handler);
  return () => {
    const at = stepUpHandlers.lastIndexOf(handler);
    if (at >= 0) stepUpHandlers.splice(at, 1);
  };
};

/**
 * Calls a contracts endpoint (contracts/src/endpoint.ts) with typed input and answer: path
 * parameters are filled from the input, the rest goes in the query (GET, DELETE) or the JSON body
 * (or where the endpoint's `inputIn` says).
 * `options.query` adds query parameters the contract reads outside its input (the login calls'
 * campaignId, contracts/src/auth.ts); `options.form` is the body of an `upload` endpoint (the
 * input then fills only its path).
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  options: CallOptions = {},
): Promise<OutputOf<E>> {
  try {
    return await send(endpoint, input, options);
  } catch (error) {
    // A change that needs a fresh proof (contracts/src/step-up.ts: the endpoints that say `stepUp`,
    // and update-info when it sets a first password): once given, the same call again.
    const asked = error instanceof ApiError && error.messageKey === 'step_up_required';
    const handler = stepUpHandlers.at(-1);
    if (asked && handler && (await handler())) return send(endpoint, input, options);
    throw error;
  }
}

type CallOptions = Omit<RequestOptions, 'body'> & { form?: FormData };

function send<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  { form, ...options }: CallOptions,
): Promise<OutputOf<E>> {
  const values = (input ?? {}) as Record<string, unknown>;
  const inPath = pathParams(endpoint.path);
  const rest = Object.fromEntries(Object.entries(values).filter(([k]) => !inPath.includes(k)));
  const path = fillPath(endpoint.path, values);
  if (form) return apiFetch<OutputOf<E>>(endpoint.method, path, { ...options, body: form });
  return inputInQuery(endpoint)
    ? apiFetch<OutputOf<E>>(endpoint.method, path, {
        ...options,
        query: { ...options.query, ...(rest as Record<string, QueryValue>) },
      })
    : apiFetch<OutputOf<E>>(endpoint.method, path, { ...options, body: rest });
}
