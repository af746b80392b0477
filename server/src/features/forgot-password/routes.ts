import { forgotPasswordEndpoints, resetPasswordInput } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { refusingCommonPasswords } from '../../modules/password/index.js';
import { clientInfo } from '../../modules/sign-in/index.js';
import { createForgotPasswordService } from './service.js';

/** Forgot-password API of the forgot-password page (spec sign-in §7 "Forgot password"; public). */
export async function forgotPasswordRoutes(app: FastifyInstance, deps: AppDeps) {
  const forgot = createForgotPasswordService(deps, app.oidc);
  const e = forgotPasswordEndpoints;
  handle(app, e.checkProcess, (input) => forgot.checkProcess(input));
  handle(app, e.send, (input, { caller }) => forgot.send(caller, input));
  handle(app, e.resendOtp, (input, { caller }) => forgot.send(caller, input));
  handle(app, e.checkOtp, (input) => forgot.checkOtp(input));
  handle(app, refusingCommonPasswords(e.resetPassword, resetPasswordInput), (input, { caller, request, reply }) =>
    forgot.resetPassword(clientInfo(request, caller, reply, deps.config), input),
  );
}
