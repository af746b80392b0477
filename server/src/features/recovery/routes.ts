import { ACCOUNT_PATHS } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { createRequireUser, currentUser } from '../auth/bearer.js';
import { createRecoveryService } from './service.js';

/** Recovery ways, behind the bearer token. */
export async function recoveryRoutes(app: FastifyInstance, deps: AppDeps) {
  app.addHook('preHandler', createRequireUser(app, deps));
  const recovery = createRecoveryService(deps);
  app.get(ACCOUNT_PATHS.recoveryClaims, async (r) => ({ result: await recovery.list(currentUser(r)) }));
  app.post(ACCOUNT_PATHS.recoveryClaims, async (r) => ({
    result: await recovery.update(currentUser(r), r.body, r.ip),
  }));
}
