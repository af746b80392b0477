import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.js';
import { forbidden } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Defence in depth against cross-site requests that ride on the browser's cookies (issue 24
 * point 9): the API takes JSON only (no form or text parser, so an HTML form posted from
 * another site gets 415), and a state change under /api that carries no bearer token (the sign-in
 * steps, bound to the interaction and second-step cookies) is refused with 403 when the browser
 * says it comes from elsewhere: `Sec-Fetch-Site` other than same-origin (a sibling subdomain is
 * `same-site`, and SameSite=Lax cookies go there too) or an `Origin` that is not PUBLIC_URL's.
 * Bearer calls carry their own proof and may come from a first-party app on another origin.
 */
export function refuseCrossSiteWrites(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'NODE_ENV'>) {
  const own = new URL(config.publicUrl).origin;
  // `npm run dev`: the Vite dev server on another localhost port proxies /api (web/vite.config.ts).
  const devServer = (origin: string) =>
    config.NODE_ENV === 'development' && /^http:\/\/(localhost|127\.0\.0\.1):\d+$/.test(origin);
  // Fastify reads text/plain bodies by default: a form with enctype=text/plain is the classic way
  // to post JSON-looking text across sites. JSON (and the uploads' multipart) only.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // Bearer calls only (server/src/features/auth/bearer.ts reads the same scheme).
    if (/^Bearer\s/i.test(request.headers.authorization ?? '')) return;
    const origin = request.headers.origin;
    if (origin && devServer(origin)) return;
    const site = request.headers['sec-fetch-site'];
    if ((site && site !== 'same-origin' && site !== 'none') || (origin && origin !== own)) throw forbidden();
  });
}
