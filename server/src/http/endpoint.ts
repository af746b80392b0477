import { type Endpoint, inputInQuery, type OutputOf, type ParsedInputOf, pathParams } from '@portico/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallerContext } from '../lib/caller.js';
import { parseInput } from '../lib/errors.js';
import type { PrimaryContact, User } from '../modules/users/index.js';
import { callerContext } from './context.js';

/**
 * The signed-in user of a `user` endpoint, from the bearer token checked once per request, with
 * the primary e-mail read in the same statement (server/src/modules/users/queries.ts findAccount).
 */
export type UserContext = {
  user: User;
  primaryEmail: PrimaryContact | null;
  sessionUid: string | null;
  grantId: string | null;
  clientId: string;
  /** How the token's sign-in was made (password, otp, token, google, facebook, zalo); null when unknown. */
  signInMethod: string | null;
};

export type HandlerContext<E extends Endpoint> = {
  caller: CallerContext;
  request: FastifyRequest;
  /** For the few answers that set a cookie (the sign-in steps, server/src/modules/sign-in/cookies.ts). */
  reply: FastifyReply;
} & (E['auth'] extends 'user' ? UserContext : { user?: undefined });

/** What a handler returns: the output schema's input side; `handle` parses it, dropping unlisted fields. */
export type Handler<E extends Endpoint> = (input: ParsedInputOf<E>, ctx: HandlerContext<E>) => Promise<ResultOf<E>>;
type ResultOf<E extends Endpoint> = z.input<E['output']>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks the bearer token of a `user` endpoint (server/src/features/auth/bearer.ts); 401 otherwise. */
    authenticateUser(request: FastifyRequest): Promise<UserContext>;
    /** 403 step_up_required unless a step-up proof holds for this sign-in (server/src/modules/sign-in/step-up.ts). */
    requireStepUp(who: UserContext & { caller: CallerContext }): Promise<void>;
    /** Every endpoint registered through `handle`, for the OpenAPI description (server/src/http/openapi.ts). */
    endpoints: Endpoint[];
    /** Every method and path registered (server/src/app.ts). */
    routeTable: { method: string; url: string }[];
  }
}

/** The raw input of a request: path parameters over the query (GET, DELETE) or the JSON body. */
function rawInput(endpoint: Endpoint, request: FastifyRequest): Record<string, unknown> {
  const source = inputInQuery(endpoint) ? request.query : request.body;
  const base = source && typeof source === 'object' && !Array.isArray(source) ? source : {};
  const params = request.params as Record<string, unknown>;
  return { ...base, ...Object.fromEntries(pathParams(endpoint.path).map((name) => [name, params[name]])) };
}

/**
 * Registers the one handler of a contracts endpoint: the user for `user` endpoints (401 first),
 * the step-up proof for `stepUp` endpoints (403 step_up_required), input parsed with its schema before the handler (400 with message keys), the caller's context,
 * and the answer in the `{ result }` envelope (unless the endpoint says `envelope: false`).
 */
export function handle<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>) {
  app.endpoints.push(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      // The bearer token first: a caller without one learns nothing about the input rules (401).
      const who = endpoint.auth === 'user' ? await app.authenticateUser(request) : undefined;
      const caller = callerContext(request);
      // Then the step-up proof of a change to how the account signs in or recovers (403).
      if (endpoint.stepUp && who) await app.requireStepUp({ ...who, caller });
      const input = parseInput(endpoint.input, rawInput(endpoint, request)) as ParsedInputOf<E>;
      const ctx = { caller, request, reply, ...who } as HandlerContext<E>;
      // Like a guard on the way out: only what the contract lists leaves the server.
      const result = endpoint.output.parse(await handler(input, ctx)) as OutputOf<E>;
      // A callback a browser navigated to is sent on (contracts/src/endpoint.ts `redirect`).
      if (endpoint.redirect) return reply.redirect((result as { location: string }).location, 303);
      return endpoint.envelope === false ? result : { result };
    },
  });
}
