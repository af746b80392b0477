import { AUTH_PATHS, consentInput } from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app.js';
import { notFound, parseInput } from '../../lib/errors.js';
import { trackDeviceSessions } from '../devices/service.js';
import type { ClientInfo } from './complete-sign-in.js';
import {
  abortInteraction,
  decideConsent,
  describeInteraction,
  findBoundInteraction,
  findInteraction,
} from './interaction.js';
import { boundInteractionOf } from './interaction-binding.js';
import { createAuthService } from './service.js';

// Only an edge proxy sets these; without one the region stays unknown.
const regionOf = (request: FastifyRequest): string | null => {
  const value = request.headers['cf-ipcountry'] ?? request.headers['x-region'];
  const region = Array.isArray(value) ? value[0] : value;
  return region && /^[\w -]{1,64}$/.test(region) ? region : null;
};

export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
  region: regionOf(request),
  boundInteraction: boundInteractionOf(request),
});

const campaignIdOf = (request: FastifyRequest) => (request.query as { campaignId?: unknown } | undefined)?.campaignId;

/** Sign-in API of the login page (spec sign-in §7 "Login") and the captcha challenge. */
export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth = createAuthService(deps, app.oidc);
  trackDeviceSessions(app.oidc, deps);

  app.post(AUTH_PATHS.loginCheck, async (request) => ({
    result: await auth.loginCheck(clientInfo(request), request.body),
  }));
  app.post(AUTH_PATHS.login, async (request) => ({
    result: await auth.loginWithPassword(clientInfo(request), request.body, campaignIdOf(request)),
  }));
  app.get(AUTH_PATHS.otpSupport, async (request) => ({ result: auth.otpSupport(request.query) }));
  app.post(AUTH_PATHS.loginSendOtp, async (request) => ({
    result: await auth.sendLoginOtp(clientInfo(request), request.body),
  }));
  app.post(AUTH_PATHS.loginByOtp, async (request) => ({
    result: await auth.loginWithOtp(clientInfo(request), request.body, campaignIdOf(request)),
  }));

  app.get<{ Params: { uid: string } }>(`${AUTH_PATHS.interaction}/:uid`, async (request) => ({
    result: await describeInteraction(app.oidc, await findInteraction(app.oidc, request.params.uid)),
  }));
  app.post<{ Params: { uid: string } }>(`${AUTH_PATHS.interaction}/:uid/consent`, async (request) => {
    const { approve } = parseInput(consentInput, request.body);
    const interaction = await findInteraction(app.oidc, request.params.uid);
    const sessionCookie = request.cookies[app.oidc.cookieName('session')];
    return { result: await decideConsent(app.oidc, interaction, sessionCookie, approve) };
  });
  // Only the browser the interaction is bound to may cancel it: a link must not end someone else's sign-in.
  app.post<{ Params: { uid: string } }>(`${AUTH_PATHS.interaction}/:uid/abort`, async (request) => ({
    result: await abortInteraction(await findBoundInteraction(app.oidc, request.params.uid, clientInfo(request))),
  }));

  // The ALTCHA widget fetches this URL and expects the bare challenge object (no result envelope).
  app.get(AUTH_PATHS.captchaChallenge, async (_request, reply) => {
    if (!deps.captcha.challenge) throw notFound();
    reply.header('cache-control', 'no-store');
    return deps.captcha.challenge();
  });
}
