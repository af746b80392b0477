import { devicesEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createDeviceService } from './manage.js';

/** The devices pages (spec account §7 Devices), for the signed-in user (log out everywhere: AUTH_PATHS.logoutAll). */
export async function deviceRoutes(app: FastifyInstance, deps: AppDeps) {
  const devices = createDeviceService(deps);
  const e = devicesEndpoints;
  handle(app, e.list, (_input, ctx) => devices.list(ctx, { loggedOut: false }));
  handle(app, e.listLoggedOut, (_input, ctx) => devices.list(ctx, { loggedOut: true }));
  handle(app, e.detail, (input, ctx) => devices.detail(ctx, input));
  handle(app, e.logout, (input, ctx) => devices.logout(ctx, input));
}
