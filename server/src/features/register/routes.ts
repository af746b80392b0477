import { pickLocale, REGISTER_PATHS } from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app.js';
import { createRequireUser, currentUser } from '../auth/bearer.js';
import { createRegisterService, type RegisterCaller } from './service.js';

const callerOf = (request: FastifyRequest): RegisterCaller => ({
  ip: request.ip,
  locale: pickLocale(request.headers['accept-language']),
});

/** Registration API of the register page (public). */
export async function registerRoutes(app: FastifyInstance, deps: AppDeps) {
  const register = createRegisterService(deps);
  app.post(REGISTER_PATHS.checkProcess, async (request) => ({ result: await register.checkProcess(request.body) }));
  app.post(REGISTER_PATHS.sendOtp, async (request) => ({
    result: await register.sendOtp(callerOf(request), request.body),
  }));
  app.post(REGISTER_PATHS.resendOtp, async (request) => ({
    result: await register.resendOtp(callerOf(request), request.body),
  }));
  app.post(REGISTER_PATHS.checkOtp, async (request) => ({ result: await register.checkOtp(request.body) }));
  app.post(REGISTER_PATHS.register, async (request) => ({
    result: await register.register(callerOf(request), request.body),
  }));
}

/** Update-info, behind the bearer token. */
export async function updateInfoRoutes(app: FastifyInstance, deps: AppDeps) {
  app.addHook('preHandler', createRequireUser(app, deps));
  const register = createRegisterService(deps);
  app.put(REGISTER_PATHS.updateInfo, async (request) => ({
    result: await register.updateInfo(currentUser(request), request.body, request.ip),
  }));
}
