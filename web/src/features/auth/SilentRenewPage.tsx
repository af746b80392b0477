import { useEffect } from 'react';
import { useAuth } from '../../session/OidcSession';

/** /silent-renew: an empty page in a hidden iframe that hands the answer to the parent. */
export function SilentRenewPage() {
  const manager = useAuth()?.manager;
  useEffect(() => {
    if (manager) void manager.signinSilentCallback().catch(() => undefined);
  }, [manager]);
  return null;
}

export default SilentRenewPage;
