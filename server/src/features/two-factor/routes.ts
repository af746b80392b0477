import { twoFactorEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createTwoFactorSettings } from './service.js';

/** Two-step verification settings (spec account §7 Two-factor), for the signed-in user. */
export async function twoFactorRoutes(app: FastifyInstance, deps: AppDeps) {
  const settings = createTwoFactorSettings(deps);
  const e = twoFactorEndpoints;
  handle(app, e.details, (_input, ctx) => settings.details(ctx));
  handle(app, e.checkPassword, (input, ctx) => settings.checkPassword(ctx, input));
  handle(app, e.setupAuthenticator, (_input, ctx) => settings.setupAuthenticator(ctx));
  handle(app, e.verifyAuthenticator, (input, ctx) => settings.verifyAuthenticator(ctx, input));
  handle(app, e.enable, (_input, ctx) => settings.enable(ctx));
  handle(app, e.disable, (_input, ctx) => settings.disable(ctx));
  handle(app, e.generateRecoveryCodes, (_input, ctx) => settings.generateRecoveryCodes(ctx));
  handle(app, e.resetAuthenticator, (_input, ctx) => settings.resetAuthenticator(ctx));
}
