import { type Banner, blockIdSchema, brandingEndpoints, interactionUid } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { call } from '../api/endpoint';
import { useLocale } from '../hooks/useLocale';
import { interactionQuery } from '../queries/interaction';
import { useAppSettings } from './useAppSettings';

/**
 * What the public pages' banner shows (contracts/src/branding.ts): the brand of the product that
 * sent the person here — the pending sign-in's client (its details carry the brand, read from the
 * login page's own copy), else the `?block=` of a page without one — in the page's language, else
 * the portal's name and mark (logo null).
 */
export function useBrand(): Banner {
  const { settings } = useAppSettings();
  const { locale } = useLocale();
  const [search] = useSearchParams();
  // A pending sign-in's own client decides: a `?block=` beside it could dress one product's sign-in
  // in another's brand, so it counts only on a page without one.
  const uid = interactionUid(search.get('ReturnUrl') ?? search.get('returnUrl') ?? '');
  const asked = blockIdSchema.safeParse(search.get('block'));
  const block = uid === null && asked.success ? asked.data : null;
  const interaction = useQuery({ ...interactionQuery(uid ?? ''), enabled: uid !== null });
  const common = useQuery({
    queryKey: ['common-data', block, 'banner'],
    queryFn: () => call(brandingEndpoints.commonData, { block: block ?? undefined, code: 'banner' }),
    enabled: block !== null,
    staleTime: 60_000,
  });
  const data = uid !== null ? interaction.data?.brand : common.data?.data;
  return data?.[locale].banner ?? { name: settings.productName, logo: null };
}
