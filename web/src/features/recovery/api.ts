import { recoveryEndpoints as E, type RecoveryClaimInput } from '@portico/contracts';
import { call } from '../../api/endpoint';

// Recovery ways (spec account §7 Recovery claims; contracts/src/recovery.ts), behind the bearer token.

export const RECOVERY_QUERY_KEY = ['account', 'recovery-claims'] as const;

export const listRecoveryClaims = () => call(E.list, {});

/** Sets one recovery way ('' removes it); answers both. */
export const saveRecoveryClaim = (input: RecoveryClaimInput) => call(E.update, input);
