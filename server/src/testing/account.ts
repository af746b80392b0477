import { type Endpoint, stepUpEndpoints } from '@portico/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { listOutboxMessages } from '../adapters/outbox/queries.js';
import { AppError } from '../lib/errors.js';
import type { TestApp } from './app.js';
import { bearer, signInWithPassword } from './oidc-flow.js';
import { createUser, TEST_PASSWORD, type TestUserOptions } from './users.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A signed-in user of the account APIs: their id, token and a caller that sends the bearer token.
 * `steppedUp`: the password was also given as the step-up proof (contracts/src/step-up.ts), so
 * the endpoints that need one pass for STEP_UP_PROOF_SECONDS.
 */
export async function signedInUser(t: TestApp, opts: TestUserOptions & { email: string; steppedUp?: boolean }) {
  const user = await createUser(t.deps.database.db, opts);
  const { tokens, flow } = await signInWithPassword(t.app, { username: opts.email, password: TEST_PASSWORD });
  const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { host: 'localhost:3000', ...bearer(tokens.access_token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const stepUp = async (value = opts.password ?? TEST_PASSWORD) => {
    const res = await call('POST', stepUpEndpoints.verify.path, { method: 'password', value });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { proven: boolean; next: string | null };
  };
  if (opts.steppedUp) await stepUp();
  return { ...user, tokens, flow, call, stepUp };
}

export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;

/** The last code sent to an address through the local outbox. */
export const lastCode = async (t: TestApp, to: string) =>
  (await listOutboxMessages(t.deps.database.db, to, 1))[0]?.code ?? '';

/** The message key of a 4xx answer (checks the status). */
export function errorKey(res: LightMyRequestResponse, status = 400): string {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { exception: { message: string } }).exception.message;
}

/** The field errors of a 400 answer. */
export const fieldErrors = (res: LightMyRequestResponse) =>
  (res.json() as { errors?: Record<string, string[]> }).errors ?? {};

/** The result of a 200 answer. */
export function resultOf<T = unknown>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: T }).result;
}

/** The message key a service call fails with ('ok' when it succeeds; other errors are thrown on). */
export const keyOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.messageKey;
    throw err;
  }
};

/**
 * Every endpoint of a feature's contracts object answers 401 without the bearer token (`payload`
 * is sent as a well-formed body, so that only the missing token can be the reason).
 */
export async function expectBearerRequired(
  t: TestApp,
  endpoints: Record<string, Pick<Endpoint, 'method' | 'path'>>,
  payload: object = {},
) {
  for (const { method, path } of Object.values(endpoints)) {
    const res = await t.app.inject({ method, url: path, payload });
    expect(res.statusCode, `${method} ${path}`).toBe(401);
  }
}
