import { FORGOT_PASSWORD_PATHS } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { clientInfo } from '../auth/routes.js';
import { createForgotPasswordService } from './service.js';

/** Forgot-password API of the forgot-password page (public). */
export async function forgotPasswordRoutes(app: FastifyInstance, deps: AppDeps) {
  const forgot = createForgotPasswordService(deps, app.oidc);
  app.post(FORGOT_PASSWORD_PATHS.checkProcess, async (request) => ({
    result: await forgot.checkProcess(request.body),
  }));
  for (const path of [FORGOT_PASSWORD_PATHS.send, FORGOT_PASSWORD_PATHS.resendOtp]) {
    app.post(path, async (request) => ({ result: await forgot.send(request.body, request.ip) }));
  }
  app.post(FORGOT_PASSWORD_PATHS.checkOtp, async (request) => ({ result: await forgot.checkOtp(request.body) }));
  app.post(FORGOT_PASSWORD_PATHS.resetPassword, async (request) => ({
    result: await forgot.resetPassword(clientInfo(request), request.body),
  }));
}
