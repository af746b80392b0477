import {
  DELETE_ACCOUNT_PATH,
  deleteAccountAnswerSchema,
  deleteAccountEndpoints,
  deleteAccountInput,
} from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { callerContext } from '../../http/context.js';
import { handle } from '../../http/endpoint.js';
import { parseInput } from '../../lib/errors.js';
import { createDeleteAccountService } from './service.js';

/** Delete account (spec account §7 Delete account), for the signed-in user. */
export async function deleteAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createDeleteAccountService(deps);
  const e = deleteAccountEndpoints;
  handle(app, e.hasPassword, async (_input, { user }) => service.hasPassword(user));
  handle(app, e.checkPassword, (input, ctx) => service.checkPassword(ctx, input));
  // DELETE with a JSON body (contracts/src/delete-account.ts, DELETE_ACCOUNT_PATH): a plain route.
  app.delete(DELETE_ACCOUNT_PATH, async (request) => {
    const { user } = await app.authenticateUser(request);
    const input = parseInput(deleteAccountInput, request.body);
    const done = await service.deleteAccount({ user, caller: callerContext(request) }, input);
    return { result: deleteAccountAnswerSchema.parse(done) };
  });
}
