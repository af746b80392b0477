import type { LoginAnswer } from '@portico/contracts';
import type Provider from 'oidc-provider';
import type { AppDeps } from '../../deps.js';
import { campaignFor } from '../campaigns/index.js';
import { consentFor, finishInteraction, type Interaction } from './interaction.js';

/**
 * Every way to sign in; later issues add qr, prompt, google, facebook and the second factors.
 * token: an app's one-time login token (server/src/features/token-login/service.ts).
 */
export type SignInMethod = 'password' | 'otp' | 'token';

// RFC 8176 authentication method references, as the ID token's amr claim reports them. RFC 8176
// has none for a session handed over from an app, so token login says `token`: no relying party
// mistakes it for a factor this browser proved (a step-up asks again).
const AMR: Record<SignInMethod, string> = { password: 'pwd', otp: 'otp', token: 'token' };

/** Who is calling, as the sign-in routes see it. */
export type ClientInfo = {
  ip: string;
  userAgent: string;
  region: string | null;
  /** The interaction uid this browser opened the login page for (see interaction-binding.ts). */
  boundInteraction?: string | null;
};

export type SignInCompletion = {
  interaction: Interaction;
  userId: string;
  method: SignInMethod;
  rememberMachine: boolean;
  client: ClientInfo;
  campaignId?: unknown;
};

/**
 * The one path that finishes a sign-in, whatever the method: it stores the login (and, when
 * implied, the consent) on the OIDC interaction, publishes user.signedIn (the device and the
 * activity entry are its subscribers), and answers where the browser goes next. The browser follows redirectUrl with its own resume
 * cookie, which is what binds this result to the browser that started the authorization.
 */
export async function completeSignIn(deps: AppDeps, provider: Provider, input: SignInCompletion): Promise<LoginAnswer> {
  const { interaction, userId, method, client } = input;
  const db = deps.database.db;
  const consent = await consentFor(provider, db, interaction, userId);
  await finishInteraction(interaction, {
    login: { accountId: userId, remember: input.rememberMachine, amr: [AMR[method]] },
    ...(consent ? { consent } : {}),
  });

  // The device record and the activity entry are subscribers (server/src/modules/devices/events.ts,
  // server/src/modules/activity/events.ts).
  const { ip, userAgent, region } = client;
  await db.transaction((tx) =>
    deps.events.publish('user.signedIn', {
      userId,
      interactionUid: interaction.uid,
      method,
      client: { ip, userAgent, region },
      tx,
    }),
  );

  return {
    isOk: true,
    isRegister: false,
    redirectUrl: interaction.returnTo,
    userInfo: null,
    userCampagin: await campaignFor(db, input.campaignId),
    requiresTwoFactor: false,
    userId,
  };
}
