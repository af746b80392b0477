import { passkeysEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { campaignIdOf, clientInfo } from '../../modules/sign-in/index.js';
import { createPasskeys } from './service.js';

/** Passkeys (contracts/src/passkeys.ts): login step 1's passkey sign-in, login step 3's passkey, and the person's own passkeys. */
export async function passkeyRoutes(app: FastifyInstance, deps: AppDeps) {
  const passkeys = createPasskeys(deps, app.oidc);
  const e = passkeysEndpoints;
  handle(app, e.signInOptions, (input, { caller, request, reply }) =>
    passkeys.signInOptions(clientInfo(request, caller, reply, deps.config), input),
  );
  handle(app, e.signIn, (input, { caller, request, reply }) =>
    passkeys.signIn(clientInfo(request, caller, reply, deps.config), input, campaignIdOf(request)),
  );
  handle(app, e.secondStepOptions, (input, { caller, request, reply }) =>
    passkeys.secondStepOptions(clientInfo(request, caller, reply, deps.config), input),
  );
  handle(app, e.secondStep, (input, { caller, request, reply }) =>
    passkeys.secondStep(clientInfo(request, caller, reply, deps.config), input),
  );
  handle(app, e.stepUpOptions, (_input, ctx) => passkeys.stepUpOptions(ctx));
  handle(app, e.stepUp, (input, ctx) => passkeys.stepUp(ctx, input));
  handle(app, e.list, (_input, ctx) => passkeys.list(ctx));
  handle(app, e.registrationOptions, (_input, ctx) => passkeys.registrationOptions(ctx));
  handle(app, e.register, (input, ctx) => passkeys.register(ctx, input));
  handle(app, e.rename, (input, ctx) => passkeys.rename(ctx, input));
  handle(app, e.remove, (input, ctx) => passkeys.remove(ctx, input));
}
