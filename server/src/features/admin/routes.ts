import { adminEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { heldPermissionsOf } from '../../modules/permissions/index.js';
import { createAdminService } from './service.js';

/** The admin console's endpoints (issue 31 point 1): each needs its permission (contracts/src/admin.ts). */
export async function adminRoutes(app: FastifyInstance, deps: AppDeps) {
  const admin = createAdminService(deps, app.oidc);
  const e = adminEndpoints;
  handle(app, e.access, async (_input, { user }) => ({
    permissions: await heldPermissionsOf(deps.database.db, user.id),
  }));
  handle(app, e.users, ({ q }) => admin.search(q));
  handle(app, e.user, ({ userId }, { caller }) => admin.view(userId, caller.locale));
  handle(app, e.act, ({ userId, action }, ctx) => admin.act(ctx.admin, ctx.caller, userId, action));
  handle(app, e.clients, () => admin.listClients());
  handle(app, e.createClient, ({ clientId, ...fields }, ctx) =>
    admin.createClient(ctx.admin, ctx.caller, clientId, fields),
  );
  handle(app, e.updateClient, ({ clientId, ...fields }, ctx) =>
    admin.updateClient(ctx.admin, ctx.caller, clientId, fields),
  );
  handle(app, e.rotateSecret, ({ clientId }, ctx) => admin.rotateSecret(ctx.admin, ctx.caller, clientId));
  handle(app, e.deleteClient, ({ clientId }, ctx) => admin.deleteClient(ctx.admin, ctx.caller, clientId));
  handle(app, e.audit, ({ pageIndex, targetId }) => admin.audit(pageIndex, targetId));
}
