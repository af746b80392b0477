import type { IncomingMessage, ServerResponse } from 'node:http';
// `app.use` comes from @fastify/middie (registered in server/src/app.ts); its types are named here
// so this file type-checks in any program that includes it (bench/ reaches it through modules).
import type {} from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

// PostgreSQL refuses U+0000 in text and jsonb, and a lone UTF-16 surrogate in jsonb (JSON.stringify
// writes it as \ud800, which no Unicode text can hold), so such input used to fail deep inside a
// query as a 500. Input that can never be stored is refused at the door.

const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes(NUL) || LONE_SURROGATE.test(text);

/**
 * Whether any string (or object key) in a parsed value holds a null byte or a lone surrogate;
 * walks without recursion.
 */
export function holdsNullByte(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (unstorable(item)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (unstorable(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

// A null byte in a URL: raw (a client that skips the HTTP parser) or percent-encoded.
const nullByteInUrl = (url: string) => url.includes(NUL) || /%00/i.test(url);

/**
 * Refuses a null byte in the path, query, body or headers of every Fastify route with 400
 * `invalid_input`, and in the URL of oidc-provider's endpoints (mounted with middie under
 * /oidc, before Fastify parses anything) with the OAuth error `invalid_request`. Their
 * bodies reach the database only through oidc/adapter.ts, which refuses such values too.
 * Call before the routes and the /oidc mount are added.
 */
export function refuseNullBytes(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts = [request.params, request.query, request.body, request.headers];
    if (parts.some(holdsNullByte)) throw badRequest('invalid_input');
  });
  app.use('/oidc', (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
    if (!nullByteInUrl(req.originalUrl ?? req.url ?? '')) return next();
    res.statusCode = 400;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ error: 'invalid_request', error_description: 'invalid_input' }));
  });
}

declare module 'node:http' {
  interface IncomingMessage {
    originalUrl?: string;
  }
}
