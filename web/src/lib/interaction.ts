import { stripLocalePrefix } from '@portico/contracts/locales';

export { interactionUid } from '@portico/contracts/pages';

/**
 * A path of this site: one slash, then not a second one or a backslash (`//evil.example` and
 * `/\evil.example` are other sites to a browser), and no control character.
 */
export const isSameSitePath = (path: string): boolean =>
  path.startsWith('/') &&
  !path.startsWith('//') &&
  !path.startsWith('/\\') &&
  ![...path].some((c) => (c.codePointAt(0) ?? 0) < 0x20);

/**
 * Where to end up: the ReturnUrl / returnUrl / redirect_uri query when it is a same-site path
 * that is not an authorize request (spec §4), else /account.
 */
export const wantedPath = (search: URLSearchParams, fallback = '/account'): string => {
  const raw = search.get('ReturnUrl') ?? search.get('returnUrl') ?? search.get('redirect_uri') ?? '';
  return isSameSitePath(raw) && !/authorize/i.test(raw) ? raw : fallback;
};

/**
 * The page to end up on, without its language prefix (what a sign-in's state keeps): checked again
 * once the prefix is gone, since `/en-us/\evil.example` stripped is another site.
 */
export const wantedPagePath = (search: URLSearchParams, fallback = '/account'): string => {
  const path = stripLocalePrefix(wantedPath(search, fallback));
  return isSameSitePath(path) ? path : fallback;
};
