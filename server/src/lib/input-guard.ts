import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

// PostgreSQL refuses U+0000 in text and jsonb, so a null byte anywhere in a request used to
// fail deep inside a query as a 500. Input that can never be stored is refused at the door.

const NUL = '\u0000';

/** Whether any string (or object key) in a parsed value holds a null byte; walks without recursion. */
export function holdsNullByte(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes(NUL)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes(NUL)) return true;
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
