import {
  type authenticationResponseSchema,
  PASSKEY_CEREMONY_SECONDS,
  PASSKEYS_MAX,
  type ParsedInputOf,
  type Passkey,
  type passkeysEndpoints,
  type registrationResponseSchema,
} from '@portico/contracts';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type Provider from 'oidc-provider';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import type { AppDeps } from '../../deps.js';
import type { UserContext } from '../../http/endpoint.js';
import type { CallerContext } from '../../lib/caller.js';
import { AppError, badRequest, notFound, tooMany } from '../../lib/errors.js';
import { insertActivity } from '../../modules/activity/index.js';
import { inTransaction } from '../../modules/events/index.js';
import { keepsAWayIn } from '../../modules/federation/index.js';
import { createFlows } from '../../modules/flows/index.js';
import {
  type ClientInfo,
  completeSignIn,
  createAccountStepUp,
  createSecondFactor,
  createSecondStepCount,
  findBoundInteraction,
  interactionUidOf,
  type StepUpCaller,
} from '../../modules/sign-in/index.js';
import { CONTACT_EMAIL, CONTACT_PHONE, findPrimaryContact, securityContact } from '../../modules/users/index.js';
import {
  countPasskeys,
  deletePasskey,
  findPasskey,
  findUserPasskey,
  insertPasskey,
  listPasskeys,
  type PasskeyRow,
  renamePasskey,
  usePasskey,
} from './queries.js';
import { challengeOf, relyingParty } from './relying-party.js';

type In<K extends keyof typeof passkeysEndpoints> = ParsedInputOf<(typeof passkeysEndpoints)[K]>;
type Caller = Pick<UserContext, 'user'> & { caller: CallerContext };

export const PASSKEY_ACTIVITY = {
  added: 'activity_passkey_added',
  renamed: 'activity_passkey_renamed',
  removed: 'activity_passkey_removed',
} as const;

/** Sign-in challenges one address may ask for a minute, and failed passkey answers a quarter-hour. */
const OPTIONS_PER_MINUTE = 60;
const FAILURES_PER_WINDOW = 20;
const FAILURE_WINDOW_SECONDS = 900;

const failed = () => badRequest('passkey_failed');
const stepExpired = () => badRequest('login_two_factor_expired');
/**
 * The target of an account pages' step-up ceremony: the sign-in (grant, else session) the proof is
 * for, like the proof itself (server/src/modules/sign-in/step-up.ts); the account is its subject.
 */
const stepUpTarget = (who: Pick<StepUpCaller, 'grantId' | 'sessionUid'>) => {
  const signIn = who.grantId ?? who.sessionUid;
  if (!signIn) throw new AppError(403, 'step_up_required');
  return `step-up:${signIn}`;
};

/**
 * The signature algorithms a passkey may use: EdDSA, ES256, RS256 (COSE ids), which every
 * platform and security key offers. Post-quantum ML-DSA, which the library would also offer,
 * rests on Node's experimental Web Crypto support, so it is left out until that is stable.
 */
const ALGORITHMS = [-8, -7, -257];

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  synced: row.deviceType === 'multiDevice' || row.backedUp,
  createdTime: row.createdAt.toISOString(),
  lastUsedTime: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys (issue 32 point 1; contracts/src/passkeys.ts). Each ceremony is a flow whose secret is
 * the WebAuthn challenge (kinds passkey_registration and passkey_sign_in), used once; the
 * relying party is PUBLIC_URL's (relying-party.ts). Adding or removing one needs the step-up proof
 * (the contract's `stepUp`), adding one tells the primary e-mail with an undo link
 * (`sign-in-way.changed`), and removing the last way the account signs in is refused.
 */
export function createPasskeys(deps: AppDeps, provider: Provider) {
  const db = deps.database.db;
  const flows = createFlows(deps);
  const secondFactor = createSecondFactor(deps, provider);
  const stepUp = createAccountStepUp(deps);
  const counted = createSecondStepCount(deps);
  const rp = relyingParty(deps.config);

  /** Counts a request of `key` in its window; past `max`, 429. */
  async function limit(key: string, max: number, windowSeconds: number) {
    if ((await deps.kv.incr(key, windowSeconds)) > max) throw tooMany('too_many_requests', windowSeconds);
  }
  const failureKey = (ip: string) => `passkey:failures:${ip}`;
  async function refuseAfterFailures(ip: string) {
    const seen = Number((await deps.kv.get(failureKey(ip))) ?? 0);
    if (seen >= FAILURES_PER_WINDOW) throw tooMany('too_many_requests', FAILURE_WINDOW_SECONDS);
  }
  /** A wrong answer counts against the address (every check is limited), then is refused. */
  async function failure(ip: string): Promise<never> {
    await deps.kv.incr(failureKey(ip), FAILURE_WINDOW_SECONDS);
    throw failed();
  }

  /** What every answer is checked against: its ceremony's challenge, this site, the person verified. */
  const expected = (challenge: string) => ({
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  });

  /** The live ceremony a browser's answer signed, of `kind`: found by its challenge. */
  async function ceremonyOf(kind: 'passkey_registration' | 'passkey_sign_in', clientDataJSON: string) {
    const signed = challengeOf(clientDataJSON);
    const flow = signed ? await flows.findBySecret(kind, signed.secret) : undefined;
    return flow && signed ? { flow, challenge: signed.challenge } : undefined;
  }

  /**
   * A sign-in challenge for `target` (the interaction, or the account pages' step-up), for
   * `userId`'s passkeys (login step 3, step-up) or any account's (login step 1).
   */
  async function signInChallenge(ip: string, target: string, userId: string | null) {
    await limit(`passkey:options:${ip}`, OPTIONS_PER_MINUTE, 60);
    const { secret } = await flows.start('passkey_sign_in', {
      target,
      subject: userId,
      ttlSeconds: PASSKEY_CEREMONY_SECONDS,
      secret: true,
    });
    const allow = userId ? (await listPasskeys(db, userId)).map((p) => ({ id: p.id, transports: p.transports })) : [];
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      challenge: secret!,
      userVerification: 'required',
      timeout: PASSKEY_CEREMONY_SECONDS * 1000,
      ...(allow.length > 0 ? { allowCredentials: allow } : {}),
    });
    return { options: options as unknown as Record<string, unknown> };
  }

  /**
   * The passkey that signed a live sign-in challenge for `target` (and for `userId`'s passkeys when
   * given): its signature checked, the challenge used once, the counter moved on. A counter that
   * went back (a cloned key) signs nobody in. Each wrong answer counts against the address.
   */
  async function provenPasskey(
    ip: string,
    target: string,
    response: z.infer<typeof authenticationResponseSchema>,
    userId?: string,
  ): Promise<PasskeyRow> {
    await refuseAfterFailures(ip);
    const ceremony = await ceremonyOf('passkey_sign_in', response.response.clientDataJSON);
    const passkey = await findPasskey(db, response.id);
    if (!ceremony || ceremony.flow.target !== target || !passkey) return failure(ip);
    // Login step 1 takes only its own challenges (for any account); step 3 and the step-up only
    // theirs, for that account's passkeys.
    if (userId ? ceremony.flow.subject !== userId || passkey.userId !== userId : ceremony.flow.subject !== null)
      return failure(ip);
    const verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      ...expected(ceremony.challenge),
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    }).catch(() => undefined);
    if (!verified?.verified) return failure(ip);
    const used = await db.transaction(async (tx) => {
      if (!(await flows.finish('passkey_sign_in', ceremony.flow.id, 'challenged', tx))) return false;
      return usePasskey(tx, passkey.id, {
        counter: verified.authenticationInfo.newCounter,
        backedUp: verified.authenticationInfo.credentialBackedUp,
        at: new Date(),
      });
    });
    if (!used) return failure(ip);
    return passkey;
  }

  /**
   * Login step 3 and the step-up: one of `userId`'s passkeys, under the account's own second-step
   * count as well (server/src/modules/login-limits/login-limits.ts createSecondStepCount), like
   * every other second factor: a closed second step refuses, a wrong answer counts, a proof clears it.
   */
  async function provenSecondPasskey(
    userId: string,
    ip: string,
    target: string,
    response: z.infer<typeof authenticationResponseSchema>,
  ): Promise<void> {
    await counted(userId, ip, async () => {
      await provenPasskey(ip, target, response, userId);
      return true;
    });
  }

  const interactionOf = (client: ClientInfo, returnUrl: string) =>
    findBoundInteraction(provider, interactionUidOf(returnUrl, deps.config.publicUrl), client);

  return {
    /** Login step 1: a challenge for any account's passkey, tied to this browser's sign-in. */
    async signInOptions(client: ClientInfo, { returnUrl }: In<'signInOptions'>) {
      const interaction = await interactionOf(client, returnUrl);
      return signInChallenge(client.ip, interaction.uid, null);
    },

    /** Login with the passkey the browser answered with: the one completion path, two factors proven. */
    async signIn(client: ClientInfo, { returnUrl, response }: In<'signIn'>, campaignId: unknown) {
      const interaction = await interactionOf(client, returnUrl);
      const passkey = await provenPasskey(client.ip, interaction.uid, response);
      return completeSignIn(deps, provider, {
        interaction,
        userId: passkey.userId,
        method: 'passkey',
        rememberMachine: false,
        client,
        campaignId,
      });
    },

    /** Login step 3: a challenge for the passkeys of the account this browser owes a second step for. */
    async secondStepOptions(client: ClientInfo, { returnUrl }: In<'secondStepOptions'>) {
      const owed = await secondFactor.owedTo(client, returnUrl, 'passkey');
      if (!owed) throw stepExpired();
      return signInChallenge(client.ip, owed.interactionUid, owed.userId);
    },

    /** Login step 3 passed with one of that account's passkeys; the sign-in finishes with both factors. */
    async secondStep(client: ClientInfo, { returnUrl, response, rememberMachine }: In<'secondStep'>) {
      const owed = await secondFactor.owedTo(client, returnUrl, 'passkey');
      if (!owed) throw stepExpired();
      await provenSecondPasskey(owed.userId, client.ip, owed.interactionUid, response);
      return secondFactor.passProven(client, { returnUrl, rememberMachine }, owed.userId, 'passkey');
    },

    /** The account pages' step-up: a challenge for one of this account's passkeys. */
    async stepUpOptions(who: StepUpCaller) {
      if (!(await countPasskeys(db, who.user.id))) throw notFound();
      return signInChallenge(who.caller.ip, stepUpTarget(who), who.user.id);
    },

    /** The step-up proven with one of this account's passkeys, for this sign-in (server/src/modules/sign-in/step-up.ts). */
    async stepUp(who: StepUpCaller, { response }: In<'stepUp'>) {
      await provenSecondPasskey(who.user.id, who.caller.ip, stepUpTarget(who), response);
      return stepUp.passkeyPassed(who);
    },

    list: async ({ user }: Caller): Promise<Passkey[]> => (await listPasskeys(db, user.id)).map(toPasskey),

    /** A challenge to make a passkey for this account; its passkeys are excluded (the browser says it has one). */
    async registrationOptions({ user }: Caller) {
      const mine = await listPasskeys(db, user.id);
      if (mine.length >= PASSKEYS_MAX) throw badRequest('passkeys_too_many');
      const { secret } = await flows.start('passkey_registration', {
        target: user.id,
        subject: user.id,
        ttlSeconds: PASSKEY_CEREMONY_SECONDS,
        secret: true,
      });
      const [email, phone] = await Promise.all([
        findPrimaryContact(db, user.id, CONTACT_EMAIL),
        findPrimaryContact(db, user.id, CONTACT_PHONE),
      ]);
      const displayName = [user.lastName, user.firstName].filter(Boolean).join(' ');
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: email?.value ?? phone?.value ?? displayName ?? user.id,
        userID: new TextEncoder().encode(user.id),
        userDisplayName: displayName,
        challenge: secret!,
        attestationType: 'none',
        timeout: PASSKEY_CEREMONY_SECONDS * 1000,
        excludeCredentials: mine.map((p) => ({ id: p.id, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      return { options: options as unknown as Record<string, unknown> };
    },

    /** Keeps the new passkey, once per challenge; the primary e-mail hears of it with an undo link. */
    async register({ user, caller }: Caller, { name, response }: In<'register'>): Promise<Passkey> {
      const ceremony = await ceremonyOf('passkey_registration', response.response.clientDataJSON);
      if (!ceremony || ceremony.flow.subject !== user.id) throw failed();
      const verified = await verifyRegistrationResponse({
        response: response as z.infer<typeof registrationResponseSchema> as RegistrationResponseJSON,
        ...expected(ceremony.challenge),
        supportedAlgorithmIDs: ALGORITHMS,
      }).catch(() => undefined);
      if (!verified?.verified) throw failed();
      const { credential, credentialDeviceType, credentialBackedUp, aaguid } = verified.registrationInfo;
      try {
        const row = await inTransaction(db, async (tx, afterCommit) => {
          if (!(await flows.finish('passkey_registration', ceremony.flow.id, 'challenged', tx))) throw failed();
          if ((await countPasskeys(tx, user.id)) >= PASSKEYS_MAX) throw badRequest('passkeys_too_many');
          const saved = await insertPasskey(tx, {
            id: credential.id,
            userId: user.id,
            name,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            deviceType: credentialDeviceType,
            backedUp: credentialBackedUp,
            aaguid,
          });
          await insertActivity(tx, {
            userId: user.id,
            action: PASSKEY_ACTIVITY.added,
            params: { name, ip: caller.ip },
          });
          await deps.events.publish('sign-in-way.changed', {
            userId: user.id,
            change: 'passkey_added',
            value: name,
            ip: caller.ip,
            tell: await securityContact(tx, user.id),
            undo: [{ do: 'remove_passkey', id: saved.id }],
            tx,
            afterCommit,
          });
          return saved;
        });
        return toPasskey(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest('passkey_exists');
        throw err;
      }
    },

    async rename({ user, caller }: Caller, { id, name }: In<'rename'>): Promise<Passkey> {
      const row = await db.transaction(async (tx) => {
        const renamed = await renamePasskey(tx, user.id, id, name);
        if (renamed)
          await insertActivity(tx, {
            userId: user.id,
            action: PASSKEY_ACTIVITY.renamed,
            params: { name, ip: caller.ip },
          });
        return renamed;
      });
      if (!row) throw notFound();
      return toPasskey(row);
    },

    /** Removes one passkey, never the last way the account has to sign in (federation's keepsAWayIn). */
    async remove({ user, caller }: Caller, { id }: In<'remove'>): Promise<true> {
      await db.transaction(async (tx) => {
        if (!(await findUserPasskey(tx, user.id, id))) throw notFound();
        if (!(await keepsAWayIn(tx, user.id, { passkeyId: id }))) throw badRequest('error_unlink_last_way');
        const gone = await deletePasskey(tx, user.id, id);
        if (!gone) throw notFound();
        await insertActivity(tx, {
          userId: user.id,
          action: PASSKEY_ACTIVITY.removed,
          params: { name: gone.name, ip: caller.ip },
        });
      });
      return true;
    },
  };
}
