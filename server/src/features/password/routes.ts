import { PASSWORD_PATHS } from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app.js';
import { createRequireUser, currentUser } from '../auth/bearer.js';
import { type Caller, createPasswordService } from './service.js';
import type { CurrentSession } from './sessions.js';

/** The session and grant of the request's bearer token (requireUser has already checked it). */
export async function currentSession(app: FastifyInstance, request: FastifyRequest): Promise<CurrentSession> {
  const value = /^Bearer ([\w.~+/-]+=*)$/i.exec(request.headers.authorization ?? '')?.[1];
  const token = value ? await app.oidc.AccessToken.find(value) : undefined;
  return { sessionUid: token?.sessionUid, grantId: token?.grantId };
}

export const callerOf = async (app: FastifyInstance, request: FastifyRequest): Promise<Caller> => ({
  ip: request.ip,
  session: await currentSession(app, request),
});

/** Change password and set first password, behind the bearer token. */
export async function passwordRoutes(app: FastifyInstance, deps: AppDeps) {
  app.addHook('preHandler', createRequireUser(app, deps));
  const passwords = createPasswordService(deps);

  app.get(PASSWORD_PATHS.otpMethods, async (request) => ({ result: await passwords.otpMethods(currentUser(request)) }));
  for (const path of [PASSWORD_PATHS.checkRequirePassword, PASSWORD_PATHS.hasTempPassword]) {
    app.get(path, async (request) => ({ result: passwords.requirePassword(currentUser(request)) }));
  }
  app.post(PASSWORD_PATHS.changePassword, async (request) => ({
    result: await passwords.changePassword(currentUser(request), request.body, await callerOf(app, request)),
  }));
  app.post(PASSWORD_PATHS.setPassword, async (request) => ({
    result: await passwords.setPassword(currentUser(request), request.body, await callerOf(app, request)),
  }));
}
