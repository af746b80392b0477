import { isMessageKey, type MessageKey } from '@portico/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { isUnavailable } from '../db/errors.js';

/** An error a client caused: a 4xx status, the spec's message key, and per-field keys. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly messageKey: MessageKey,
    public readonly fieldErrors?: Record<string, MessageKey[]>,
    /** Seconds a refused caller should wait before trying again (429: the Retry-After header). */
    public readonly retryAfter?: number,
  ) {
    super(messageKey);
  }
}

// Keys are the catalogues' (contracts/src/i18n): an unknown key does not compile.
export const badRequest = (key: MessageKey, fieldErrors?: Record<string, MessageKey[]>) =>
  new AppError(400, key, fieldErrors);
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'not_found') => new AppError(404, key);
export const tooMany = (key: MessageKey = 'too_many_requests', retryAfter?: number) =>
  new AppError(429, key, undefined, retryAfter);

/**
 * Validates input with a contracts schema whose messages are message keys; failure is a 400
 * with every field's keys, the first one as the exception message.
 */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, MessageKey[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || '_';
    // Schemas name catalogue keys (contracts/src/schema-keys.test.ts checks them); zod's own texts are not keys.
    const key: MessageKey = isMessageKey(issue.message) ? issue.message : 'invalid_input';
    errors[field] = [...(errors[field] ?? []), key];
  }
  const first = Object.values(errors)[0]?.[0] ?? 'invalid_input';
  throw badRequest(first, errors);
}

/** The longest path parameter the router reads (a passkey's id, contracts/src/passkeys.ts, is the longest). */
export const PATH_PARAM_MAX = 1500;

/**
 * What the router itself refuses before any route (Fastify's `frameworkErrors`): a path that is not
 * valid percent-encoding, a parameter longer than PATH_PARAM_MAX. 400 invalid_input in the
 * envelope, never stored.
 */
export function answerFrameworkError(_err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(400)
    .header('cache-control', 'no-store')
    .send({ exception: { message: 'invalid_input' } });
}

/** Every error answers in the envelope; a 5xx never tells the client what went wrong inside. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfter !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfter))));
      return reply
        .status(err.status)
        .send({ exception: { message: err.messageKey }, ...(err.fieldErrors ? { errors: err.fieldErrors } : {}) });
    }
    // PostgreSQL or Redis away: the client may retry; the pool and the Redis client reconnect.
    if (isUnavailable(err)) {
      request.log.warn(`dependency unavailable: ${err.message}`);
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ exception: { message: 'service_unavailable' } });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ exception: { message: 'server_error' } });
    }
    // Fastify's own 4xx (bad JSON, an empty body, a body too large, an unsupported media type):
    // their status, and the catalogue's key for input that cannot be read.
    return reply.status(status).send({ exception: { message: 'invalid_input' } });
  });
}
