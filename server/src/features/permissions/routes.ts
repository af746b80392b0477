import { permissionEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle, type ProductContext } from '../../http/endpoint.js';
import type { CallerContext } from '../../lib/caller.js';
import { createPermissionService } from './service.js';

/** Permissions, groups and modules: the person's list and tree calls, the back office's groups (permissions:write). */
export async function permissionRoutes(app: FastifyInstance, deps: AppDeps) {
  // A member client is a back-office one: configured for the client-credentials grant.
  const clientExists = async (id: string) =>
    !!(await app.oidc.Client.find(id))?.grantTypes?.includes('client_credentials');
  const permissions = createPermissionService(deps, clientExists);
  const e = permissionEndpoints;
  handle(app, e.modules, (_input, { caller }) => permissions.modules(caller.locale));
  handle(app, e.tree, (_input, { caller }) => permissions.tree(caller.locale));
  handle(app, e.mine, (_input, { user }) => permissions.mine(user.id));
  handle(app, e.groups, () => permissions.groups());
  const by = ({ product, caller }: { product: ProductContext; caller: CallerContext }) => ({ ...product, caller });
  handle(app, e.putGroup, ({ code, name, permissions: held }, ctx) => permissions.put(by(ctx), code, name, held));
  handle(app, e.deleteGroup, ({ code }, ctx) => permissions.remove(by(ctx), code));
  handle(app, e.addMember, ({ code, kind, id }, ctx) => permissions.addMember(by(ctx), code, kind, id));
  handle(app, e.removeMember, ({ code, kind, id }, ctx) => permissions.removeMember(by(ctx), code, kind, id));
}
