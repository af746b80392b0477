import { guardianEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createGuardianService } from './service.js';

/** Guardian consent (contracts/src/guardian.ts): the child's page, and the guardian's public pages. */
export async function guardianRoutes(app: FastifyInstance, deps: AppDeps) {
  const guardian = createGuardianService(deps);
  const e = guardianEndpoints;
  handle(app, e.status, (_input, ctx) => guardian.status(ctx));
  handle(app, e.ask, (input, ctx) => guardian.ask(ctx, input));
  handle(app, e.check, (input, { caller }) => guardian.check(caller, input));
  handle(app, e.consent, (input, { caller }) => guardian.consent(caller, input));
  handle(app, e.withdrawal, (input) => guardian.withdrawal(input));
  handle(app, e.withdraw, (input, { caller }) => guardian.withdraw(caller, input));
}
