import { recoveryEndpoints as E, type InputOf, type RecoveryClaimInput } from '@portico/contracts';
import { call } from '../../api/endpoint';

// Recovery ways (spec account §7 Recovery claims; contracts/src/recovery.ts), behind the bearer token.

export const RECOVERY_QUERY_KEY = ['account', 'recovery-claims'] as const;

export const listRecoveryClaims = () => call(E.list, {});

/** Sets one recovery way with the code sent to it ('' removes it); answers both. */
export const saveRecoveryClaim = (input: RecoveryClaimInput) => call(E.update, input);

/** Sends the code that confirms an address before it becomes a recovery way. */
export const sendRecoveryCode = (input: InputOf<typeof E.sendCode>) => call(E.sendCode, input);
