import { localePrefix, pickLocale } from '@portico/contracts';
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider';
import type { KeyValueStore } from '../adapters/kv/index.js';
import { createChangeCache } from '../db/change-cache.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Db } from '../db/client.js';
import { isUnavailable } from '../db/errors.js';
import { storeError } from '../features/errors/service.js';
import { type Account, accountClaims, findAccount } from '../modules/users/index.js';
import { ACR_VALUES, type HeldBack, interactionPolicy } from './acr.js';
import { createOidcAdapter } from './adapter.js';
import { PROVIDER_SCOPES } from './clients.js';
import { logoutSource, pageLocale, postLogoutSuccessSource } from './pages.js';

export type ProviderOptions = {
  issuer: string;
  db: Db;
  kv: KeyValueStore;
  /**
   * Interactions and authorization codes in `kv` rather than the database: true when kv is Redis
   * (shared by every copy) or beside the embedded database (one process owns it, so its memory is
   * the only copy; a restart forgets sign-ins in progress, which then start again).
   */
  shortLivedInKv?: boolean;
  /** The database's change feed: grants and accounts are then kept in memory between requests (server/src/db/change-cache.ts). */
  changes?: ChangeFeed;
  clients: ClientMetadata[];
  cookieKeys: string[];
  jwks: { keys: Record<string, unknown>[] };
  secureCookies: boolean;
  trustProxy: boolean;
  /** A session's account that may not sign in to a client yet: a child waiting for its guardian (app.ts). */
  heldBack?: HeldBack;
};

// Lifetimes in seconds, set explicitly (oidc-provider warns on defaults).
export const TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  Interaction: 60 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
  // A product's back-office token: short, a product asks again (client credentials).
  ClientCredentials: 10 * 60,
};

// Accounts kept in memory per copy for the claims (server/src/db/change-cache.ts).
const KEPT_ACCOUNTS = { maxEntries: 10_000, maxAgeMs: 60_000 };

export function createProvider(opts: ProviderOptions): Provider {
  const accounts = opts.changes && createChangeCache<Account>(opts.changes, KEPT_ACCOUNTS);
  const configuration: Configuration = {
    adapter: createOidcAdapter(opts.db, {
      ...(opts.shortLivedInKv ? { kv: opts.kv } : {}),
      changes: opts.changes,
      shortLived: { Interaction: TTL.Interaction, AuthorizationCode: TTL.AuthorizationCode },
    }),
    clients: opts.clients,
    jwks: opts.jwks as Configuration['jwks'],
    cookies: {
      keys: opts.cookieKeys,
      long: { signed: true, sameSite: 'lax', secure: opts.secureCookies },
      short: { signed: true, sameSite: 'lax', secure: opts.secureCookies },
    },
    // A person's scopes and the products' (server/src/oidc/clients.ts keeps each client to one kind).
    scopes: PROVIDER_SCOPES,
    claims: {
      // acr / amr / auth_time: how and when the user signed in (one factor or two; pwd, otp, mfa), for clients that step up.
      openid: ['sub', 'acr', 'amr', 'auth_time'],
      profile: ['name', 'given_name', 'family_name', 'locale', 'zoneinfo', 'picture'],
      email: ['email', 'email_verified'],
    },
    // acr: one factor or two (server/src/oidc/acr.ts); a relying party asking acr_values
    // for two makes a signed-in user pass the second step again (the login prompt's step-up check).
    acrValues: [...ACR_VALUES],
    // Relying parties read profile and e-mail claims straight from the ID token.
    conformIdTokenClaims: false,
    extraClientMetadata: {
      // first_party: the portal's own products, whose consent is implied.
      // frontchannel_logout_uri: loaded in an iframe by the logout page (OIDC Front-Channel Logout 1.0).
      // block_id: the product (block) it is, whose brand its sign-in pages show (contracts/src/branding.ts).
      properties: ['first_party', 'frontchannel_logout_uri', 'frontchannel_logout_session_required', 'block_id'],
    },
    // Authorization code flow only (no implicit or hybrid), always with PKCE S256.
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // A client may revoke only tokens issued to itself.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      introspection: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      backchannelLogout: { enabled: true },
      // The platform's products call the back-office endpoints with these tokens
      // (server/src/features/auth/product.ts); only clients configured for the grant get them.
      clientCredentials: { enabled: true },
    },
    rotateRefreshToken: true,
    // A browser may call the provider's endpoints only from an origin of the client's own redirect
    // URIs, and only for a public client (a single-page app) or userinfo: a confidential client's
    // secret never belongs in a browser. Set explicitly, as oidc-provider asks.
    clientBasedCORS: (ctx, origin, client) => {
      if (origin === 'null') return false;
      if (ctx.oidc.route !== 'userinfo' && client.metadata().token_endpoint_auth_method !== 'none') return false;
      return (client.redirectUris ?? []).some((uri) => URL.canParse(uri) && new URL(uri).origin === origin);
    },
    ttl: { ...TTL },
    interactions: {
      policy: interactionPolicy(opts.heldBack),
      // The sign-in page lives in the web app; English when the client asks for it.
      url: (_ctx, interaction) => {
        const locale = pickLocale(interaction.params.ui_locales as string | undefined);
        return `${localePrefix(locale)}/login?ReturnUrl=${encodeURIComponent(`/oidc/interaction/${interaction.uid}`)}`;
      },
    },
    // Errors the provider cannot send back to a client go to the web app's /error page. While
    // Redis or PostgreSQL is away (the error itself, or keeping it for that page) the answer is
    // 503 with Retry-After, as the API's (server/src/lib/errors.ts), not a bare 500 (bench/soak.ts).
    renderError: async (ctx, out, error) => {
      const unavailable = () => {
        ctx.status = 503;
        ctx.set('retry-after', '5');
        ctx.body = { error: 'temporarily_unavailable', error_description: 'service_unavailable' };
      };
      if (isUnavailable(error)) return unavailable();
      const id = await storeError(opts.kv, {
        error: String(out.error ?? 'server_error'),
        errorDescription: String(out.error_description ?? ''),
        clientId: ctx.oidc?.client?.clientId ?? String(ctx.oidc?.params?.client_id ?? ''),
        // The end-session endpoints (/session/end, /confirm, /success): the user was signing out.
        flow: ctx.path.includes('/session/end') ? 'sign_out' : 'sign_in',
      }).catch((err: unknown) => {
        if (isUnavailable(err)) return null;
        throw err;
      });
      if (id === null) return unavailable();
      const prefix = localePrefix(pageLocale(ctx));
      ctx.status = 303;
      ctx.redirect(`${prefix}/error?errorid=${id}`);
    },
    // First-party clients never ask for consent: a user signed in to one of them is granted
    // what any other first-party client asks for, so SSO between them stays silent.
    loadExistingGrant: async (ctx) => {
      const { provider, client, session } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId || (client && session?.grantIdFor(client.clientId));
      const grant = grantId ? await provider.Grant.find(grantId) : undefined;
      if (!client || !session?.accountId || client.metadata().first_party !== true) return grant;
      const firstPartyGrant = grant ?? new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      const before = JSON.stringify(firstPartyGrant.openid ?? null);
      firstPartyGrant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
      const claims = [...ctx.oidc.requestParamClaims];
      if (claims.length) firstPartyGrant.addOIDCClaims(claims);
      // Written only when new or widened: after a sign-in the grant was just saved with these
      // scopes (server/src/modules/sign-in/interaction.ts grantRequested), and saving again would
      // not move its expiry either.
      if (!firstPartyGrant.jti || JSON.stringify(firstPartyGrant.openid ?? null) !== before)
        await firstPartyGrant.save();
      return firstPartyGrant;
    },
    findAccount: async (_ctx, sub, token) => {
      // The user and its primary contacts in one statement: the claims need no further query.
      // Kept in memory until the account changes (every refresh signs an ID token with them).
      const account = accounts
        ? await accounts.read(
            sub,
            () => findAccount(opts.db, sub),
            () => [`user:${sub}`],
          )
        : await findAccount(opts.db, sub);
      if (!account) return undefined;
      const found = { accountId: account.user.id, birthdate: account.user.birthdate };
      // A token of a client the account may not use yet (a child waiting for its guardian, issued
      // before): refresh, userinfo and the code exchange refuse it. At authorization the login
      // prompt's check answers instead (interaction_required, server/src/oidc/acr.ts).
      if (token?.clientId && (await opts.heldBack?.(found, token.clientId))) return undefined;
      return { ...found, claims: () => accountClaims(account) };
    },
  };
  const provider = new Provider(opts.issuer, configuration);
  // Behind a load balancer (TRUST_PROXY) the client address and scheme come from X-Forwarded-*.
  provider.proxy = opts.trustProxy;
  return provider;
}
