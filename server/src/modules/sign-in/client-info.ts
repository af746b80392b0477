import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.js';
import type { CallerContext } from '../../lib/caller.js';
import type { ClientInfo } from './complete-sign-in.js';
import { signInCookies } from './cookies.js';
import { boundInteractionOf } from './interaction-binding.js';

/**
 * The caller of a sign-in call (login, provider sign-in, reset, token login), with the interaction
 * this browser opened the login page for and its sign-in cookies (the owed second step,
 * remembered browsers, a provider's pending step).
 */
export const clientInfo = (
  request: FastifyRequest,
  caller: CallerContext,
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
): ClientInfo => ({
  ...caller,
  boundInteraction: boundInteractionOf(request),
  cookies: signInCookies(request, reply, config.publicUrl.startsWith('https:')),
});

/** The spec passes campaignId in the query string of the login calls (contracts/src/auth.ts). */
export const campaignIdOf = (request: FastifyRequest) =>
  (request.query as { campaignId?: unknown } | undefined)?.campaignId;
