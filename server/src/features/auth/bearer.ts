import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createChangeCache } from '../../db/change-cache.js';
import type { AppDeps } from '../../deps.js';
import type { UserContext } from '../../http/endpoint.js';
import { unauthorized } from '../../lib/errors.js';
import { touchDevice } from '../../modules/devices/index.js';
import { isFirstParty } from '../../modules/sign-in/index.js';
import { type AccessTokenPayload, findAccessTokenAccount } from '../../modules/users/index.js';

/** The bearer token of the Authorization header, when it has the token's syntax. */
export const bearerOf = (request: FastifyRequest): string | undefined => {
  const match = /^Bearer ([\w.~+/-]+=*)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
};

type Checked = { context: UserContext; exp: number; endsWithSession: boolean };

// How much of the bearer check a copy keeps in memory (server/src/db/change-cache.ts): at most
// this many tokens, each at most this long, dropped at once when the database's change feed hears
// its token, account or session change.
const CACHE = { maxEntries: 10_000, maxAgeMs: 60_000 };

/**
 * Checks the bearer token once and answers who is calling; `user` endpoints get this as their
 * context (server/src/http/endpoint.ts). Only a token this provider issued to a first-party
 * client (the portal), unexpired, not revoked, of a live account passes; anything else is 401.
 */
export function createAuthenticateUser(scope: FastifyInstance, deps: AppDeps) {
  const cache = createChangeCache<Checked>(deps.database.changes, CACHE);

  // The token's row and its live account in one statement (the opaque token is its row's id):
  // the checks of oidc-provider's AccessToken.find (unexpired, session still there when the
  // token ends with it), without a second round trip for the user.
  async function check(value: string): Promise<Checked> {
    const found = await findAccessTokenAccount(deps.database.db, value);
    const token = found?.token;
    if (!found || !token?.accountId || !token.clientId || !((token.exp ?? 0) > Date.now() / 1000)) throw unauthorized();
    if (token.expiresWithSession && !(await sessionHolds(scope, token))) throw unauthorized();
    // Third-party relying parties get tokens for their own APIs, never for the account area.
    if (!isFirstParty(await scope.oidc.Client.find(token.clientId))) throw unauthorized();
    return {
      exp: token.exp ?? 0,
      endsWithSession: !!token.expiresWithSession,
      // Shared by the requests that hit the cache: frozen so that no handler can change it for the next.
      context: Object.freeze({
        user: Object.freeze(found.user),
        primaryEmail: found.email && Object.freeze(found.email),
        sessionUid: token.sessionUid ?? null,
        grantId: token.grantId ?? null,
        clientId: token.clientId,
        signInMethod: found.signInMethod ?? null,
      }),
    };
  }
  const tagsOf = (value: string, { context, endsWithSession }: Checked) => [
    `token:${value}`,
    `user:${context.user.id}`,
    ...(endsWithSession && context.sessionUid ? [`session:${context.sessionUid}`] : []),
  ];

  return async function authenticateUser(request: FastifyRequest): Promise<UserContext> {
    const value = bearerOf(request);
    if (!value) throw unauthorized();
    const checked = await cache.read(
      value,
      () => check(value),
      (c) => tagsOf(value, c),
    );
    if (!checked) throw unauthorized();
    const { context, exp } = checked;
    if (!(exp > Date.now() / 1000)) throw unauthorized();
    await touchDevice(deps, context.sessionUid ?? undefined);
    return context;
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
