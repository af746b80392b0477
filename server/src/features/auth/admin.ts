import type { AdminPermission } from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { AdminContext } from '../../http/endpoint.js';
import { forbidden } from '../../lib/errors.js';
import { adminPermissionsOf } from '../../modules/permissions/index.js';
import { PORTAL_CLIENT_ID } from '../../oidc/clients.js';

/**
 * Checks the caller of an `admin` endpoint (server/src/http/endpoint.ts): a person signed in to
 * the portal itself (checked as `user` endpoints check it: 401 without a live token), whose groups
 * hold the endpoint's permission (403 otherwise). Another app's token for the same person does not
 * open the console, and a product's client-credentials token is never an operator.
 */
export function createAuthenticateAdmin(scope: FastifyInstance, { database }: Pick<AppDeps, 'database'>) {
  return async function authenticateAdmin(request: FastifyRequest, needed: AdminPermission): Promise<AdminContext> {
    const who = await scope.authenticateUser(request);
    if (who.clientId !== PORTAL_CLIENT_ID) throw forbidden();
    const permissions = await adminPermissionsOf(database.db, who.user.id);
    if (!permissions.includes(needed)) throw forbidden();
    return { ...who, permissions };
  };
}
