import { stripLocalePrefix } from '../i18n/locale';

// Embedded mode (spec: embedded/app modes): the portal runs inside a mobile app web view or an
// iframe. Then the marketing banner is hidden and results are reported to the host.

/** True when this window is framed by another page (a cross-origin top also counts). */
export const isInIframe = (win: Window = window): boolean => {
  try {
    return win.self !== win.top;
  } catch {
    return true; // reading top across origins can throw: we are framed
  }
};

/** Embedded by URL: a route under /app, or the query embedded=1 / iframe=1. */
export const isEmbeddedLocation = (pathname: string, search: string): boolean => {
  const path = stripLocalePrefix(pathname);
  if (path === '/app' || path.startsWith('/app/')) return true;
  const query = new URLSearchParams(search);
  return query.get('embedded') === '1' || query.get('iframe') === '1';
};

export const isEmbedded = (pathname: string, search: string, win?: Window): boolean =>
  isEmbeddedLocation(pathname, search) ||
  // No window: the server's first paint of the login page, drawn only where no frame is
  // (server/src/web/first-paint.ts).
  (typeof window !== 'undefined' && isInIframe(win ?? window));
