import { createContext, useCallback, useContext } from 'react';
import { matchPath } from 'react-router';

// The route table's paths (without language prefix), provided by routes.tsx, so menus can link
// only to pages that exist without importing the table itself (no import cycle).
export const KnownRoutesContext = createContext<readonly string[]>([]);

export const isKnownPath = (patterns: readonly string[], path: string): boolean => {
  const pathname = path.split(/[?#]/)[0] || '/';
  return patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
};

/** `(path) => boolean`: whether a prefix-less path is a route of the table. */
export const useIsKnownPath = (): ((path: string) => boolean) => {
  const patterns = useContext(KnownRoutesContext);
  return useCallback((path: string) => isKnownPath(patterns, path), [patterns]);
};
