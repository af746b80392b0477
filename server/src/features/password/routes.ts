import { changePasswordInput, passwordEndpoints, setPasswordInput } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { refusingCommonPasswords } from '../../modules/password/index.js';
import { createPasswordService } from './service.js';

/** Change password and set first password (spec sign-in §7 "Change password"), for the signed-in user. */
export async function passwordRoutes(app: FastifyInstance, deps: AppDeps) {
  const passwords = createPasswordService(deps);
  const e = passwordEndpoints;

  handle(app, e.otpMethods, (_input, { user }) => passwords.otpMethods(user));
  handle(app, e.checkRequirePassword, async ({ id }, { user }) => passwords.requirePassword(user, id));
  handle(app, e.hasTempPassword, async (_input, { user }) => passwords.tempPassword(user));
  handle(app, refusingCommonPasswords(e.changePassword, changePasswordInput), (input, ctx) =>
    passwords.changePassword(ctx, input),
  );
  handle(app, refusingCommonPasswords(e.setPassword, setPasswordInput), (input, ctx) =>
    passwords.setPassword(ctx, input),
  );
}
