import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The cookies of the sign-in steps (the owed second step, remembered browsers), as the sign-in
 * module sees them: read, set, clear. Every one is HttpOnly, SameSite=Lax, Secure when the portal
 * is served over https, and scoped to /api/account, where the sign-in calls live.
 */
export type SignInCookies = {
  get(name: string): string | undefined;
  set(name: string, value: string, maxAgeSeconds: number): void;
  clear(name: string): void;
};

export const SIGN_IN_COOKIE_PATH = '/api/account';

export function signInCookies(request: FastifyRequest, reply: FastifyReply, secure: boolean): SignInCookies {
  const options = { path: SIGN_IN_COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    get: (name) => request.cookies[name],
    set: (name, value, maxAge) => {
      reply.setCookie(name, value, { ...options, maxAge });
    },
    clear: (name) => {
      reply.clearCookie(name, options);
    },
  };
}

/** A jar for callers without a browser (tests, internal calls): nothing is read, writes are kept in memory. */
export function memoryCookies(
  initial: Record<string, string> = {},
): SignInCookies & { values: Record<string, string> } {
  const values = { ...initial };
  return {
    values,
    get: (name) => values[name],
    set: (name, value) => {
      values[name] = value;
    },
    clear: (name) => {
      delete values[name];
    },
  };
}
