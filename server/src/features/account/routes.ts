import { accountEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { describeCurrentUser, logoutAll } from './service.js';

/** Who is signed in, and signing out everywhere; both behind the bearer token. */
export async function accountRoutes(app: FastifyInstance, deps: AppDeps) {
  handle(app, accountEndpoints.me, async (_input, { user, primaryEmail, signInMethod, awaitsGuardian }) =>
    describeCurrentUser(user, primaryEmail, signInMethod, awaitsGuardian),
  );
  handle(app, accountEndpoints.logoutAll, async (_input, { user, caller }) => {
    await logoutAll(deps, user, caller.ip);
    return true as const;
  });
}
