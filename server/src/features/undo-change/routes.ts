import { undoChangeEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createUndoChange } from './service.js';

/** The undo link of the security e-mails about sign-in and recovery changes (contracts/src/undo-change.ts). */
export async function undoChangeRoutes(app: FastifyInstance, deps: AppDeps) {
  const undo = createUndoChange(deps);
  handle(app, undoChangeEndpoints.undo, (input, ctx) => undo.undo(ctx.caller, input.token));
}
