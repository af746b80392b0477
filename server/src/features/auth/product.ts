import { isProductScope, type ProductScope } from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { ProductContext } from '../../http/endpoint.js';
import { forbidden, tooMany, unauthorized } from '../../lib/errors.js';
import { permissionsOf } from '../../modules/permissions/index.js';
import { PERSON_CALLER_PREFIX, PORTAL_CLIENT_ID } from '../../oidc/clients.js';
import { bearerOf } from './bearer.js';

const asScopes = (ids: readonly string[]) => ids.filter(isProductScope);

/**
 * Checks the caller of a `product` endpoint (server/src/http/endpoint.ts), who is one of two:
 *
 * - a back-office client, with a client-credentials token this provider issued, unexpired, not
 *   bound to a key we cannot check, of a client still configured for the grant. Its scopes count
 *   only as far as the client's configured `scope` still allows them (taking a scope out of
 *   OIDC_CLIENTS_FILE takes it from the tokens it holds); what its groups hold counts too
 *   (issue 30 point 5, server/src/modules/permissions), asked only when the scopes fall short;
 * - a person of the back office, with their own sign-in's token (the portal's, checked as
 *   `user` endpoints check it), holding the permission through a group; never on their own
 *   account where that would be a conflict of interest (refuseOwnAccount in http/endpoint.ts).
 *
 * No token or a dead one: 401; a live one without the permission: 403; a caller past
 * PRODUCT_RATE_LIMIT calls in its minute: 429 with Retry-After (counted in the key-value store,
 * so every copy of Portico shares the count).
 */
export function createAuthenticateProduct(
  scope: FastifyInstance,
  { kv, config, database }: Pick<AppDeps, 'kv' | 'config' | 'database'>,
) {
  /** Who calls, and whether they hold the permission (counted against the limit either way). */
  async function caller(
    request: FastifyRequest,
    value: string,
    needed: ProductScope,
  ): Promise<{ context: ProductContext; holds: boolean }> {
    const token = await scope.oidc.ClientCredentials.find(value);
    if (!token) {
      // A person's token from the portal only: another first-party app's backend holding it does
      // not get the person's back-office permissions.
      const person = await scope.authenticateUser(request);
      const { user } = person;
      if (person.clientId !== PORTAL_CLIENT_ID) throw forbidden();
      const held = asScopes(await permissionsOf(database.db, 'user', user.id));
      const context = { clientId: `${PERSON_CALLER_PREFIX}${user.id}`, userId: user.id, person, scopes: held };
      return { context, holds: held.includes(needed) };
    }
    if (!token.clientId || token.isSenderConstrained()) throw unauthorized();
    const client = await scope.oidc.Client.find(token.clientId);
    if (!client?.grantTypes?.includes('client_credentials')) throw unauthorized();
    const allowed = new Set((client.scope ?? '').split(' '));
    const scopes = asScopes((token.scope ?? '').split(' ').filter((s) => allowed.has(s)));
    if (scopes.includes(needed)) return { context: { clientId: client.clientId, scopes }, holds: true };
    const held = asScopes(await permissionsOf(database.db, 'client', client.clientId));
    const context = { clientId: client.clientId, scopes: [...new Set([...scopes, ...held])] };
    return { context, holds: held.includes(needed) };
  }

  return async function authenticateProduct(request: FastifyRequest, needed: ProductScope): Promise<ProductContext> {
    const value = bearerOf(request);
    if (!value) throw unauthorized();
    const { context, holds } = await caller(request, value, needed);
    // Refused calls count too: a caller without the permission cannot make the door work unbounded.
    const key = `product-calls:${context.clientId}`;
    if ((await kv.incr(key, 60)) > config.PRODUCT_RATE_LIMIT) throw tooMany('too_many_requests', await kv.ttl(key));
    if (!holds) throw forbidden();
    return Object.freeze(context);
  };
}
