import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { UserContext } from '../../http/endpoint.js';
import { unauthorized } from '../../lib/errors.js';
import { touchDevice } from '../../modules/devices/index.js';
import { isFirstParty } from '../../modules/sign-in/index.js';
import { type AccessTokenPayload, findAccessTokenAccount } from '../../modules/users/index.js';

const bearerOf = (request: FastifyRequest): string | undefined => {
  const match = /^Bearer ([\w.~+/-]+=*)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
};

/**
 * Checks the bearer token once and answers who is calling; `user` endpoints get this as their
 * context (server/src/http/endpoint.ts). Only a token this provider issued to a first-party
 * client (the portal), unexpired, not revoked, of a live account passes; anything else is 401.
 */
export function createAuthenticateUser(scope: FastifyInstance, deps: AppDeps) {
  return async function authenticateUser(request: FastifyRequest): Promise<UserContext> {
    const value = bearerOf(request);
    // The token's row and its live account in one statement (the opaque token is its row's id):
    // the checks of oidc-provider's AccessToken.find (unexpired, session still there when the
    // token ends with it), without a second round trip for the user. Nothing of it is cached
    // between requests, so a revocation, logout or account change made through any copy is seen
    // by every copy at once (docs/scaling.md, "What each request costs").
    const found = value ? await findAccessTokenAccount(deps.database.db, value) : undefined;
    const token = found?.token;
    if (!found || !token?.accountId || !token.clientId || !((token.exp ?? 0) > Date.now() / 1000)) throw unauthorized();
    if (token.expiresWithSession && !(await sessionHolds(scope, token))) throw unauthorized();
    // Third-party relying parties get tokens for their own APIs, never for the account area.
    if (!isFirstParty(await scope.oidc.Client.find(token.clientId))) throw unauthorized();
    const { user, email } = found;
    await touchDevice(deps, token.sessionUid);
    return {
      user,
      primaryEmail: email,
      sessionUid: token.sessionUid ?? null,
      grantId: token.grantId ?? null,
      clientId: token.clientId,
    };
  };
}

/** A token that ends with its session: the session is still there, of the same account and grant (node_modules/oidc-provider/lib/models/token_helpers.js). */
async function sessionHolds(scope: FastifyInstance, token: AccessTokenPayload): Promise<boolean> {
  const session = token.sessionUid ? await scope.oidc.Session.findByUid(token.sessionUid) : undefined;
  return (
    !!session &&
    session.accountId === token.accountId &&
    !!token.clientId &&
    session.grantIdFor(token.clientId) === token.grantId
  );
}
