import { stepUpEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createAccountStepUp } from '../../modules/sign-in/index.js';

/**
 * The step-up of the account pages (contracts/src/step-up.ts): its status and its proofs. The
 * rules are server/src/modules/sign-in/step-up.ts; the guard of the endpoints that need a proof
 * runs in server/src/http/endpoint.ts.
 */
export async function stepUpRoutes(app: FastifyInstance, deps: AppDeps) {
  const stepUp = createAccountStepUp(deps);
  const e = stepUpEndpoints;
  handle(app, e.status, (_input, ctx) => stepUp.status(ctx));
  handle(app, e.verify, (input, ctx) => stepUp.verify(ctx, input));
  handle(app, e.sendCode, (input, ctx) => stepUp.sendCode(ctx, input.method));
}
