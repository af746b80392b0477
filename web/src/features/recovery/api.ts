import { ACCOUNT_PATHS, type RecoveryClaim, type RecoveryClaimInput } from '@portico/contracts';
import { api } from '../../api/client';

// Recovery ways (spec account §7 Recovery claims), behind the bearer token.

export const RECOVERY_QUERY_KEY = ['account', 'recovery-claims'] as const;

export const listRecoveryClaims = () => api.get<RecoveryClaim[]>(ACCOUNT_PATHS.recoveryClaims);

/** Sets one recovery way ('' removes it); answers both. */
export const saveRecoveryClaim = (input: RecoveryClaimInput) =>
  api.post<RecoveryClaim[]>(ACCOUNT_PATHS.recoveryClaims, input);
