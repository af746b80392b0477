import { externalLoginEndpoints as e, externalDetailsInput } from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createProviders } from '../../modules/federation/index.js';
import { refusingCommonPasswords } from '../../modules/password/index.js';
import { boundInteractionOf, type ClientInfo, signInCookies } from '../../modules/sign-in/index.js';
import { createExternalLoginService } from './service.js';

// The spec passes campaignId in the query string of the login calls (contracts/src/auth.ts).
const campaignIdOf = (request: FastifyRequest) => (request.query as { campaignId?: unknown } | undefined)?.campaignId;

/** Sign-in through Google, Facebook and Zalo, and linking them (contracts/src/external-login.ts). */
export async function externalLoginRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createExternalLoginService(deps, app.oidc, createProviders(deps.config));
  const secure = deps.config.publicUrl.startsWith('https:');
  const client = (ctx: {
    request: FastifyRequest;
    reply: Parameters<typeof signInCookies>[1];
    caller: ClientInfo;
  }) => ({
    ...ctx.caller,
    boundInteraction: boundInteractionOf(ctx.request),
    cookies: signInCookies(ctx.request, ctx.reply, secure),
  });

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
