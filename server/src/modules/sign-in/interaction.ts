import type { BrandData, InteractionDetails } from '@portico/contracts';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { Db } from '../../db/client.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { findLatestGrantId } from '../../oidc/queries.js';
import { STEP_UP_REASON } from './acr.js';

export type Interaction = InstanceType<Provider['Interaction']>;
type Client = InstanceType<Provider['Client']>;

const INTERACTION_PATH = /^\/oidc\/interaction\/([\w-]{10,64})$/;

export const sessionExpired = () => badRequest('login_session_expired');

/** The interaction uid a login page's returnUrl (/oidc/interaction/<uid>, relative or absolute on our origin) names. */
export function interactionUidOf(returnUrl: string, publicUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(returnUrl, publicUrl);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(publicUrl).origin) return undefined;
  return INTERACTION_PATH.exec(url.pathname)?.[1];
}

/**
 * The pending interaction, found by uid: the `_interaction` cookie is scoped to /login and never
 * reaches /api. That is safe because the result only takes effect in the browser holding the
 * `_interaction_resume` cookie of the same uid. Missing or expired → 400 login_session_expired.
 */
export async function findInteraction(provider: Provider, uid: string | undefined): Promise<Interaction> {
  const interaction = uid ? await provider.Interaction.find(uid) : undefined;
  if (!interaction || interaction.exp * 1000 <= Date.now()) throw sessionExpired();
  return interaction;
}

/**
 * The pending interaction a sign-in may complete: it must be the one this browser opened the
 * login page for. Otherwise a link to someone else's interaction would sign its owner in as
 * whoever completes it.
 */
export async function findBoundInteraction(
  provider: Provider,
  uid: string | undefined,
  client: { boundInteraction?: string | null },
): Promise<Interaction> {
  if (!uid || client.boundInteraction !== uid) throw sessionExpired();
  return findInteraction(provider, uid);
}

const epochNow = () => Math.floor(Date.now() / 1000);

/** Stores the result; the browser applies it when it follows interaction.returnTo. */
export async function finishInteraction(interaction: Interaction, result: InteractionResults): Promise<void> {
  interaction.result = result;
  const ttl = interaction.exp - epochNow();
  if (ttl <= 0) throw sessionExpired();
  await interaction.save(ttl);
}

export const isFirstParty = (client: Client | undefined): boolean => client?.metadata().first_party === true;

const requestedClaims = (claims: unknown): string[] => {
  if (typeof claims !== 'string') return [];
  try {
    const parsed = JSON.parse(claims) as { id_token?: object; userinfo?: object };
    return [...Object.keys(parsed.id_token ?? {}), ...Object.keys(parsed.userinfo ?? {})];
  } catch {
    return [];
  }
};

/**
 * Grants what the interaction asks for (its scopes, claims and resource scopes), extending the
 * grant the provider already found when there is one; answers the grant id.
 */
export async function grantRequested(provider: Provider, interaction: Interaction, accountId: string): Promise<string> {
  const clientId = String(interaction.params.client_id);
  const found = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  // A grant of the account signed in before (switching accounts) must not be reused.
  const existing = found?.accountId === accountId && found.clientId === clientId ? found : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const scope = typeof interaction.params.scope === 'string' ? interaction.params.scope : 'openid';
  grant.addOIDCScope(scope);
  const claims = requestedClaims(interaction.params.claims);
  if (claims.length) grant.addOIDCClaims(claims);
  const details = interaction.prompt.details as { missingResourceScopes?: Record<string, string[]> };
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}

/**
 * The consent part of a sign-in result: first-party clients are granted what they ask; for other
 * clients an earlier grant is reused, and the provider asks for consent only for what it lacks.
 */
export async function consentFor(
  provider: Provider,
  db: Db,
  interaction: Interaction,
  accountId: string,
): Promise<{ grantId: string } | undefined> {
  const client = await provider.Client.find(String(interaction.params.client_id));
  if (isFirstParty(client)) return { grantId: await grantRequested(provider, interaction, accountId) };
  const grantId = await findLatestGrantId(db, accountId, String(interaction.params.client_id));
  return grantId ? { grantId } : undefined;
}

/** What the login or consent page shows about a pending interaction. */
export async function describeInteraction(
  provider: Provider,
  interaction: Interaction,
  brands: { dataFor(blockId: string | undefined): Promise<BrandData> },
): Promise<InteractionDetails> {
  const client = await provider.Client.find(String(interaction.params.client_id));
  if (!client) throw sessionExpired();
  const blockId = typeof client.metadata().block_id === 'string' ? String(client.metadata().block_id) : undefined;
  const scope = typeof interaction.params.scope === 'string' ? interaction.params.scope : '';
  const hint = interaction.params.login_hint;
  return {
    uid: interaction.uid,
    prompt: interaction.prompt.name === 'consent' ? 'consent' : 'login',
    client: {
      clientId: client.clientId,
      clientName: client.clientName ?? client.clientId,
      ...(client.logoUri ? { logoUri: client.logoUri } : {}),
      ...(client.clientUri ? { clientUri: client.clientUri } : {}),
      firstParty: isFirstParty(client),
      ...(blockId ? { blockId } : {}),
    },
    brand: await brands.dataFor(blockId),
    scopes: scope.split(' ').filter(Boolean),
    ...(typeof hint === 'string' && hint ? { loginHint: hint } : {}),
    // The login prompt's step-up check (acr.ts): the signed-in account owes only a second factor.
    ...(interaction.prompt.name === 'login' && interaction.prompt.reasons.includes(STEP_UP_REASON)
      ? { stepUp: true }
      : {}),
  };
}

/**
 * The user's answer on the consent screen. Only the browser of the signed-in user may give it:
 * the provider's session cookie (`_session`, path /, so it reaches /api) must be the session
 * the interaction was started under.
 */
export async function decideConsent(
  provider: Provider,
  interaction: Interaction,
  sessionCookie: string | undefined,
  approve: boolean,
): Promise<{ redirectUrl: string }> {
  const session = interaction.session;
  if (interaction.prompt.name !== 'consent' || !session?.accountId) throw badRequest('login_session_expired');
  if (!sessionCookie || sessionCookie !== session.cookie) throw forbidden();
  if (approve) {
    const grantId = await grantRequested(provider, interaction, session.accountId);
    // Keep the login of the earlier step, as oidc-provider's mergeWithLastSubmission does.
    await finishInteraction(interaction, { ...interaction.lastSubmission, consent: { grantId } });
  } else {
    await abortInteraction(interaction);
  }
  return { redirectUrl: interaction.returnTo };
}

/** The user cancelled: the client receives access_denied. */
export async function abortInteraction(interaction: Interaction): Promise<{ redirectUrl: string }> {
  await finishInteraction(interaction, { error: 'access_denied', error_description: 'End-User aborted interaction' });
  return { redirectUrl: interaction.returnTo };
}
