import { devicesEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';

import { createDeviceService } from './manage.js';
import { createNotMe } from './not-me.js';
import { createRememberedDeviceService } from './remembered.js';

/** The devices pages (spec account §7 Devices), for the signed-in user (log out everywhere: AUTH_PATHS.logoutAll). */
export async function deviceRoutes(app: FastifyInstance, deps: AppDeps) {
  const devices = createDeviceService(deps);
  const e = devicesEndpoints;
  handle(app, e.list, (_input, ctx) => devices.list(ctx, { loggedOut: false }));
  handle(app, e.listLoggedOut, (_input, ctx) => devices.list(ctx, { loggedOut: true }));
  handle(app, e.detail, (input, ctx) => devices.detail(ctx, input));
  handle(app, e.logout, (input, ctx) => devices.logout(ctx, input));

  // Remembered browsers (remembered.ts): only the user's own are seen or forgotten.
  const remembered = createRememberedDeviceService(deps);
  handle(app, e.remembered, (_input, { user }) => remembered.list(user.id));
  handle(app, e.forgetRemembered, ({ id }, { user }) => remembered.forget(user.id, id));

  // The "this wasn't me" link of a new-sign-in e-mail (not-me.ts): public, the link's token is the proof.
  const notMe = createNotMe(deps);
  handle(app, e.notMe, ({ token }, { caller }) => notMe.report(caller, token));
}
