import type { FastifyInstance, FastifyRequest } from 'fastify';

// oidc-provider's `_interaction` cookie names the pending sign-in of this browser, but its path
// is /login, so the sign-in API under /api never sees it. When the browser loads the login page,
// the uid is copied into a cookie the API does receive; completing a sign-in requires it, so a
// link to someone else's interaction cannot be completed in another browser.
export const BINDING_COOKIE = 'portico_ix';
const LOGIN_PAGES = new Set(['/login', '/en-us/login']);

export function bindInteractionToBrowser(app: FastifyInstance, opts: { secure: boolean; maxAgeSeconds: number }) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const path = request.url.split('?')[0] ?? '';
    const uid = request.cookies._interaction;
    if (!LOGIN_PAGES.has(path) || !uid || !/^[\w-]{10,64}$/.test(uid)) return;
    reply.setCookie(BINDING_COOKIE, uid, {
      path: '/api/account',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secure,
      maxAge: opts.maxAgeSeconds,
    });
  });
}

export const boundInteractionOf = (request: FastifyRequest): string | null => request.cookies[BINDING_COOKIE] ?? null;
