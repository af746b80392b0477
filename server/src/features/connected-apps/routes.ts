import { connectedAppsEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createConnectedAppService } from './service.js';

/** Connected apps (issue 32 point 2): the signed-in person's granted products, and revoking one. */
export async function connectedAppRoutes(app: FastifyInstance, deps: AppDeps) {
  const apps = createConnectedAppService(deps, async (clientId) => {
    const client = await app.oidc.Client.find(clientId).catch(() => undefined);
    return client ? (client.clientName ?? client.clientId) : undefined;
  });
  const e = connectedAppsEndpoints;
  handle(app, e.list, (_input, ctx) => apps.list(ctx));
  handle(app, e.revoke, (input, ctx) => apps.revoke(ctx, input));
}
