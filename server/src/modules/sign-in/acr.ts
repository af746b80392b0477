import { type KoaContextWithOIDC, interactionPolicy as policies } from 'oidc-provider';

/**
 * Authentication context class references (the ID token's `acr`, OIDC Core §2): what a relying
 * party may ask for with `acr_values` and what the provider answers (docs/configuration.md,
 * "Step-up"). One factor: a password or a one-time code; two: one of those and a second factor.
 */
export const ACR_ONE_FACTOR = 'urn:portico:acr:1fa';
export const ACR_TWO_FACTOR = 'urn:portico:acr:2fa';
export const ACR_VALUES = [ACR_ONE_FACTOR, ACR_TWO_FACTOR] as const;

/**
 * The first factors a sign-in can start with. token: an app's one-time login token
 * (server/src/features/token-login/service.ts); google, facebook, zalo: an external provider's
 * sign-in (server/src/features/external-login); qr: a QR code the account's signed-in phone
 * approved; prompt: a push request one of its signed-in devices approved with the right number
 * (server/src/features/approval).
 */
export type FirstFactor = 'password' | 'otp' | 'token' | 'qr' | 'prompt' | ExternalFactor;
export type ExternalFactor = 'google' | 'facebook' | 'zalo';
/**
 * The second factors of login step 3 (spec sign-in §3 Two-factor state): app is the code a
 * signed-in session shows, prompt a push request a signed-in device approved.
 */
export type SecondFactor = 'authenticator' | 'email' | 'recoveryCode' | 'app' | 'prompt';

/**
 * RFC 8176 method references. An authenticator code and an e-mail code are one-time passwords
 * (`otp`); a recovery code is a pre-issued single-use secret (NIST SP 800-63B "look-up secret"),
 * also reported as `otp` rather than `kba` (which means knowledge questions). `mfa` says two
 * independent factors were used.
 */
// RFC 8176 has none for a session handed over from an app, so token login says `token`: no relying
// party mistakes it for a factor this browser proved (a step-up asks again).
// A provider's sign-in is federated authentication (RFC 8176 `fed`), whichever provider it was.
// An approval by another signed-in device has no registered value either: `qr` and `prompt` name
// the method (issue 26), so a relying party can tell them from a factor typed in this browser.
const FIRST_AMR: Record<FirstFactor, string> = {
  password: 'pwd',
  otp: 'otp',
  token: 'token',
  qr: 'qr',
  prompt: 'prompt',
  google: 'fed',
  facebook: 'fed',
  zalo: 'fed',
};
// A code (authenticator, e-mail, recovery, app) is `otp`; an approved push request `prompt`.
const SECOND_AMR: Record<SecondFactor, string> = {
  authenticator: 'otp',
  email: 'otp',
  recoveryCode: 'otp',
  app: 'otp',
  prompt: 'prompt',
};

export function amrOf(first: FirstFactor, second?: SecondFactor): string[] {
  if (!second) return [FIRST_AMR[first]];
  return [...new Set([FIRST_AMR[first], SECOND_AMR[second], 'mfa'])];
}

export const acrOf = (amr: readonly string[]): string => (amr.includes('mfa') ? ACR_TWO_FACTOR : ACR_ONE_FACTOR);

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

/** The default interaction policy with the step-up check added to the login prompt. */
export function interactionPolicy() {
  const { base, Check } = policies;
  const policy = base();
  policy
    .get('login')
    ?.checks.add(
      new Check(STEP_UP_REASON, 'a second factor is required', 'login_required', (ctx) =>
        twoFactorOwed(ctx) ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT,
      ),
    );
  return policy;
}
