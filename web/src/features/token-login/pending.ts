import { TOKEN_LOGIN_CB_PATTERN, TOKEN_LOGIN_TTL_SECONDS } from '@portico/contracts';
import { tabStorage } from '../../lib/tabStorage';

// The token-login page starts the portal's own OIDC sign-in; the provider then opens the login
// page for the new interaction, which finishes it with the token (TokenLoginFinish). The token
// waits in this tab's sessionStorage, never in the authorization URL, for at most its lifetime.

const KEY = 'portico.tokenLogin';

export type PendingTokenLogin = { token: string; cb: string | null; at: number };

// Storage refused: the page shows the link as unusable.
const storage = tabStorage;

/** `cb` if it is a usable message name (contracts/src/token-login.ts), else null. */
export const validCb = (value: string | null): string | null =>
  value && TOKEN_LOGIN_CB_PATTERN.test(value) ? value : null;

export function savePendingTokenLogin(token: string, cb: string | null, now = Date.now()): boolean {
  const store = storage();
  if (!store) return false;
  store.setItem(KEY, JSON.stringify({ token, cb, at: now } satisfies PendingTokenLogin));
  return true;
}

/** The token-login this tab started, if it is younger than the token's lifetime. */
export function peekPendingTokenLogin(now = Date.now()): PendingTokenLogin | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingTokenLogin>;
    const fresh = typeof value.at === 'number' && now - value.at < TOKEN_LOGIN_TTL_SECONDS * 1000;
    if (fresh && typeof value.token === 'string')
      return { token: value.token, cb: validCb(value.cb ?? null), at: value.at as number };
  } catch {
    // not ours: dropped below
  }
  clearPendingTokenLogin();
  return null;
}

export function clearPendingTokenLogin(): void {
  storage()?.removeItem(KEY);
}
