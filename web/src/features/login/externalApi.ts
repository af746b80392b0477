import { type ExternalDetailsInput, externalLoginEndpoints as e } from '@portico/contracts';
import { call } from '../../api/endpoint';
import type { SocialProof } from '../../components/SocialButtons';

// Sign-in through Google, Facebook and Zalo (contracts/src/external-login.ts).

export const externalLogin = (proof: SocialProof, returnUrl: string, campaignId?: string | null) =>
  call(e.login, { ...proof, returnUrl }, { query: { campaignId: campaignId || undefined } });

export const zaloStart = (returnUrl: string, campaignId?: string | null) =>
  call(e.zaloStart, { returnUrl }, { query: { campaignId: campaignId || undefined } });

export const externalPending = (returnUrl: string) => call(e.pending, { returnUrl });

export const externalDetails = (input: ExternalDetailsInput) => call(e.details, input);
