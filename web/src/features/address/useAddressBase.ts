import { useLocation } from 'react-router';
import { useLocale } from '../../hooks/useLocale';
import { stripLocalePrefix } from '../../i18n/locale';

/**
 * Where the address pages live: /account/address normally, /address in the embedded variant
 * (spec account §2: "the address base is /account/address/ normally and /address/ when embedded"),
 * with the language prefix.
 */
export function useAddressBase(): { base: string; to: (path: string) => string } {
  const { pathname } = useLocation();
  const { to } = useLocale();
  const base = stripLocalePrefix(pathname).startsWith('/address') ? '/address' : '/account/address';
  return { base, to };
}
