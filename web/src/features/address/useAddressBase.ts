import { useEmbeddedRoute } from '../../embed';
import { useLocale } from '../../hooks/useLocale';

/**
 * Where the address pages live: /account/address normally, /address in the embedded variant
 * (spec account §2: "the address base is /account/address/ normally and /address/ when embedded"),
 * with the language prefix.
 */
export function useAddressBase(): { base: string; to: (path: string) => string; embedded: boolean } {
  const embedded = useEmbeddedRoute();
  const { to } = useLocale();
  return { base: embedded ? '/address' : '/account/address', to, embedded };
}
