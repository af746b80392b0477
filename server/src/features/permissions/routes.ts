import { permissionEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
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
  handle(app, e.putGroup, ({ code, name, permissions: held }) => permissions.put(code, name, held));
  handle(app, e.deleteGroup, ({ code }) => permissions.remove(code));
  handle(app, e.addMember, ({ code, kind, id }) => permissions.addMember(code, kind, id));
  handle(app, e.removeMember, ({ code, kind, id }) => permissions.removeMember(code, kind, id));
}
