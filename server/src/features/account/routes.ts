import { AUTH_PATHS } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { createRequireUser, currentUser } from '../auth/bearer.js';
import { describeCurrentUser, logoutAll } from './service.js';

/** Account APIs behind the bearer token. */
export async function accountRoutes(app: FastifyInstance, deps: AppDeps) {
  app.addHook('preHandler', createRequireUser(app, deps));

  app.get(AUTH_PATHS.me, async (request) => ({ result: await describeCurrentUser(deps, currentUser(request)) }));
  app.post(AUTH_PATHS.logoutAll, async (request) => {
    await logoutAll(deps, currentUser(request), request.ip);
    return { result: true };
  });
}
