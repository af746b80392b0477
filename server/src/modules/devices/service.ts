import type Provider from 'oidc-provider';
import type { AppDeps } from '../../deps.js';
import { insertActivity } from '../activity/index.js';
import { DEVICE_ACTIVITY } from './activity.js';
import { linkDeviceToSession, listSessionDevices, markSessionsLoggedOut, touchDevices } from './queries.js';

const TOUCH_EVERY_SECONDS = 60;

/**
 * Ties recorded devices to provider sessions: a device is written when a sign-in completes
 * (keyed by its interaction); when the browser resumes that interaction the provider knows the
 * session, and when the session ends at the end-session endpoint the device is marked logged out.
 */
export function trackDeviceSessions(provider: Provider, { database, log }: AppDeps) {
  const run = (what: string, work: Promise<unknown>) =>
    work.catch((err: unknown) => log.error({ err }, `device tracking: ${what} failed`));

  provider.on('interaction.ended', (ctx) => {
    const interactionUid = ctx.oidc.entities.Interaction?.uid;
    const sessionUid = ctx.oidc.session?.uid;
    if (interactionUid && sessionUid) run('link', linkDeviceToSession(database.db, interactionUid, sessionUid));
  });
  provider.on('end_session.success', (ctx) => {
    const session = ctx.oidc.session as { uid?: string; destroyed?: boolean } | undefined;
    if (session?.uid && session.destroyed) run('logout', signedOut(database.db, session.uid));
  });
}

/** A browser signed out at the end-session endpoint: its devices are marked and the activity log says so. */
async function signedOut(db: AppDeps['database']['db'], sessionUid: string) {
  const ended = await listSessionDevices(db, sessionUid);
  await markSessionsLoggedOut(db, [sessionUid], new Date());
  for (const d of ended.filter((row) => !row.loggedOutAt)) {
    const device = [d.deviceName, d.browser].filter(Boolean).join(' · ');
    await insertActivity(db, { userId: d.userId, action: DEVICE_ACTIVITY.signOut, params: { device, ip: d.ip } });
  }
}

// Sessions this copy touched in the last minute, per key-value store (one per app), so that an
// API call asks Redis only once a minute per session instead of on every call.
const touchedHere = new WeakMap<AppDeps['kv'], Map<string, number>>();
const MAX_REMEMBERED = 50_000;

function touchedRecently(kv: AppDeps['kv'], sessionUid: string): boolean {
  const seen = touchedHere.get(kv) ?? new Map<string, number>();
  touchedHere.set(kv, seen);
  const now = Date.now();
  if ((seen.get(sessionUid) ?? 0) > now) return true;
  if (seen.size >= MAX_REMEMBERED) {
    for (const [uid, until] of seen) if (until <= now) seen.delete(uid);
    if (seen.size >= MAX_REMEMBERED) seen.clear();
  }
  seen.set(sessionUid, now + TOUCH_EVERY_SECONDS * 1000);
  return false;
}

/** Records that a session's tokens were used, at most once a minute per session. */
export async function touchDevice({ database, kv }: AppDeps, sessionUid: string | undefined) {
  if (!sessionUid || touchedRecently(kv, sessionUid)) return;
  // The kv counter (shared by every copy) spares the database a write on every API call.
  if ((await kv.incr(`device:touch:${sessionUid}`, TOUCH_EVERY_SECONDS)) !== 1) return;
  const now = new Date();
  await touchDevices(database.db, sessionUid, now, new Date(now.getTime() - TOUCH_EVERY_SECONDS * 1000));
}
