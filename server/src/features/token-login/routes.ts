import { tokenLoginEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { clientInfo } from '../../modules/sign-in/index.js';
import { createTokenLoginService } from './service.js';

/** Token login (contracts/src/token-login.ts): the app asks for a one-time token, the page spends it. */
export async function tokenLoginRoutes(app: FastifyInstance, deps: AppDeps) {
  const tokenLogin = createTokenLoginService(deps, app.oidc);
  handle(app, tokenLoginEndpoints.issue, (_input, who) => tokenLogin.issue(who));
  handle(app, tokenLoginEndpoints.exchange, (input, { request, reply, caller }) =>
    tokenLogin.exchange(clientInfo(request, caller, reply, deps.config), input),
  );
}
