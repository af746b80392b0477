import { approvalEndpoints as e, type HubEvent } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { type HandlerContext, handle, handleStream } from '../../http/endpoint.js';
import { tooMany } from '../../lib/errors.js';
import { createHub, hubChannel, readUserHubKey, userHubChannel } from '../../modules/hub/index.js';
import { clientInfo } from '../../modules/sign-in/index.js';
import { createApprovalService } from './service.js';

/** Streams one IP may hold open on this copy, and one key (a page in a few tabs). */
const STREAMS_PER_IP = 20;
const STREAMS_PER_KEY = 5;
/** After these a page has nothing more to wait for on its key. */
const FINAL: ReadonlySet<HubEvent['type']> = new Set(['qrLogin', 'promptLogin', 'promptDenied', 'expired']);

/** QR codes, push requests, app codes and the hub (contracts/src/approval.ts, issue 26). */
export async function approvalRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createApprovalService(deps, app.oidc);
  const hub = createHub(deps.kv);
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

  // The hub (ADR 006): a page listens to its key's channel; the flow says what it missed.
  const open = new Map<string, number>();
  const hold = (name: string, max: number) => {
    const count = open.get(name) ?? 0;
    if (count >= max) throw tooMany();
    open.set(name, count + 1);
    return () => {
      const left = (open.get(name) ?? 1) - 1;
      if (left > 0) open.set(name, left);
      else open.delete(name);
    };
  };
  handleStream(app, e.hub, async ({ userId: key }, { caller }, { send, end }) => {
    const releaseIp = hold(`ip:${caller.ip}`, STREAMS_PER_IP);
    let releaseKey: (() => void) | undefined;
    try {
      releaseKey = hold(`key:${key}`, STREAMS_PER_KEY);
    } catch (err) {
      releaseIp();
      throw err;
    }
    const release = () => {
      releaseIp();
      releaseKey?.();
    };
    // An account page: it hears that account's new push requests until it leaves or its key
    // expires (then the page asks the list again, which brings a new key).
    const page = readUserHubKey(deps.secrets.encryptionKey, key);
    if (page) {
      const unlisten = await hub.listen(userHubChannel(page.userId), send);
      const timer = setTimeout(
        () => {
          send({ type: 'expired', reason: 'timeout' });
          end();
        },
        Math.max(0, page.expiresAt - Date.now()),
      );
      return async () => {
        clearTimeout(timer);
        release();
        await unlisten();
      };
    }
    // A QR code or push request: listen first, then read the flow, so nothing falls in between.
    const pass = (event: HubEvent) => {
      send(event);
      if (FINAL.has(event.type)) end();
    };
    const unlisten = await hub.listen(hubChannel(key), pass);
    let timer: NodeJS.Timeout | undefined;
    const close = async () => {
      clearTimeout(timer);
      release();
      await unlisten();
    };
    const state = await service.hubState(key).catch(async (err) => {
      await close();
      throw err;
    });
    if (!state) pass({ type: 'expired', reason: 'timeout' });
    else {
      if (state.first) pass(state.first);
      const left = state.expiresAt.getTime() - Date.now();
      timer = setTimeout(() => pass({ type: 'expired', reason: 'timeout' }), Math.max(0, left));
    }
    return close;
  });
}
