import { LOGIN_INFO_COOKIE } from '@portico/contracts';
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies';

// The login info of spec sign-in §3 ("Cookies: login info (username, times, method)"): a sign-in
// code sent for a name is remembered in this browser, so a reload of the login page opens the
// code step again with the countdown that is left instead of asking for the name and a new code.

export { LOGIN_INFO_COOKIE };

/** Spec §9: sign-in entries older than 60 minutes are stale. */
const STALE_MS = 60 * 60 * 1000;

export type LoginInfo = {
  username: string;
  method: 'otp';
  /** The code's channel when the name has several (email, phone). */
  otpType?: string;
  /** When a new code may be sent (ms since epoch): the countdown's end. */
  times: number;
  /** When the code was sent. */
  sentAt: number;
};

export function saveLoginInfo(info: Omit<LoginInfo, 'method' | 'sentAt'>, now = Date.now()) {
  writeCookie(LOGIN_INFO_COOKIE, JSON.stringify({ ...info, method: 'otp', sentAt: now } satisfies LoginInfo));
}

/** The login info of this browser, if it is well formed and not stale; a stale or broken one is removed. */
export function readLoginInfo(now = Date.now()): LoginInfo | null {
  const raw = readCookie(LOGIN_INFO_COOKIE);
  if (!raw) return null;
  let info: Partial<LoginInfo> | null = null;
  try {
    info = JSON.parse(raw) as Partial<LoginInfo>;
  } catch {
    info = null;
  }
  const fresh =
    info &&
    typeof info.username === 'string' &&
    info.username !== '' &&
    info.method === 'otp' &&
    typeof info.times === 'number' &&
    typeof info.sentAt === 'number' &&
    now - info.sentAt < STALE_MS;
  if (!fresh) {
    clearLoginInfo();
    return null;
  }
  return info as LoginInfo;
}

export const clearLoginInfo = () => deleteCookie(LOGIN_INFO_COOKIE);
