import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isEmbedded, isEmbeddedPath, rememberEmbedded } from './detect';

/** Whether the current page runs embedded (an embedded route, ?embedded=1, a tab marked so, an iframe). */
export const useEmbedded = (): boolean => {
  const { pathname, search } = useLocation();
  return isEmbedded(pathname, search);
};

/** Marks (or unmarks, ?embedded=0) this tab as embedded as the URL says: run once, at the root. */
export const useRememberEmbedded = (): void => {
  const { pathname, search } = useLocation();
  useEffect(() => rememberEmbedded(pathname, search), [pathname, search]);
};

/**
 * Whether this page is an embedded route (/info, /change-password, /address ...): the page's own
 * embedded variant (edit mode at once, no forgot link, the select action), not only hidden chrome.
 */
export const useEmbeddedRoute = (): boolean => isEmbeddedPath(useLocation().pathname);
