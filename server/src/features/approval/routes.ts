import { approvalEndpoints as e } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { type HandlerContext, handle, handleStream } from '../../http/endpoint.js';
import { clientInfo } from '../../modules/sign-in/index.js';
import { createHubStreams } from './hub-stream.js';
import { createApprovalService } from './service.js';

/** QR codes, push requests, app codes and the hub (contracts/src/approval.ts, issue 26). */
export async function approvalRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createApprovalService(deps, app.oidc);
  const client = ({ request, caller, reply }: Pick<HandlerContext<typeof e.qrCode>, 'request' | 'caller' | 'reply'>) =>
    clientInfo(request, caller, reply, deps.config);

  handle(app, e.qrCode, (input, ctx) => service.qrCode(client(ctx), input));
  handle(app, e.loginByQrCode, (input, ctx) => service.loginByQrCode(client(ctx), input));
  handle(app, e.qrDetails, (input, ctx) => service.qrDetails(ctx.user, input));
  handle(app, e.qrApprove, (input, ctx) => service.qrApprove(ctx.user, ctx.caller, input));
  handle(app, e.requestVerifyPrompt, (input, ctx) => service.requestVerifyPrompt(client(ctx), input));
  handle(app, e.promptLogin, (input, ctx) => service.promptLogin(client(ctx), input));
  handle(app, e.prompts, (_input, ctx) => service.prompts(ctx.user));
  handle(app, e.answerPrompt, (input, ctx) => service.answerPrompt(ctx.user, ctx.caller, input));
  handle(app, e.appCode, (_input, ctx) => service.appCode(ctx.user));

  // The hub (ADR 006): a page listens to its key; the flow says what it missed.
  const streams = createHubStreams(deps, service);
  handleStream(app, e.hub, ({ userId: key }, { caller }, sink) => streams.open(key, caller.ip, sink));
}
