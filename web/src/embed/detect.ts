import { EMBEDDED_PATHS, EMBEDDED_QUERY } from '@portico/contracts/embed';
import { EMBEDDED_COOKIE } from '@portico/contracts/pages';
import { stripLocalePrefix } from '../i18n/locale';
import { deleteCookie, writeCookie } from '../lib/cookies';
import { isSameSitePath } from '../lib/interaction';
import { tabStorage } from '../lib/tabStorage';

// Embedded mode (spec sign-in §1, account §1): the portal runs inside a mobile app web view or an
// iframe. Then the marketing banner and the account chrome are hidden and results go to the host
// (bridge.ts). A web view is told by the URL (an embedded route, or ?embedded=1), which it keeps for
// the tab: the sign-in it may need leaves through the provider and comes back without the query.

/** Where this tab remembers that it is embedded (sessionStorage: one web view, gone with it). */
const TAB_KEY = 'portico.embedded';
/** The server's copy of the mark (no first paint with a banner): about one app session. */
const EMBEDDED_COOKIE_SECONDS = 12 * 60 * 60;

/** True when this window is framed by another page (a cross-origin top also counts). */
export const isInIframe = (win: Window = window): boolean => {
  try {
    return win.self !== win.top;
  } catch {
    return true; // reading top across origins can throw: we are framed
  }
};

/** An embedded-only route (/app, /info, /address/3 ...), without the language prefix. */
export const isEmbeddedPath = (pathname: string): boolean => {
  const path = stripLocalePrefix(pathname);
  return EMBEDDED_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
};

/** Embedded by URL: an embedded route, or the query embedded=1 (iframe=1 too). */
export const isEmbeddedLocation = (pathname: string, search: string): boolean => {
  if (isEmbeddedPath(pathname)) return true;
  const query = new URLSearchParams(search);
  return query.get(EMBEDDED_QUERY) === '1' || query.get('iframe') === '1';
};

/** Keeps (embedded=1 or an embedded route) or drops (embedded=0) the tab's embedded mark. */
export const rememberEmbedded = (pathname: string, search: string, win?: Window): void => {
  const storage = tabStorage(win);
  if (!storage) return;
  if (isEmbeddedLocation(pathname, search)) {
    storage.setItem(TAB_KEY, '1');
    writeCookie(EMBEDDED_COOKIE, '1', EMBEDDED_COOKIE_SECONDS);
  } else if (unmarked(search)) {
    storage.removeItem(TAB_KEY);
    deleteCookie(EMBEDDED_COOKIE);
  }
};

const markedTab = (win?: Window): boolean => tabStorage(win)?.getItem(TAB_KEY) === '1';

/** ?embedded=0: this page is not embedded, whatever the tab said (the mark goes: rememberEmbedded). */
const unmarked = (search: string): boolean => new URLSearchParams(search).get(EMBEDDED_QUERY) === '0';

export const isEmbedded = (pathname: string, search: string, win?: Window): boolean =>
  isEmbeddedLocation(pathname, search) ||
  // No window: the server's first paint of the login page, drawn only where no frame is
  // (server/src/web/first-paint.ts).
  (typeof window !== 'undefined' && (isInIframe(win ?? window) || (!unmarked(search) && markedTab(win))));

/** Whether the page shown now is embedded (for code outside React: the toasts, web/src/lib/notify.ts). */
export const isEmbeddedNow = (win: Window = window): boolean =>
  isEmbedded(win.location.pathname, win.location.search, win);

/**
 * Where the /app wrapper continues once signed in (its `next`): an embedded route of this site
 * (`/address?x=1`, `/info`), its path normalised (no `..` out of it) and without a language
 * prefix; /app itself only bare (the wrapper's own page, never a token again); else null.
 */
export const embeddedDestination = (value: string | null): string | null => {
  if (!value || !isSameSitePath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://portal.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://portal.invalid') return null;
  const path = stripLocalePrefix(url.pathname);
  if (path === '/app') return '/app';
  if (!isSameSitePath(path) || !isEmbeddedPath(path) || path.startsWith('/app/')) return null;
  return `${path}${url.search}`;
};
