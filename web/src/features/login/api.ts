import {
  authEndpoints,
  type InteractionDetails,
  interactionDetailsSchema,
  type LoginByOtpInput,
  type LoginInput,
} from '@portico/contracts';
import { call } from '../../api/endpoint';
import { inlineData } from '../../lib/inlineData';

// The sign-in calls of the login page (spec §7 "Login"), typed by contracts/src/auth.ts authEndpoints.

export const getInteraction = (uid: string) => call(authEndpoints.interaction, { uid });

/** The interaction's details the server wrote into this login page (server/src/web/static.ts), if for `uid`. */
export const inlineInteraction = (uid: string, doc: Document = document): InteractionDetails | undefined => {
  const details = inlineData('portico-interaction', interactionDetailsSchema, doc);
  return details?.uid === uid ? details : undefined;
};

export const answerConsent = (uid: string, approve: boolean) => call(authEndpoints.consent, { uid, approve });

export const loginCheck = (userName: string) => call(authEndpoints.loginCheck, { userName });

export const login = (input: LoginInput, campaignId?: string | null) =>
  call(authEndpoints.login, input, { query: { campaignId: campaignId || undefined } });

export const otpSupport = (userName: string) => call(authEndpoints.otpSupport, { userName });

export const sendLoginOtp = (username: string, captcha?: string) =>
  call(authEndpoints.sendLoginOtp, { username, captcha });

export const loginByOtp = (input: LoginByOtpInput) => call(authEndpoints.loginByOtp, input);
