import { authEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { notFound } from '../../lib/errors.js';
import { createBrands } from '../../modules/branding/index.js';
import { trackDeviceSessions } from '../../modules/devices/index.js';
import {
  abortInteraction,
  campaignIdOf,
  clientInfo,
  createSecondFactor,
  decideConsent,
  describeInteraction,
  findBoundInteraction,
  findInteraction,
} from '../../modules/sign-in/index.js';
import { createAuthService } from './service.js';

/** Sign-in API of the login page (spec sign-in §7 "Login") and the captcha challenge. */
export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth = createAuthService(deps, app.oidc);
  const secondFactor = createSecondFactor(deps, app.oidc);
  trackDeviceSessions(app.oidc, deps);

  handle(app, authEndpoints.loginCheck, (input, { request, caller, reply }) =>
    auth.loginCheck(clientInfo(request, caller, reply, deps.config), input),
  );
  handle(app, authEndpoints.login, (input, { request, caller, reply }) =>
    auth.loginWithPassword(clientInfo(request, caller, reply, deps.config), input, campaignIdOf(request)),
  );
  handle(app, authEndpoints.otpSupport, async (input) => auth.otpSupport(input));
  handle(app, authEndpoints.sendLoginOtp, (input, { request, caller, reply }) =>
    auth.sendLoginOtp(clientInfo(request, caller, reply, deps.config), input),
  );
  handle(app, authEndpoints.loginByOtp, (input, { request, caller, reply }) =>
    auth.loginWithOtp(clientInfo(request, caller, reply, deps.config), input, campaignIdOf(request)),
  );

  // Login step 3 (server/src/modules/sign-in/second-factor.ts).
  handle(app, authEndpoints.twoFactorResume, (input, { request, caller, reply }) =>
    secondFactor.resume(clientInfo(request, caller, reply, deps.config), input),
  );
  handle(app, authEndpoints.twoFactorSendCode, (input, { request, caller, reply }) =>
    secondFactor.sendCode(clientInfo(request, caller, reply, deps.config), input),
  );
  handle(app, authEndpoints.loginTwoFactor, (input, { request, caller, reply }) =>
    secondFactor.verify(clientInfo(request, caller, reply, deps.config), input),
  );
  handle(app, authEndpoints.loginRecoveryCode, (input, { request, caller, reply }) =>
    secondFactor.verifyRecoveryCode(clientInfo(request, caller, reply, deps.config), input),
  );

  const brands = createBrands(deps);
  handle(app, authEndpoints.interaction, async ({ uid }) =>
    describeInteraction(app.oidc, await findInteraction(app.oidc, uid), brands),
  );
  handle(app, authEndpoints.consent, async ({ uid, approve }, { request }) => {
    const interaction = await findInteraction(app.oidc, uid);
    const sessionCookie = request.cookies[app.oidc.cookieName('session')];
    return decideConsent(app.oidc, interaction, sessionCookie, approve);
  });
  // Only the browser the interaction is bound to may cancel it: a link must not end someone else's sign-in.
  handle(app, authEndpoints.abort, async ({ uid }, { request, caller, reply }) =>
    abortInteraction(await findBoundInteraction(app.oidc, uid, clientInfo(request, caller, reply, deps.config))),
  );

  handle(app, authEndpoints.captchaChallenge, async (_input, { reply }) => {
    if (!deps.captcha.challenge) throw notFound();
    reply.header('cache-control', 'no-store');
    return deps.captcha.challenge();
  });
}
