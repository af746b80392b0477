import { createHash, randomBytes } from 'node:crypto';
import type { SignInCookies } from './cookies.js';

/**
 * The cookie that names this browser to the new-sign-in alerts (issue 32 point 6): a random key,
 * the same for every account signed in on it; the database keeps only its SHA-256
 * (server/src/modules/devices/known-browsers.ts). 400 days, Chromium's longest cookie life.
 */
export const BROWSER_COOKIE = 'portico_browser';
const BROWSER_COOKIE_SECONDS = 400 * 86_400;
const KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * The hash of this browser's key, after giving the browser one if it had none (or a malformed
 * one). Each sign-in sets the cookie again, so a browser in use keeps its key.
 */
export function browserKeyHash(cookies: SignInCookies): string {
  const given = cookies.get(BROWSER_COOKIE);
  const key = given && KEY.test(given) ? given : randomBytes(32).toString('base64url');
  cookies.set(BROWSER_COOKIE, key, BROWSER_COOKIE_SECONDS);
  return createHash('sha256').update(key).digest('base64url');
}
