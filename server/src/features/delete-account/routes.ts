import { deleteAccountEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createDeleteAccountService } from './service.js';

/** Delete account (spec account §7 Delete account), for the signed-in user. */
export async function deleteAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createDeleteAccountService(deps);
  const e = deleteAccountEndpoints;
  handle(app, e.hasPassword, async (_input, { user }) => service.hasPassword(user));
  handle(app, e.checkPassword, (input, ctx) => service.checkPassword(ctx, input));
  handle(app, e.remove, (input, { user, caller }) => service.deleteAccount({ user, caller }, input));
}
