import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { deriveKey } from '../../lib/keys.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import type { SignInCookies } from './cookies.js';
import {
  deleteRememberedBrowser,
  deleteRememberedBrowsersOf,
  insertRememberedBrowser,
  listRememberedBrowserRows,
  type RememberedBrowser,
  useRememberedBrowser,
} from './queries.js';

/** A remembered browser skips the second sign-in step for this long (issue 11 point 4). */
export const REMEMBER_DEVICE_DAYS = 30;
const REMEMBER_SECONDS = REMEMBER_DEVICE_DAYS * 24 * 60 * 60;

/** One cookie per user, so two accounts remembered on a shared browser do not replace each other. */
export const rememberCookieName = (userId: string) =>
  `portico_rd_${createHash('sha256').update(userId).digest('base64url').slice(0, 16)}`;

export type { RememberedBrowser };

/**
 * "Remember this device" at the second sign-in step: a row per browser (server/src/db/schema.ts
 * rememberedBrowsers) and a cookie naming it, signed for its user with a key derived from the
 * encryption key. A cookie is worth something only while its row lives: forgetting is deleting
 * the row (the devices page; password change or reset, two-step turned off or reset, log out
 * everywhere: server/src/modules/sign-in/events.ts), which every server copy sees at once.
 */
export function createRememberedBrowsers(deps: Pick<AppDeps, 'database' | 'secrets'>, opts: { now?: () => Date } = {}) {
  const db = deps.database.db;
  const now = opts.now ?? (() => new Date());
  const key = deriveKey(deps.secrets.encryptionKey, 'remembered-browser');
  const sign = (userId: string, id: string) => createHmac('sha256', key).update(`${userId}.${id}`).digest('base64url');

  /** The row id a cookie names, when its signature is this user's. */
  function idFrom(userId: string, value: string | undefined): string | undefined {
    const [id, mac, extra] = (value ?? '').split('.');
    if (!id || !mac || extra !== undefined || id.length > 64) return undefined;
    const expected = Buffer.from(sign(userId, id));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
  }

  return {
    /** Remembers this browser for the user: a new row and its cookie. */
    async remember(userId: string, cookies: SignInCookies, client: { ip: string; userAgent: string }) {
      // A browser remembered already (a step-up, say) keeps one row: the old one goes.
      const earlier = idFrom(userId, cookies.get(rememberCookieName(userId)));
      if (earlier) await deleteRememberedBrowser(db, userId, earlier);
      const id = randomBytes(18).toString('base64url');
      const t = now();
      await insertRememberedBrowser(db, {
        id,
        userId,
        ...describeUserAgent(client.userAgent),
        ip: client.ip,
        createdAt: t,
        lastUsedAt: t,
        expiresAt: new Date(t.getTime() + REMEMBER_SECONDS * 1000),
      });
      cookies.set(rememberCookieName(userId), `${id}.${sign(userId, id)}`, REMEMBER_SECONDS);
    },

    /** Whether this browser is remembered for the user; a forgotten or forged cookie is cleared. */
    async isRemembered(userId: string, cookies: SignInCookies): Promise<boolean> {
      const name = rememberCookieName(userId);
      const value = cookies.get(name);
      if (!value) return false;
      const id = idFrom(userId, value);
      if (id && (await useRememberedBrowser(db, userId, id, now()))) return true;
      cookies.clear(name);
      return false;
    },

    /** The user's remembered browsers, most recently used first. */
    list: (userId: string) => listRememberedBrowserRows(db, userId, now()),

    /** Forgets one of the user's browsers; false when the user has no such browser. */
    forget: (userId: string, id: string) => deleteRememberedBrowser(db, userId, id),

    /** Forgets every browser of the user (`tx`: with the change that calls for it). */
    forgetAll: (userId: string, tx: Db = db) => deleteRememberedBrowsersOf(tx, userId, now()),
  };
}

export type RememberedBrowsers = ReturnType<typeof createRememberedBrowsers>;
