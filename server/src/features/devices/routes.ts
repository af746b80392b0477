import { ACCOUNT_PATHS } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { createRequireUser, currentUser } from '../auth/bearer.js';
import { currentSession } from '../password/routes.js';
import { createDeviceService } from './manage.js';

type ById = { Params: { id: string } };

/** The devices pages, behind the bearer token (log out everywhere: AUTH_PATHS.logoutAll). */
export async function deviceRoutes(app: FastifyInstance, deps: AppDeps) {
  app.addHook('preHandler', createRequireUser(app, deps));
  const devices = createDeviceService(deps);
  const sessionOf = async (r: Parameters<typeof currentSession>[1]) => (await currentSession(app, r)).sessionUid;

  app.get(ACCOUNT_PATHS.devices, async (r) => ({
    result: await devices.list(currentUser(r), false, await sessionOf(r)),
  }));
  app.get(ACCOUNT_PATHS.devicesLoggedOut, async (r) => ({
    result: await devices.list(currentUser(r), true, await sessionOf(r)),
  }));
  app.get<ById>(ACCOUNT_PATHS.device, async (r) => ({
    result: await devices.detail(currentUser(r), r.params.id, await sessionOf(r)),
  }));
  app.post<ById>(ACCOUNT_PATHS.deviceLogout, async (r) => ({
    result: await devices.logout(currentUser(r), r.params.id, r.ip),
  }));
}
