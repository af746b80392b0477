import {
  GUARDIAN_REQUIRED_PAGE,
  type LoginAnswer,
  type LoginTwoFactorType,
  localePrefix,
  pickLocale,
} from '@portico/contracts';
import type Provider from 'oidc-provider';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { forbidden } from '../../lib/errors.js';
import { PORTAL_CLIENT_ID } from '../../oidc/clients.js';
import { campaignFor } from '../campaigns/index.js';
import { hasSignedInDevice } from '../devices/index.js';
import { inTransaction } from '../events/index.js';
import { createFlows } from '../flows/index.js';
import { createGuardianRule } from '../guardian/index.js';
import { createTwoFactor } from '../two-factor/index.js';
import { findUserById, isSuspended, type User } from '../users/index.js';
import { ACR_ONE_FACTOR, ACR_TWO_FACTOR, acrOf, amrOf, type FirstFactor, isTwoFactorsInOne } from './acr.js';
import { browserKeyHash } from './browser-key.js';
import type { SignInCookies } from './cookies.js';
import { consentFor, finishInteraction, type Interaction } from './interaction.js';
import { hasPasskey } from './queries.js';
import { createRememberedBrowsers } from './remembered.js';

/** Every way to sign in (the first factors of acr.ts). */
export type SignInMethod = FirstFactor;

/** Who is calling, as the sign-in routes see it: the caller, and this browser's sign-in state. */
export type ClientInfo = CallerContext & {
  /** The interaction uid this browser opened the login page for (see interaction-binding.ts). */
  boundInteraction?: string | null;
  /** The browser's sign-in cookies (cookies.ts); without them no second step can be bound to it. */
  cookies?: SignInCookies;
};

export type SignInCompletion = {
  interaction: Interaction;
  userId: string;
  method: SignInMethod;
  rememberMachine: boolean;
  client: ClientInfo;
  campaignId?: unknown;
  /** The first factor was a code sent to the account's e-mail: e-mail is then no second factor. */
  firstFactorByEmail?: boolean;
};

/** How long a browser may take over the second step after the first (issue 11: at most 5 minutes). */
export const SECOND_STEP_SECONDS = 5 * 60;
/** The cookie holding the owed second step's secret (the flow is found only with it and the interaction). */
export const SECOND_STEP_COOKIE = 'portico_2fa';
export const SECOND_STEP_KIND = 'sign_in_second_factor';

/** What the owed second step remembers of the first (the flow's data). */
export type SecondStepData = {
  firstFactor: FirstFactor;
  rememberMachine: boolean;
  campaignId?: string | number;
  /** The second factors offered, first the preselected one. */
  types: LoginTwoFactorType[];
  /** Only the second factor is owed: the session's account steps up (acr_values); its login stays. */
  stepUp?: boolean;
};

/** The acr values the authorization asked for (acr_values, or the client's default_acr_values). */
export function requestedAcrs(interaction: Interaction): string[] {
  const values = interaction.params.acr_values;
  return typeof values === 'string' ? values.split(' ').filter(Boolean) : [];
}

/** The relying party asks for two factors and would not take one (docs/configuration.md "Step-up"). */
export const asksTwoFactors = (interaction: Interaction) => {
  const asked = requestedAcrs(interaction);
  return asked.includes(ACR_TWO_FACTOR) && !asked.includes(ACR_ONE_FACTOR);
};

/**
 * The one path that finishes a sign-in, whatever the method. After a first factor it decides
 * whether a second is owed (two-step on and this browser not remembered, or the relying party
 * asks for two factors): then the interaction is not finished; the owed step is stored as a flow
 * bound to the interaction and to this browser's cookie, and the answer is requiresTwoFactor with
 * the types the account can pass (server/src/modules/sign-in/second-factor.ts takes it from
 * there). Otherwise, and after the second factor, finishSignIn completes it.
 */
export async function completeSignIn(deps: AppDeps, provider: Provider, input: SignInCompletion): Promise<LoginAnswer> {
  const { interaction, userId, client } = input;
  // A passkey proved two factors already: two-step and a relying party's step-up are both met.
  if (isTwoFactorsInOne(input.method)) return finishSignIn(deps, provider, { ...input, amr: amrOf(input.method) });
  const twoFactor = createTwoFactor(deps);
  const stepUp = asksTwoFactors(interaction);
  // A token login hands over an app's session, which passed the account's own sign-in (both
  // steps when two-step is on): it owes no second step unless a relying party asks for two factors.
  // So does a QR code: the account's signed-in phone scanned it, saw this browser and approved it.
  const handedOver = input.method === 'token' || input.method === 'qr';
  const enabled = !handedOver && (await twoFactor.isEnabled(userId));
  const remembered =
    enabled && !stepUp && client.cookies
      ? await createRememberedBrowsers(deps).isRemembered(userId, client.cookies)
      : false;
  if ((enabled && !remembered) || stepUp) {
    const types = await loginSecondFactorTypes(deps, userId, input.firstFactorByEmail === true, input.method);
    // Two-step on with nothing to offer cannot happen (enabling needs an authenticator); a step-up
    // the account cannot pass ends with a one-factor acr, which the relying party sees.
    // A caller without the browser's cookies (none today) could not be bound to a second step.
    if (types.length > 0 && client.cookies) {
      await refuseSuspended(deps, userId);
      return oweSecondFactor(deps, interaction, userId, client, {
        firstFactor: input.method,
        rememberMachine: input.rememberMachine,
        types,
        ...campaignData(input.campaignId),
      });
    }
  }
  return finishSignIn(deps, provider, { ...input, amr: amrOf(input.method), remembered });
}

/**
 * An account an operator suspended (the admin console) gets no sign-in, whatever the method: told
 * so only once its own proof (password, code, provider, approval) held, so nobody else learns it.
 */
async function refuseSuspended(deps: AppDeps, userId: string) {
  if (await isSuspended(deps.database.db, userId)) throw forbidden('account_suspended');
}

/**
 * A child's account waiting for its guardian (server/src/modules/guardian) signs in to the portal
 * only, to name them: a relying party's sign-in ends with `interaction_required`, after a page that
 * says why and offers the portal (contracts/src/guardian.ts GUARDIAN_REQUIRED_PAGE).
 */
async function refuseWaitingChild(
  deps: AppDeps,
  interaction: Interaction,
  user: User,
): Promise<LoginAnswer | undefined> {
  if (interaction.params.client_id === PORTAL_CLIENT_ID) return undefined;
  if (!(await createGuardianRule(deps).awaits(user))) return undefined;
  await finishInteraction(interaction, {
    error: 'interaction_required',
    error_description: 'a guardian has to consent before this account is used',
  });
  const locale = pickLocale(interaction.params.ui_locales as string | undefined);
  return {
    isOk: true,
    isRegister: false,
    redirectUrl: `${localePrefix(locale)}${GUARDIAN_REQUIRED_PAGE}?continue=${encodeURIComponent(interaction.returnTo)}`,
    userInfo: null,
    requiresTwoFactor: false,
    userId: user.id,
  };
}

const campaignData = (campaignId: unknown): { campaignId?: string | number } =>
  typeof campaignId === 'string' || typeof campaignId === 'number' ? { campaignId } : {};

/** The second factors the account can pass now (the two-factor module's methods), first the preselected one. */
export async function secondFactorTypes(
  deps: AppDeps,
  userId: string,
  excludeEmail: boolean,
): Promise<LoginTwoFactorType[]> {
  const methods = await createTwoFactor(deps).methods(userId);
  return methods
    .filter((m) => m.type === 'authenticator' || (m.type === 'email' && !excludeEmail))
    .map((m) => ({
      type: m.type as LoginTwoFactorType['type'],
      title: m.staticKey,
      ...(m.value ? { value: m.value } : {}),
    }));
}

/**
 * The second factors the account itself has at login step 3: its two-step methods
 * (secondFactorTypes) and, when it has one, a passkey (issue 32 point 1), so a relying party's
 * step-up of a one-factor session is met by a passkey as well.
 */
export async function ownLoginFactors(
  deps: AppDeps,
  userId: string,
  excludeEmail: boolean,
): Promise<LoginTwoFactorType[]> {
  const [own, passkey] = await Promise.all([
    secondFactorTypes(deps, userId, excludeEmail),
    hasPasskey(deps.database.db, userId),
  ]);
  if (!passkey) return own;
  // After the authenticator (two-step's own method, preselected) and before the e-mail code, which
  // needs a send: a passkey is quicker and cannot be phished.
  const at = own[0]?.type === 'authenticator' ? 1 : 0;
  return [...own.slice(0, at), { type: 'passkey', title: 'two_factor_method_passkey' }, ...own.slice(at)];
}

/**
 * The second factors of login step 3: the account's own (ownLoginFactors) and, when it is
 * signed in on a device, that device's approval (`prompt`) or code (`app`), unless the first
 * factor already was such an approval. A device is offered only to an account with two-step
 * methods of its own (issue 26).
 */
export async function loginSecondFactorTypes(
  deps: AppDeps,
  userId: string,
  excludeEmail: boolean,
  firstFactor: FirstFactor,
): Promise<LoginTwoFactorType[]> {
  const own = await ownLoginFactors(deps, userId, excludeEmail);
  if (!own.some((t) => t.type === 'authenticator' || t.type === 'email')) return own;
  if (firstFactor === 'prompt' || firstFactor === 'qr') return own;
  if (!(await hasSignedInDevice(deps.database.db, userId))) return own;
  return [
    ...own,
    { type: 'prompt', title: 'two_factor_method_prompt' },
    { type: 'app', title: 'two_factor_method_app' },
  ];
}

/**
 * Records the owed second step: a flow (server/src/modules/flows) bound to the interaction uid,
 * held by a secret in this browser's cookie, living SECOND_STEP_SECONDS; answers requiresTwoFactor.
 */
export async function oweSecondFactor(
  deps: AppDeps,
  interaction: Interaction,
  userId: string,
  client: ClientInfo,
  data: SecondStepData,
): Promise<LoginAnswer> {
  if (!client.cookies) throw new Error('a second sign-in step needs the browser cookies');
  const { secret } = await createFlows(deps).start(SECOND_STEP_KIND, {
    target: interaction.uid,
    subject: userId,
    ttlSeconds: SECOND_STEP_SECONDS,
    binding: interaction.uid,
    secret: true,
    data,
  });
  client.cookies.set(SECOND_STEP_COOKIE, secret!, SECOND_STEP_SECONDS);
  return secondStepAnswer(interaction, userId, data.types);
}

/**
 * The login page of this interaction in its language, as the provider opens it
 * (server/src/oidc/provider.ts interactions.url), with `extra` query parameters.
 */
export const loginPageUrl = (interaction: Interaction, extra = '') =>
  `${localePrefix(pickLocale(interaction.params.ui_locales as string | undefined))}/login?ReturnUrl=${encodeURIComponent(`/oidc/interaction/${interaction.uid}`)}${extra ? `&${extra}` : ''}`;

/** The answer of a sign-in that owes its second step; redirectUrl is the login page that shows step 3. */
export const secondStepAnswer = (interaction: Interaction, userId: string, types: LoginTwoFactorType[]) => ({
  isOk: false,
  isRegister: false,
  redirectUrl: loginPageUrl(interaction, 'step=2fa'),
  userInfo: null,
  requiresTwoFactor: true,
  userId,
  twoFactorTypes: types,
  twoFactorReason: asksTwoFactors(interaction) ? ('application' as const) : ('two_step' as const),
});

/**
 * Finishes the sign-in: stores the login (amr and the acr it amounts to) and, when implied, the
 * consent on the OIDC interaction, publishes user.signedIn (the device and the activity entry are
 * its subscribers), and answers where the browser goes next. The browser follows redirectUrl with
 * its own resume cookie, which is what binds this result to the browser that started the authorization.
 */
export async function finishSignIn(
  deps: AppDeps,
  provider: Provider,
  input: SignInCompletion & {
    amr: string[];
    /** A step-up of the session's own account: the sign-in (device, activity) was recorded when it began. */
    stepUp?: boolean;
    /** This browser is remembered for the account (it skipped the second step): no new-sign-in alert. */
    remembered?: boolean;
  },
): Promise<LoginAnswer> {
  const { interaction, userId, method, client, amr } = input;
  const db = deps.database.db;
  // One read of the account for both refusals: suspended, or a child waiting for its guardian.
  const user = await findUserById(db, userId);
  if (user?.suspendedAt) throw forbidden('account_suspended');
  const waiting = user && (await refuseWaitingChild(deps, interaction, user));
  if (waiting) return waiting;
  const consent = await consentFor(provider, db, interaction, userId);
  await finishInteraction(interaction, {
    login: {
      accountId: userId,
      remember: input.rememberMachine,
      amr,
      acr: acrOf(amr),
    },
    ...(consent ? { consent } : {}),
  });

  // The device record, the activity entry and the new-browser alert are subscribers
  // (server/src/modules/devices/events.ts, server/src/modules/activity/events.ts).
  const { ip, userAgent, region, timeZone } = client;
  if (!input.stepUp) {
    const browser = client.cookies ? browserKeyHash(client.cookies) : null;
    await inTransaction(db, (tx, afterCommit) =>
      deps.events.publish('user.signedIn', {
        userId,
        interactionUid: interaction.uid,
        method,
        client: { ip, userAgent, region, timeZone },
        browser,
        remembered: input.remembered === true,
        tx,
        afterCommit,
      }),
    );
  }

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
