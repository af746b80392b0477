import {
  type AdminPermission,
  type Endpoint,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  inputInQuery,
  type OutputOf,
  type ParsedInputOf,
  type ProductScope,
  pathParams,
} from '@portico/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallerContext } from '../lib/caller.js';
import { badRequest, forbidden, parseInput } from '../lib/errors.js';
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

/** The caller of a `product` endpoint: a back-office client, or a person of the back office. */
export type ProductContext = {
  /** The client's id, or `user:<id>` for a person calling with their own sign-in (their groups' permissions). */
  clientId: string;
  /** The person, when a person of the back office calls with their own sign-in. */
  userId?: string;
  /** That person's sign-in, for the step-up proof their changes need (enter, below). */
  person?: UserContext;
  /** The token's scopes that its client is still configured for. */
  scopes: readonly ProductScope[];
};

/** The operator of an `admin` endpoint: their own portal sign-in, and the admin permissions their groups hold. */
export type AdminContext = UserContext & { permissions: readonly AdminPermission[] };

export type HandlerContext<E extends Endpoint> = {
  caller: CallerContext;
  request: FastifyRequest;
  /** For the few answers that set a cookie (the sign-in steps, server/src/modules/sign-in/cookies.ts). */
  reply: FastifyReply;
} & (E['auth'] extends 'user'
  ? UserContext & {
      /** A child's account waiting for its guardian (server/src/modules/guardian): only `whileAwaitingGuardian` endpoints get here. */
      awaitsGuardian: boolean;
    }
  : E['auth'] extends 'product'
    ? { product: ProductContext; user?: undefined }
    : E['auth'] extends 'admin'
      ? { admin: AdminContext; user?: undefined }
      : { user?: undefined }) &
  (E['idempotent'] extends true ? { idempotencyKey: string } : { idempotencyKey?: undefined });

/** What a handler returns: the output schema's input side; `handle` parses it, dropping unlisted fields. */
export type Handler<E extends Endpoint> = (input: ParsedInputOf<E>, ctx: HandlerContext<E>) => Promise<ResultOf<E>>;
type ResultOf<E extends Endpoint> = z.input<E['output']>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks the bearer token of a `user` endpoint (server/src/features/auth/bearer.ts); 401 otherwise. */
    authenticateUser(request: FastifyRequest): Promise<UserContext>;
    /** Checks a product's client-credentials token for the scope (server/src/features/auth/product.ts); 401, or 403 without the scope. */
    authenticateProduct(request: FastifyRequest, scope: ProductScope): Promise<ProductContext>;
    /** Checks an operator's portal token and that their groups hold the permission (server/src/features/auth/admin.ts); 401, or 403. */
    authenticateAdmin(request: FastifyRequest, permission: AdminPermission): Promise<AdminContext>;
    /** 403 step_up_required unless a step-up proof holds for this sign-in (server/src/modules/sign-in/step-up.ts). */
    requireStepUp(who: UserContext & { caller: CallerContext }): Promise<void>;
    /** Whether a child's account still waits for its guardian's consent (server/src/modules/guardian/rule.ts). */
    awaitsGuardian(user: User): Promise<boolean>;
    /** Which of the people a product's call is about still wait (unknown ids do not; the handler says not_found). */
    waitingAmong(userIds: readonly string[]): Promise<Set<string>>;
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
 * A person of the back office acts on other people's accounts only: never approves their own
 * identity check, awards themselves points nor makes themselves an order (403).
 */
export function refuseOwnAccount(product: ProductContext, userId: string) {
  if (product.userId !== undefined && product.userId === userId) throw forbidden();
}

/**
 * A `product` endpoint's scope. One defined without a scope, or outside /api/product/ (whose
 * answers are no-store: server/src/http/security-headers.ts), is a programming error, caught at
 * registration.
 */
function scopeOf(endpoint: Endpoint): ProductScope {
  if (!endpoint.scope || !endpoint.path.startsWith('/api/product/'))
    throw new Error(
      `${endpoint.method} ${endpoint.path}: a product endpoint has a scope and lives under /api/product/`,
    );
  return endpoint.scope;
}

/**
 * An `admin` endpoint's permission. One without a permission, or outside /api/admin/ (no-store),
 * is a programming error, caught at registration.
 */
function permissionOf(endpoint: Endpoint): AdminPermission {
  if (!endpoint.permission || !endpoint.path.startsWith('/api/admin/'))
    throw new Error(
      `${endpoint.method} ${endpoint.path}: an admin endpoint has a permission and lives under /api/admin/`,
    );
  return endpoint.permission;
}

/** The Idempotency-Key of an `idempotent` endpoint's request (contracts/src/endpoint.ts); 400 without a well-formed one. */
function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw badRequest('idempotency_key_required');
  return key;
}

/**
 * The door every endpoint's request passes, in this order: the bearer token (a caller without
 * one learns nothing about the input rules: 401), the step-up proof of a change to how the account
 * signs in or recovers (403), the input parsed with its schema (400 with message keys).
 */
async function enter<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ input: ParsedInputOf<E>; ctx: HandlerContext<E> }> {
  const who = endpoint.auth === 'user' ? await app.authenticateUser(request) : undefined;
  const product = endpoint.auth === 'product' ? await app.authenticateProduct(request, scopeOf(endpoint)) : undefined;
  const admin = endpoint.auth === 'admin' ? await app.authenticateAdmin(request, permissionOf(endpoint)) : undefined;
  const caller = callerContext(request);
  // A child's account waiting for its guardian reaches only the guardian page's calls, who it is,
  // signing out and deleting itself (contracts/src/guardian.ts); an adult's costs no query.
  const awaitsGuardian = who ? await app.awaitsGuardian(who.user) : false;
  if (awaitsGuardian && !endpoint.whileAwaitingGuardian) throw forbidden('guardian_consent_required');
  // Nor does it call the back office with its own sign-in, whatever groups it is in.
  if (product?.person && (await app.awaitsGuardian(product.person.user))) throw forbidden('guardian_consent_required');
  // A person's change to their sign-in, an operator's change to anyone's, or a change a person of
  // the back office makes with their own sign-in (the console's lookups, groups, KYC reviews): a
  // fresh proof of that person, never their session alone (contracts/src/step-up.ts). A product's
  // own client-credentials token has no person and needs none.
  const backOfficeChange = product?.person && endpoint.method !== 'GET' ? product.person : undefined;
  const person = endpoint.stepUp ? (who ?? admin) : backOfficeChange;
  if (person) await app.requireStepUp({ ...person, caller });
  const idempotencyKey = endpoint.idempotent ? idempotencyKeyOf(request) : undefined;
  const input = parseInput(endpoint.input, rawInput(endpoint, request)) as ParsedInputOf<E>;
  // A product's call about a child whose guardian has not consented (docs/children.md).
  const personId = product ? personInInput(endpoint, input) : undefined;
  if (personId !== undefined && (await app.waitingAmong([personId])).size) throw forbidden('guardian_consent_required');
  return {
    input,
    ctx: {
      caller,
      request,
      reply,
      ...who,
      ...(who && { awaitsGuardian }),
      ...(product && { product }),
      ...(admin && { admin }),
      idempotencyKey,
    } as HandlerContext<E>,
  };
}

/**
 * Registers the one handler of a contracts endpoint: the user for `user` endpoints (401 first),
 * the step-up proof for `stepUp` endpoints (403 step_up_required), input parsed with its schema before the handler (400 with message keys), the caller's context,
 * and the answer in the `{ result }` envelope (unless the endpoint says `envelope: false`).
 */
export function handle<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>) {
  if (endpoint.auth === 'product') scopeOf(endpoint);
  // The answer is checked after the handler ran: only a read may be refused then.
  if (endpoint.answerPerson && endpoint.method !== 'GET') throw new Error(`${endpoint.path}: answerPerson on a change`);
  if (endpoint.auth === 'admin') permissionOf(endpoint);
  app.endpoints.push(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      const { input, ctx } = await enter(app, endpoint, request, reply);
      // Like a guard on the way out: only what the contract lists leaves the server.
      const answer = endpoint.output.parse(await handler(input, ctx)) as OutputOf<E>;
      const result =
        endpoint.auth === 'product' && endpoint.answerPerson ? await holdBackWaiting(app, endpoint, answer) : answer;
      // A callback a browser navigated to is sent on (contracts/src/endpoint.ts `redirect`).
      if (endpoint.redirect) return reply.redirect((result as { location: string }).location, 303);
      return endpoint.envelope === false ? result : { result };
    },
  });
}

/** The person a product's call names in its input (contracts/src/endpoint.ts `person`). */
function personInInput(endpoint: Endpoint, input: unknown): string | undefined {
  const { person } = endpoint;
  const id = person === 'userId' ? (input as Record<string, unknown>).userId : person?.of(input);
  return typeof id === 'string' ? id : undefined;
}

/**
 * The rule on the way out (contracts/src/endpoint.ts `answerPerson`): an answer about a waiting
 * child is 403 guardian_consent_required, a list leaves them out.
 */
async function holdBackWaiting<T>(app: FastifyInstance, endpoint: Endpoint, answer: T): Promise<T> {
  const field = endpoint.answerPerson as string;
  const items = (Array.isArray(answer) ? answer : [answer]) as Record<string, unknown>[];
  const waiting = await app.waitingAmong(items.map((item) => String(item[field])));
  if (!waiting.size) return answer;
  if (!Array.isArray(answer)) throw forbidden('guardian_consent_required');
  return items.filter((item) => !waiting.has(String(item[field]))) as T;
}

/** Sends one event down an open stream (its data parsed with the endpoint's output schema). */
export type StreamSend<E extends Endpoint> = (event: z.input<E['output']>) => void;
/** What a stream's opener gives back: called once when the stream ends (the page left, the server stops). */
export type StreamClose = () => void | Promise<void>;
/**
 * Opens a stream: may throw (an AppError answers as JSON, like any endpoint) until it returns;
 * `send` queues events until the stream's head is written, `end` closes the stream.
 */
export type StreamOpener<E extends Endpoint> = (
  input: ParsedInputOf<E>,
  ctx: HandlerContext<E>,
  stream: { send: StreamSend<E>; end: () => void },
) => Promise<StreamClose>;

/** A comment line this often keeps proxies and the browser from dropping an idle stream. */
const STREAM_HEARTBEAT_MS = 25_000;
/** How soon a browser's EventSource reconnects after a drop (the stream's `retry:` line). */
const STREAM_RETRY_MS = 3_000;

/**
 * Registers a `stream` endpoint (contracts/src/endpoint.ts; the hub, ADR 006): the same door as
 * `handle` (bearer, input parsed, caller context, errors as JSON), then a text/event-stream answer
 * that stays open. Every open stream is ended when the server closes, so a shutdown does not wait
 * for pages that would never leave.
 */
export function handleStream<E extends Endpoint>(app: FastifyInstance, endpoint: E, open: StreamOpener<E>) {
  if (!endpoint.stream) throw new Error(`${endpoint.path} is not a stream endpoint`);
  app.endpoints.push(endpoint);
  const live = new Set<() => void>();
  // Closing: open streams end now, and one still opening ends as soon as it is open.
  let closing = false;
  // A draining copy (server/src/http/drain.ts) ends them too: the browsers reconnect after
  // `retry:` and the balancer, which no longer sends here, gives them another copy.
  const endAll = () => {
    closing = true;
    for (const end of [...live]) end();
  };
  app.drain.onStart(endAll);
  app.addHook('preClose', async () => endAll());
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      const { input, ctx } = await enter(app, endpoint, request, reply);
      const raw = reply.raw;
      const queued: string[] = [];
      let started = false;
      let ended = false;
      const write = (chunk: string) => {
        if (!ended) raw.write(chunk);
      };
      const send: StreamSend<E> = (event) => {
        const line = `data: ${JSON.stringify(endpoint.output.parse(event))}\n\n`;
        if (started) write(line);
        else queued.push(line);
      };
      let close: StreamClose | undefined;
      let heartbeat: NodeJS.Timeout | undefined;
      const end = () => {
        if (ended) return;
        ended = true;
        live.delete(end);
        clearInterval(heartbeat);
        if (started) raw.end();
        void Promise.resolve(close?.()).catch((err) => request.log.warn({ err }, 'closing a stream'));
      };
      close = await open(input, ctx, { send, end });
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // nginx and similar proxies pass the events on as they come instead of buffering them.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.write(`retry: ${STREAM_RETRY_MS}\n\n`);
      for (const line of queued.splice(0)) raw.write(line);
      started = true;
      // Ended while opening (the key's state was final): the events are out, the stream closes.
      if (ended) {
        raw.end();
        await Promise.resolve(close()).catch((err) => request.log.warn({ err }, 'closing a stream'));
        return;
      }
      heartbeat = setInterval(() => write(': ping\n\n'), STREAM_HEARTBEAT_MS);
      live.add(end);
      // The answer's close (the page left, the connection dropped); the request's own 'close'
      // fires once its body is read, which for a GET is at once.
      raw.on('close', end);
      raw.on('error', end);
      if (raw.destroyed || closing) end();
    },
  });
}
