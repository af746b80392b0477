import { type KoaContextWithOIDC, interactionPolicy as policies } from 'oidc-provider';

// The provider's side of the acr values: what it announces and the login prompt's step-up check.
// It sits with the provider (server/src/oidc) and imports nothing of Portico, so the provider
// needs no module; the sign-in module's acr.ts re-exports it and says what each sign-in amounts to.

/**
 * Authentication context class references (the ID token's `acr`, OIDC Core §2): what a relying
 * party may ask for with `acr_values` and what the provider answers (docs/configuration.md,
 * "Step-up"). One factor: a password or a one-time code; two: one of those and a second factor.
 */
export const ACR_ONE_FACTOR = 'urn:portico:acr:1fa';
export const ACR_TWO_FACTOR = 'urn:portico:acr:2fa';
export const ACR_VALUES = [ACR_ONE_FACTOR, ACR_TWO_FACTOR] as const;

/** The acr values a request asks for: `acr_values` (or the client's default) become claims.id_token.acr. */
function requestedAcrs(ctx: KoaContextWithOIDC): string[] {
  const acr = ctx.oidc.claims?.id_token?.acr as { value?: string; values?: string[] } | null | undefined;
  if (!acr) return [];
  return [...(acr.values ?? []), ...(acr.value ? [acr.value] : [])];
}

/**
 * Whether the authorization request asks for two factors and the session has fewer: the login
 * prompt then asks again, and the login page owes only the second step (step-up). Modelled on
 * the login prompt's max_age check (oidc-provider lib/helpers/interaction_policy/prompts/login.js):
 * a login made in this very interaction is not asked again, so an account with no second factor
 * to offer ends with a one-factor acr instead of a loop.
 */
export function twoFactorOwed(ctx: KoaContextWithOIDC): boolean {
  if (!ctx.oidc.session?.accountId || ctx.oidc.result?.login) return false;
  const asked = requestedAcrs(ctx);
  // Asking for "1fa 2fa" is satisfied by either; only a request the session's acr misses steps up.
  return asked.includes(ACR_TWO_FACTOR) && !asked.includes(ctx.oidc.acr ?? '');
}

/** The reason the login prompt gives for a step-up (InteractionDetails.stepUp reads it). */
export const STEP_UP_REASON = 'acr_two_factor';

/** The reason the login prompt gives when the session's account waits for a guardian (issue 32 point 4). */
export const GUARDIAN_REASON = 'guardian_consent';

/**
 * Whether the account may not be used by this client yet (server/src/modules/guardian, wired by
 * server/src/app.ts): a child waiting for its guardian, whose birth date findAccount loaded.
 */
export type HeldBack = (account: { accountId: string; birthdate: string | null }, clientId: string) => Promise<boolean>;

/**
 * The default interaction policy with two checks added to the login prompt: the step-up, and a
 * session whose account waits for its guardian (a relying party's silent sign-in then gets
 * `interaction_required`; an interactive one shows the login page, whose sign-in says why). A login
 * made in this interaction is not asked again: the sign-in itself answered it.
 */
export function interactionPolicy(heldBack?: HeldBack) {
  const { base, Check } = policies;
  const policy = base();
  const login = policy.get('login');
  login?.checks.add(
    new Check(STEP_UP_REASON, 'a second factor is required', 'login_required', (ctx) =>
      twoFactorOwed(ctx) ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT,
    ),
  );
  if (heldBack)
    login?.checks.add(
      new Check(GUARDIAN_REASON, 'a guardian has to consent first', 'interaction_required', async (ctx) => {
        // The session's account as findAccount loaded it (server/src/oidc/provider.ts adds the birth date).
        const account = ctx.oidc.account as { accountId: string; birthdate?: string | null } | undefined;
        const clientId = ctx.oidc.client?.clientId;
        if (!account || !clientId || ctx.oidc.result?.login) return Check.NO_NEED_TO_PROMPT;
        const held = await heldBack({ accountId: account.accountId, birthdate: account.birthdate ?? null }, clientId);
        return held ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT;
      }),
    );
  return policy;
}
