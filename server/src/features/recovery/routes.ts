import { recoveryEndpoints as E } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createRecoveryService } from './service.js';

/** Recovery ways (contracts/src/recovery.ts), for the signed-in user. */
export async function recoveryRoutes(app: FastifyInstance, deps: AppDeps) {
  const recovery = createRecoveryService(deps);
  handle(app, E.list, (_input, ctx) => recovery.list(ctx));
  handle(app, E.sendCode, (input, ctx) => recovery.sendCode(ctx, input));
  handle(app, E.update, (input, ctx) => recovery.update(ctx, input));
}
