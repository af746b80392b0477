import { checkoutUrlFor } from '@portico/contracts';
import { useNavigate } from 'react-router';
import { useLocale } from '../../hooks/useLocale';
import { useAppSettings } from '../../settings';

/** Pay opens the payment site's checkout (spec §4): Portico's own page, or another site's address (configs.checkoutUrl). */
export function useOpenCheckout() {
  const { settings } = useAppSettings();
  const navigate = useNavigate();
  const { to } = useLocale();
  return (orderId: number) => {
    const target = checkoutUrlFor(settings.configs.checkoutUrl, orderId);
    if (/^https?:\/\//.test(target)) window.location.assign(target);
    else navigate(to(target));
  };
}
