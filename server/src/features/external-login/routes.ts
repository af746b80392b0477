import { externalLoginEndpoints as e, externalDetailsInput } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { type HandlerContext, handle } from '../../http/endpoint.js';
import { createProviders } from '../../modules/federation/index.js';
import { refusingCommonPasswords } from '../../modules/password/index.js';
import { campaignIdOf, clientInfo } from '../../modules/sign-in/index.js';
import { createExternalLoginService } from './service.js';

/** Sign-in through Google, Facebook and Zalo, and linking them (contracts/src/external-login.ts). */
export async function externalLoginRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createExternalLoginService(deps, app.oidc, createProviders(deps.config));
  const client = ({ request, caller, reply }: Pick<HandlerContext<typeof e.login>, 'request' | 'caller' | 'reply'>) =>
    clientInfo(request, caller, reply, deps.config);

  handle(app, e.login, (input, ctx) => service.login(client(ctx), input, campaignIdOf(ctx.request)));
  handle(app, e.pending, (input, ctx) => service.pending(client(ctx), input));
  handle(app, refusingCommonPasswords(e.details, externalDetailsInput), (input, ctx) =>
    service.details(client(ctx), input),
  );
  handle(app, e.zaloStart, (input, ctx) => service.zaloStart(client(ctx), input, campaignIdOf(ctx.request)));
  handle(app, e.zaloCallback, (input, ctx) => service.zaloCallback(client(ctx), input));
  handle(app, e.link, (input, ctx) => service.link(ctx.caller, ctx.user, input));
  handle(app, e.linkZaloStart, (_input, ctx) => service.linkZaloStart(client(ctx), ctx));
}
