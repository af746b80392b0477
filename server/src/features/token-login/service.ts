import {
  type ParsedInputOf,
  type RedirectAnswer,
  TOKEN_LOGIN_TTL_SECONDS,
  type TokenLoginIssueAnswer,
  type tokenLoginEndpoints,
} from '@portico/contracts';
import type Provider from 'oidc-provider';
import type { AppDeps } from '../../deps.js';
import type { UserContext } from '../../http/endpoint.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import {
  type ClientInfo,
  completeSignIn,
  findBoundInteraction,
  interactionUidOf,
  isFirstParty,
  storeLoginToken,
  takeLoginToken,
} from '../../modules/sign-in/index.js';
import { findUserById } from '../../modules/users/index.js';
import { PORTAL_CLIENT_ID } from '../../oidc/clients.js';

type ExchangeInput = ParsedInputOf<typeof tokenLoginEndpoints.exchange>;

/**
 * Token login (spec sign-in-and-session §2, §7): a first-party app trades its user's access token
 * for a one-time login token, and the token-login page trades that for a browser session by
 * completing the portal's own sign-in interaction (the one completion path, method `token`). The
 * same page spends the token a password reset with no sign-in to finish hands its browser
 * (features/forgot-password; modules/sign-in/login-tokens.ts).
 */
export function createTokenLoginService(deps: AppDeps, provider: Provider) {
  const db = deps.database.db;

  const isFirstPartyClient = async (clientId: string) => isFirstParty(await provider.Client.find(clientId));

  /** The app's provider session still exists and is the user's (ended by sign-out, log out all devices, a password change). */
  const sessionAlive = async (sessionUid: string | null, userId: string) =>
    Boolean(sessionUid) && (await provider.Session.findByUid(sessionUid as string))?.accountId === userId;

  return {
    async issue(who: UserContext): Promise<TokenLoginIssueAnswer> {
      // The bearer check admits first-party tokens only (modules/sign-in isFirstParty); this
      // rule is the token login's own and stays even if account APIs open to other clients.
      if (!(await isFirstPartyClient(who.clientId))) throw forbidden('token_login_not_first_party');
      if (!(await sessionAlive(who.sessionUid, who.user.id))) throw new AppError(401, 'token_login_session_ended');
      const token = await storeLoginToken(deps.kv, {
        kind: 'app',
        userId: who.user.id,
        clientId: who.clientId,
        sessionUid: who.sessionUid as string,
      });
      const url = new URL('/token-login', deps.config.publicUrl);
      url.searchParams.set('token', token);
      return { token, expiresIn: TOKEN_LOGIN_TTL_SECONDS, url: url.toString() };
    },

    async exchange(client: ClientInfo, input: ExchangeInput): Promise<RedirectAnswer> {
      // The interaction first, so a call from another browser cannot spend the token.
      const interaction = await findBoundInteraction(
        provider,
        interactionUidOf(input.returnUrl, deps.config.publicUrl),
        client,
      );
      const grant = await takeLoginToken(deps.kv, input.token);
      if (!grant) throw badRequest('token_login_invalid');
      const target = String(interaction.params.client_id);
      if (grant.kind === 'app') {
        // It signs in to the portal, or to the app that asked for it; never to a third client.
        if (target !== PORTAL_CLIENT_ID && target !== grant.clientId) throw forbidden('token_login_wrong_client');
        // The app may have lost its first-party standing (OIDC_CLIENTS_FILE) since it asked.
        if (!(await isFirstPartyClient(grant.clientId))) throw forbidden('token_login_not_first_party');
        if (!(await sessionAlive(grant.sessionUid, grant.userId))) throw badRequest('token_login_session_ended');
      } else if (target !== PORTAL_CLIENT_ID) {
        // A password reset's token signs in to the portal only.
        throw forbidden('token_login_wrong_client');
      }
      const user = await findUserById(db, grant.userId);
      if (!user) throw badRequest('token_login_invalid');

      const answer = await completeSignIn(deps, provider, {
        interaction,
        userId: user.id,
        rememberMachine: true,
        client,
        // An app's session passed the account's own sign-in (method token owes no second step); a
        // reset signs in as a password step would, two-step still asked.
        ...(grant.kind === 'app'
          ? { method: 'token' as const }
          : { method: 'password' as const, firstFactorByEmail: grant.firstFactorByEmail }),
      });
      return { redirectUrl: answer.redirectUrl };
    },
  };
}
