import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type externalLoginEndpoints,
  type LoginAnswer,
  localePrefix,
  type ParsedInputOf,
  type PendingExternal,
  pickLocale,
  type ZaloStartAnswer,
} from '@portico/contracts';
import type Provider from 'oidc-provider';
import { isUniqueViolation } from '../../db/errors.js';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { insertActivity } from '../../modules/activity/index.js';
import {
  type ExternalIdentity,
  findLinkedUser,
  GOOGLE_CLOCK_TOLERANCE_SECONDS,
  linkIdentity,
  type PendingLinkData,
  type Providers,
  pendingLinkMark,
  pkcePair,
} from '../../modules/federation/index.js';
import { createFlows } from '../../modules/flows/index.js';
import { PASSWORD_ACTIVITY } from '../../modules/password/index.js';
import {
  type ClientInfo,
  completeSignIn,
  createAccountStepUp,
  findBoundInteraction,
  type Interaction,
  interactionUidOf,
  loginPageUrl,
  type SignInCookies,
  type StepUpCaller,
} from '../../modules/sign-in/index.js';
import {
  CONTACT_EMAIL,
  findConfirmedHolder,
  findPrimaryContact,
  findUserById,
  findUserByLoginName,
  insertRegisteredUser,
  type User,
  updateUserInfo,
} from '../../modules/users/index.js';

type InputOf<K extends keyof typeof externalLoginEndpoints> = ParsedInputOf<(typeof externalLoginEndpoints)[K]>;

/** The cookie holding the secret of a new account's update-info step (the external_sign_up flow). */
export const SIGN_UP_COOKIE = 'portico_signup';
/** The cookie binding a Zalo authorization to the browser that started it. */
export const ZALO_COOKIE = 'portico_zalo';
/** How long the update-info form may take after a first sign-in through a provider. */
const SIGN_UP_SECONDS = 30 * 60;
/** How long a provider's sign-in waits for the matching account's own sign-in (the link's proof). */
const LINK_PROOF_SECONDS = 15 * 60;
/** How long Zalo's permission page may take. */
const ZALO_SECONDS = 10 * 60;
/** The page about signing in with a provider from an in-app browser (web/src/routes.tsx). */
const EXTERNAL_LOGIN_HELP = '/error/external-login';
/** Provider sign-in attempts one IP may make in a minute (each one calls the provider). */
const EXTERNAL_LOGINS_PER_IP_MINUTE = 30;
/** How long a used Google ID token is remembered: its lifetime (an hour) and the clock leeway. */
const GOOGLE_TOKEN_SECONDS = 3600 + 2 * GOOGLE_CLOCK_TOLERANCE_SECONDS;

const invalid = () => badRequest('login_invalid_external_info');
const sessionExpired = () => badRequest('login_session_expired');

/** What a Zalo authorization remembers (the zalo_authorization flow's data). */
type ZaloData = { verifier: string } & (
  | { mode: 'login'; interactionUid: string; campaignId?: string }
  | {
      mode: 'link';
      userId: string;
      locale: string;
      sessionUid: string | null;
      grantId: string | null;
      clientId: string;
    }
);
type ZaloStartData = ZaloData extends infer D ? (D extends unknown ? Omit<D, 'verifier'> : never) : never;

/**
 * Sign-in through Google, Facebook and Zalo (spec sign-in §2, §4, §5, §7; issue 25), ending in the
 * one completion path (completeSignIn, method = the provider, amr `fed`):
 * - a provider account linked to an account signs in to it (two-step still applies);
 * - a provider e-mail that already names an account is never linked silently: the answer asks
 *   for that account's own sign-in (linkProof), and the provider is linked when it succeeds in
 *   this interaction (an external_link flow; server/src/modules/federation/events.ts);
 * - otherwise a new account is made with the provider's names and verified e-mail, and the
 *   update-info form (Update or Skip) finishes the sign-in (an external_sign_up flow).
 */
export function createExternalLoginService(deps: AppDeps, provider: Provider, providers: Providers) {
  const db = deps.database.db;
  const flows = createFlows(deps);
  const stepUp = createAccountStepUp(deps);
  const { config, kv } = deps;

  const interactionFor = (returnUrl: string, client: Pick<ClientInfo, 'boundInteraction'>) =>
    findBoundInteraction(provider, interactionUidOf(returnUrl, config.publicUrl), client);

  async function identify(input: InputOf<'login'> | InputOf<'link'>): Promise<ExternalIdentity> {
    if (input.provider === 'google') {
      const identity = await providers.google.verify(input.credential ?? '');
      // A Google ID token is a bearer proof for an hour: it is spent once, so a leaked one replays nothing.
      const key = `external:google:used:${createHash('sha256')
        .update(input.credential ?? '')
        .digest('base64url')}`;
      if ((await kv.incr(key, GOOGLE_TOKEN_SECONDS)) > 1) throw invalid();
      return identity;
    }
    return providers.facebook.verify(input.accessToken ?? '', input.userId ?? '');
  }

  /** New accounts per IP and hour through a provider (EXTERNAL_SIGN_UPS_PER_IP): sign-up spam stops there. */
  async function countSignUp(ip: string) {
    if ((await kv.incr(`external:signup:ip:${ip}`, 3600)) > config.EXTERNAL_SIGN_UPS_PER_IP)
      throw new AppError(429, 'too_many_requests');
  }

  const cookiesOf = (client: ClientInfo): SignInCookies => {
    if (!client.cookies) throw sessionExpired();
    return client.cookies;
  };

  /** A new account from the provider's identity, its link, and the update-info step owed. */
  async function signUp(
    client: ClientInfo,
    interaction: Interaction,
    identity: ExternalIdentity,
  ): Promise<LoginAnswer> {
    await countSignUp(client.ip);
    const id = randomUUID();
    const [given, family] = namesOf(identity);
    let secret: string | undefined;
    try {
      await db.transaction(async (tx) => {
        await insertRegisteredUser(
          tx,
          { id, firstName: given, lastName: family, languageId: client.locale, timezone: undefined },
          identity.email ? { type: CONTACT_EMAIL, value: identity.email, confirmed: identity.emailVerified } : null,
        );
        await insertActivity(tx, { userId: id, action: PASSWORD_ACTIVITY.register, params: { ip: client.ip } });
        await linkIdentity(tx, id, identity, client.ip);
        ({ secret } = await flows.start(
          'external_sign_up',
          {
            target: interaction.uid,
            subject: id,
            binding: interaction.uid,
            secret: true,
            ttlSeconds: SIGN_UP_SECONDS,
            data: { provider: identity.provider },
          },
          tx,
        ));
      });
    } catch (error) {
      // A racing sign-in with the same provider account or e-mail made it first.
      if (isUniqueViolation(error)) throw invalid();
      throw error;
    }
    cookiesOf(client).set(SIGN_UP_COOKIE, secret!, SIGN_UP_SECONDS);
    return registerAnswer(interaction, { id, username: identity.email ?? '', firstName: given, lastName: family });
  }

  /** The provider's e-mail names an account: its own sign-in, in this interaction, links the provider. */
  async function askLinkProof(
    interaction: Interaction,
    holder: User,
    identity: ExternalIdentity,
  ): Promise<LoginAnswer> {
    const username = identity.email!;
    const data: PendingLinkData = { provider: identity.provider, subject: identity.subject, username };
    await flows.start('external_link', {
      target: interaction.uid,
      subject: holder.id,
      binding: interaction.uid,
      ttlSeconds: LINK_PROOF_SECONDS,
      data,
    });
    // The sign-in path reads the flow only for a marked interaction (federation/events.ts).
    await kv.set(pendingLinkMark(interaction.uid), '1', LINK_PROOF_SECONDS);
    return {
      isOk: false,
      isRegister: false,
      redirectUrl: '',
      userInfo: null,
      requiresTwoFactor: false,
      linkProof: { provider: identity.provider, username },
    };
  }

  async function signIn(
    client: ClientInfo,
    interaction: Interaction,
    identity: ExternalIdentity,
    campaignId: unknown,
  ): Promise<LoginAnswer> {
    const linked = await findLinkedUser(db, identity);
    if (linked)
      return completeSignIn(deps, provider, {
        interaction,
        userId: linked.id,
        method: identity.provider,
        rememberMachine: true,
        client,
        campaignId,
      });
    // Only an address the provider verified names an account (port.ts emailVerified).
    if (identity.email && identity.emailVerified) {
      const holder = await findUserByLoginName(db, CONTACT_EMAIL, identity.email);
      if (holder) return askLinkProof(interaction, holder, identity);
      // A deleted account keeps its confirmed e-mail (the tombstone): the address cannot start over.
      if ((await findConfirmedHolder(db, CONTACT_EMAIL, identity.email))?.deleted)
        throw badRequest('account_is_delete');
    }
    return signUp(client, interaction, identity);
  }

  /** Where the browser goes after Zalo's callback signed in: the answer's next page. */
  const afterZaloSignIn = (interaction: Interaction, answer: LoginAnswer) =>
    answer.isOk || answer.requiresTwoFactor ? answer.redirectUrl : loginPageUrl(interaction, 'external=zalo');

  async function startZalo(client: ClientInfo, target: string, subject: string | null, data: ZaloStartData) {
    if (!providers.zalo.enabled()) throw invalid();
    const { verifier, challenge } = pkcePair();
    const binding = randomBytes(32).toString('base64url');
    const { secret: state } = await flows.start('zalo_authorization', {
      target,
      subject,
      binding,
      secret: true,
      ttlSeconds: ZALO_SECONDS,
      data: { ...data, verifier },
    });
    cookiesOf(client).set(ZALO_COOKIE, binding, ZALO_SECONDS);
    return { url: providers.zalo.permissionUrl(state!, challenge) };
  }

  /** The sign-in that started a link still lives, for that account, and its step-up proof still holds. */
  async function stillProven(data: Extract<ZaloData, { mode: 'link' }>, caller: CallerContext) {
    const session = data.sessionUid ? await provider.Session.findByUid(data.sessionUid) : undefined;
    const user = session?.accountId === data.userId ? await findUserById(db, data.userId) : undefined;
    if (!user) throw new AppError(403, 'step_up_required');
    await stepUp.require({ user, sessionUid: data.sessionUid, grantId: data.grantId, clientId: data.clientId, caller });
  }

  const infoPage = (locale: string, query: string) => `${localePrefix(pickLocale(locale))}/account/info?${query}`;

  return {
    /** POST /api/account/login/external: Google's ID token or Facebook's access token. */
    async login(client: ClientInfo, input: InputOf<'login'>, campaignId: unknown): Promise<LoginAnswer> {
      const interaction = await interactionFor(input.returnUrl, client);
      // Each proof costs calls to the provider (Facebook's Graph API twice): one IP cannot spend
      // the app's quota there for everyone.
      if ((await kv.incr(`external:login:ip:${client.ip}`, 60)) > EXTERNAL_LOGINS_PER_IP_MINUTE)
        throw new AppError(429, 'too_many_requests');
      return signIn(client, interaction, await identify(input), campaignId);
    },

    /** What this browser's pending sign-in owes after a provider's (the Zalo callback lands on the login page). */
    async pending(client: ClientInfo, { returnUrl }: InputOf<'pending'>): Promise<PendingExternal> {
      const uid = interactionUidOf(returnUrl, config.publicUrl);
      const secret = client.cookies?.get(SIGN_UP_COOKIE);
      if (!uid || uid !== client.boundInteraction || !secret) return { step: 'none' };
      const flow = await flows.findBySecret('external_sign_up', secret, uid);
      if (flow?.state !== 'details_owed' || !flow.subject) return { step: 'none' };
      const interaction = await interactionFor(returnUrl, client).catch(() => null);
      const user = interaction && (await findUserById(db, flow.subject));
      if (!interaction || !user) return { step: 'none' };
      const email = await findPrimaryContact(db, user.id, CONTACT_EMAIL);
      return {
        step: 'details',
        answer: registerAnswer(interaction, {
          id: user.id,
          username: email?.value ?? '',
          firstName: user.firstName,
          lastName: user.lastName,
        }),
      };
    },

    /** Update or Skip of the update-info form: the details (and the first password), then the sign-in completes. */
    async details(client: ClientInfo, input: InputOf<'details'>): Promise<LoginAnswer> {
      const interaction = await interactionFor(input.returnUrl, client);
      const cookies = cookiesOf(client);
      const flow = await flows.findBySecret('external_sign_up', cookies.get(SIGN_UP_COOKIE) ?? '', interaction.uid);
      if (flow?.state !== 'details_owed' || !flow.subject) throw sessionExpired();
      const userId = flow.subject;
      const { details } = input;
      const passwordHash = details ? await hashPassword(details.password) : undefined;
      await db.transaction(async (tx) => {
        if (!(await flows.finish('external_sign_up', flow.id, 'details_owed', tx))) throw sessionExpired();
        if (!details) return;
        // A brand-new account's first password: no undo e-mail (register sets one the same way).
        await updateUserInfo(tx, userId, {
          firstName: details.firstName,
          lastName: details.lastName,
          birthdate: details.birthdate,
          gender: details.gender,
          timezone: details.timezone,
          passwordHash,
        });
        await insertActivity(tx, { userId, action: PASSWORD_ACTIVITY.infoUpdated, params: { ip: client.ip } });
      });
      cookies.clear(SIGN_UP_COOKIE);
      return completeSignIn(deps, provider, {
        interaction,
        userId,
        method: (flow.data as { provider: ExternalIdentity['provider'] }).provider,
        rememberMachine: true,
        client,
      });
    },

    /** POST /api/account/login/zalo/start: the permission page for this browser's pending sign-in. */
    async zaloStart(
      client: ClientInfo,
      { returnUrl }: InputOf<'zaloStart'>,
      campaignId: unknown,
    ): Promise<ZaloStartAnswer> {
      const interaction = await interactionFor(returnUrl, client);
      return startZalo(client, interaction.uid, null, {
        mode: 'login',
        interactionUid: interaction.uid,
        ...(typeof campaignId === 'string' ? { campaignId } : {}),
      });
    },

    /** POST /api/account/links/zalo/start: linking Zalo to the signed-in account (step-up proven). */
    async linkZaloStart(client: ClientInfo, who: Omit<StepUpCaller, 'caller'>): Promise<ZaloStartAnswer> {
      const { user, sessionUid, grantId, clientId } = who;
      return startZalo(client, user.id, user.id, {
        mode: 'link',
        userId: user.id,
        locale: client.locale,
        // The sign-in that gave the step-up proof: the link lands only while both still hold.
        sessionUid,
        grantId,
        clientId,
      });
    },

    /**
     * Zalo's callback: the state must be the one this browser's cookie started (else 400, nothing
     * done), used once; then the code and the verifier buy the identity, which signs in (or
     * links). A failure at Zalo sends the browser back to where it started with a message. A
     * browser without the cookie is not the one that started (Zalo's app opened the link in
     * another browser, an in-app browser kept its own cookies): nothing is done, and it lands on
     * the help page about signing in from in-app browsers (spec sign-in §2 external-login help).
     */
    async zaloCallback(client: ClientInfo, input: InputOf<'zaloCallback'>): Promise<{ location: string }> {
      const cookies = cookiesOf(client);
      const binding = cookies.get(ZALO_COOKIE) ?? '';
      if (!binding) return { location: EXTERNAL_LOGIN_HELP };
      const flow = await flows.findBySecret('zalo_authorization', input.state ?? '', binding);
      if (flow?.state !== 'sent' || !(await flows.finish('zalo_authorization', flow.id, 'sent'))) throw invalid();
      cookies.clear(ZALO_COOKIE);
      const data = flow.data as ZaloData;
      if (data.mode === 'link') {
        try {
          // Signed out, or the proof spent or expired, since Zalo's page opened: nothing is linked.
          await stillProven(data, client);
          if (input.error || !input.code) throw invalid();
          const identity = await providers.zalo.identify(input.code, data.verifier);
          await db.transaction((tx) => linkIdentity(tx, data.userId, identity, client.ip));
          return { location: infoPage(data.locale, 'linked=zalo') };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return { location: infoPage(data.locale, `linkError=${error.messageKey}`) };
        }
      }
      const interaction = await findBoundInteraction(provider, data.interactionUid, client).catch(() => null);
      // The sign-in it belonged to is gone (expired, or another browser): start again from home.
      if (!interaction) return { location: '/' };
      try {
        if (input.error || !input.code) throw invalid();
        const identity = await providers.zalo.identify(input.code, data.verifier);
        return { location: afterZaloSignIn(interaction, await signIn(client, interaction, identity, data.campaignId)) };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { location: loginPageUrl(interaction, `externalError=${encodeURIComponent(error.messageKey)}`) };
      }
    },

    /** POST /api/account/links: a Google or Facebook account linked to the signed-in account. */
    async link(caller: CallerContext, user: User, input: InputOf<'link'>) {
      const identity = await identify(input);
      const row = await db.transaction((tx) => linkIdentity(tx, user.id, identity, caller.ip));
      return { id: row.id, claimType: row.claimType, claimValue: row.claimValue };
    },
  };
}

/** Given and family names from the provider (Zalo gives one name: the last word is the given name, as Vietnamese names are written). */
function namesOf(identity: ExternalIdentity): [string, string] {
  if (identity.givenName || identity.familyName) return [identity.givenName ?? '', identity.familyName ?? ''];
  const words = (identity.name ?? '').split(/\s+/).filter(Boolean);
  if (words.length < 2) return [words[0] ?? '', ''];
  return [words.at(-1)!, words.slice(0, -1).join(' ')];
}

/** The answer that turns the login tab into the update-info form (spec §4 isRegister). */
const registerAnswer = (interaction: Interaction, userInfo: NonNullable<LoginAnswer['userInfo']>): LoginAnswer => ({
  isOk: false,
  isRegister: true,
  redirectUrl: interaction.returnTo,
  userInfo,
  requiresTwoFactor: false,
});
