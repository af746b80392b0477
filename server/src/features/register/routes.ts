import { registerEndpoints, registerInput, updateInfoInput } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { refusingCommonPasswords } from '../../modules/password/index.js';
import { createRegisterService } from './service.js';

/** Registration API of the register page (spec sign-in §7 "Register"; public). */
export async function registerRoutes(app: FastifyInstance, deps: AppDeps) {
  const register = createRegisterService(deps);
  const e = registerEndpoints;
  handle(app, e.checkProcess, (input) => register.checkProcess(input));
  handle(app, e.sendOtp, (input, { caller }) => register.sendOtp(caller, input));
  handle(app, e.resendOtp, (input, { caller }) => register.resendOtp(caller, input));
  handle(app, e.checkOtp, (input) => register.checkOtp(input));
  handle(app, refusingCommonPasswords(e.register, registerInput), (input, { caller }) =>
    register.register(caller, input),
  );
}

/** Update-info of the signed-in account. */
export async function updateInfoRoutes(app: FastifyInstance, deps: AppDeps) {
  const register = createRegisterService(deps);
  const updateInfo = refusingCommonPasswords(registerEndpoints.updateInfo, (opts) =>
    updateInfoInput({ ...opts, passwordRequired: false }),
  );
  handle(app, updateInfo, (input, ctx) => register.updateInfo(ctx, input));
}
