// Spec sign-in §9: "Stale sign-in local-storage entries (except the user entry) are removed when
// older than 60 minutes, checked every 60 seconds." The entries are oidc-client-ts's sign-in
// states (`oidc.<state>`, web/src/session/oidc.ts keeps them in localStorage), one per sign-in
// redirect that was started; one never finished (a closed tab, a failed page) stays behind.

export const STALE_SIGN_IN_SECONDS = 60 * 60;
export const STALE_CHECK_MS = 60 * 1000;
const USER_ENTRY = 'oidc.user:';

/** Removes the sign-in states older than STALE_SIGN_IN_SECONDS (or unreadable); answers how many went. */
export function removeStaleSignInEntries(
  storage: Storage | undefined = globalThis.localStorage,
  nowSeconds = Date.now() / 1000,
): number {
  if (!storage) return 0;
  let removed = 0;
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k !== null && k.startsWith('oidc.') && !k.startsWith(USER_ENTRY),
    );
    for (const key of keys) {
      let created: unknown;
      try {
        created = (JSON.parse(storage.getItem(key) ?? '') as { created?: unknown }).created;
      } catch {
        created = undefined;
      }
      if (typeof created === 'number' && nowSeconds - created < STALE_SIGN_IN_SECONDS) continue;
      storage.removeItem(key);
      removed++;
    }
  } catch {
    // storage unavailable (private mode, sandboxed frame)
  }
  return removed;
}
