import { ACCOUNT_PATHS } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { createRequireUser, currentUser } from '../auth/bearer.js';
import { createDeleteAccountService } from './service.js';

/** Delete account, behind the bearer token. */
export async function deleteAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  app.addHook('preHandler', createRequireUser(app, deps));
  const service = createDeleteAccountService(deps);
  app.get(ACCOUNT_PATHS.hasPassword, async (r) => ({ result: service.hasPassword(currentUser(r)) }));
  app.post(ACCOUNT_PATHS.checkPassword, async (r) => ({
    result: await service.checkPassword(currentUser(r), r.body, r.ip),
  }));
  app.delete(ACCOUNT_PATHS.deleteAccount, async (r) => ({
    result: await service.deleteAccount(currentUser(r), r.body, r.ip),
  }));
}
