export { interactionUid } from '@portico/contracts/pages';

/**
 * Where to end up: the ReturnUrl / returnUrl / redirect_uri query when it is a same-site path
 * that is not an authorize request (spec §4), else /account.
 */
export const wantedPath = (search: URLSearchParams, fallback = '/account'): string => {
  const raw = search.get('ReturnUrl') ?? search.get('returnUrl') ?? search.get('redirect_uri') ?? '';
  const sameSite = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\');
  return sameSite && !/authorize/i.test(raw) ? raw : fallback;
};
