import { isProductScope, type ProductScope } from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { ProductContext } from '../../http/endpoint.js';
import { forbidden, tooMany, unauthorized } from '../../lib/errors.js';
import { bearerOf } from './bearer.js';

/**
 * Checks a product's token for a `product` endpoint (server/src/http/endpoint.ts): only a
 * client-credentials token this provider issued (never a user's access token: they are another
 * model), unexpired, not bound to a key we cannot check, of a client still configured for the
 * grant. Its scopes count only as far as the client's configured `scope` still allows them, so
 * taking a scope away from a client in OIDC_CLIENTS_FILE takes it from the tokens it holds.
 * No token or a dead one: 401; a live token without the endpoint's scope: 403; a client past
 * PRODUCT_RATE_LIMIT calls in its minute: 429 with Retry-After (counted in the key-value store,
 * so every copy of Portico shares the count).
 */
export function createAuthenticateProduct(scope: FastifyInstance, { kv, config }: Pick<AppDeps, 'kv' | 'config'>) {
  return async function authenticateProduct(request: FastifyRequest, needed: ProductScope): Promise<ProductContext> {
    const value = bearerOf(request);
    if (!value) throw unauthorized();
    const token = await scope.oidc.ClientCredentials.find(value);
    if (!token?.clientId || token.isSenderConstrained()) throw unauthorized();
    const client = await scope.oidc.Client.find(token.clientId);
    if (!client?.grantTypes?.includes('client_credentials')) throw unauthorized();
    const allowed = new Set((client.scope ?? '').split(' '));
    const scopes = (token.scope ?? '').split(' ').filter((s) => allowed.has(s) && isProductScope(s)) as ProductScope[];
    if (!scopes.includes(needed)) throw forbidden();
    const key = `product-calls:${client.clientId}`;
    if ((await kv.incr(key, 60)) > config.PRODUCT_RATE_LIMIT) throw tooMany('too_many_requests', await kv.ttl(key));
    return Object.freeze({ clientId: client.clientId, scopes });
  };
}
