import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import middie from '@fastify/middie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.js';
import { accountRoutes } from './features/account/routes.js';
import { activityRoutes } from './features/activity/routes.js';
import { subscribeAddress } from './features/address/events.js';
import { addressRoutes } from './features/address/routes.js';
import { adminRoutes } from './features/admin/routes.js';
import { approvalRoutes } from './features/approval/routes.js';
import { createAuthenticateAdmin } from './features/auth/admin.js';
import { createAuthenticateUser } from './features/auth/bearer.js';
import { createAuthenticateProduct } from './features/auth/product.js';
import { authRoutes } from './features/auth/routes.js';
import { brandingRoutes } from './features/branding/routes.js';
import { campaignRoutes } from './features/campaigns/routes.js';
import { connectedAppRoutes } from './features/connected-apps/routes.js';
import { subscribeContacts } from './features/contacts/events.js';
import { contactRoutes } from './features/contacts/routes.js';
import { dataExportRoutes } from './features/data-export/routes.js';
import { deleteAccountRoutes } from './features/delete-account/routes.js';
import { deviceRoutes } from './features/devices/routes.js';
import { errorRoutes } from './features/errors/routes.js';
import { externalLoginRoutes } from './features/external-login/routes.js';
import { forgotPasswordRoutes } from './features/forgot-password/routes.js';
import { guardianRoutes } from './features/guardian/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { subscribeKyc } from './features/kyc/events.js';
import { kycRoutes } from './features/kyc/routes.js';
import { lookupRoutes } from './features/lookups/routes.js';
import { metricsRoutes } from './features/metrics/routes.js';
import { subscribeNotification } from './features/notification/events.js';
import { notificationRoutes } from './features/notification/routes.js';
import { subscribeOrders } from './features/orders/events.js';
import { orderRoutes } from './features/orders/routes.js';
import { outboxRoutes } from './features/outbox/routes.js';
import { subscribePasskeys } from './features/passkeys/events.js';
import { passkeyRoutes } from './features/passkeys/routes.js';
import { passwordRoutes } from './features/password/routes.js';
import { permissionRoutes } from './features/permissions/routes.js';
import { subscribePoints } from './features/points/events.js';
import { pointRoutes } from './features/points/routes.js';
import { productUserRoutes } from './features/product-users/routes.js';
import { subscribeProfile } from './features/profile/events.js';
import { profileRoutes } from './features/profile/routes.js';
import { subscribeProfiles } from './features/profiles/events.js';
import { profilesRoutes } from './features/profiles/routes.js';
import { subscribeRecovery } from './features/recovery/events.js';
import { recoveryRoutes } from './features/recovery/routes.js';
import { registerRoutes, updateInfoRoutes } from './features/register/routes.js';
import { appSettings, settingsRoutes } from './features/settings/routes.js';
import { stepUpRoutes } from './features/step-up/routes.js';
import { tokenLoginRoutes } from './features/token-login/routes.js';
import { subscribeTwoFactor } from './features/two-factor/events.js';
import { twoFactorRoutes } from './features/two-factor/routes.js';
import { undoChangeRoutes } from './features/undo-change/routes.js';
import { uploadRoutes } from './features/uploads/routes.js';
import { installDrain } from './http/drain.js';
import { openApiRoutes } from './http/openapi.js';
import { measureRequests } from './http/request-metrics.js';
import { refuseCrossSiteWrites } from './http/same-origin.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { answerFrameworkError, installErrorHandler, PATH_PARAM_MAX } from './lib/errors.js';
import { refuseNullBytes } from './lib/input-guard.js';
import { subscribeActivity } from './modules/activity/index.js';
import { subscribeAlerts } from './modules/alerts/index.js';
import { subscribeAudit } from './modules/audit/index.js';
import { createBrands } from './modules/branding/index.js';
import { subscribeClaims } from './modules/claims/index.js';
import { subscribeDevices } from './modules/devices/index.js';
import { subscribeFederation } from './modules/federation/index.js';
import { subscribeFiles } from './modules/files/index.js';
import { subscribeFlows } from './modules/flows/index.js';
import { createGuardianRule, subscribeGuardian } from './modules/guardian/index.js';
import { subscribeMetrics, watchDependencies } from './modules/metrics/index.js';
import { subscribePassword } from './modules/password/index.js';
import { subscribePermissions } from './modules/permissions/index.js';
import {
  bindInteractionToBrowser,
  createAccountStepUp,
  describeInteraction,
  findInteraction,
  subscribeSignIn,
} from './modules/sign-in/index.js';
import { subscribeTwoFactorData } from './modules/two-factor/index.js';
import type { User } from './modules/users/index.js';
import { subscribeVerification } from './modules/verification/index.js';
import { PORTAL_CLIENT_ID } from './oidc/clients.js';
import { subscribeOidc } from './oidc/events.js';
import { createProvider, TTL } from './oidc/provider.js';
import { answerUnavailableWith503 } from './oidc/unavailable.js';
import { webRoutes } from './web/static.js';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The whole HTTP application. Tests build it with their own deps and drive it with app.inject. */
export async function buildApp(deps: AppDeps, opts: { webDist?: string | false } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log as unknown as FastifyBaseLogger,
    trustProxy: deps.config.TRUST_PROXY,
    // A passkey's id is a path parameter of its rename and remove (contracts/src/passkeys.ts: up
    // to 1400 characters); the router's default of 100 left a long one impossible to remove.
    routerOptions: { maxParamLength: PATH_PARAM_MAX },
    // A malformed or oversized path answers in the envelope like every other error (lib/errors.ts).
    frameworkErrors: answerFrameworkError,
  });
  installErrorHandler(app);
  installDrain(app);
  installSecurityHeaders(app, deps.config);
  refuseCrossSiteWrites(app, deps.config);
  await app.register(cookie);
  await app.register(middie);

  const guardianRule = createGuardianRule(deps);
  const provider = createProvider({
    issuer: deps.config.issuer,
    db: deps.database.db,
    kv: deps.kv,
    shortLivedInKv: deps.kv.kind === 'redis' || deps.database.kind === 'pglite',
    changes: deps.database.changes,
    clients: deps.clients,
    cookieKeys: deps.secrets.cookieKeys,
    jwks: deps.secrets.jwks,
    secureCookies: deps.config.publicUrl.startsWith('https:'),
    trustProxy: deps.config.TRUST_PROXY,
    heldBack: async ({ accountId, birthdate }, clientId) =>
      clientId !== PORTAL_CLIENT_ID && (await guardianRule.awaits({ id: accountId, birthdate })),
  });
  answerUnavailableWith503(provider, deps.log);
  app.decorate('oidc', provider);
  app.decorate('endpoints', []);
  // Every route as registered, for the check that the OpenAPI description misses none (openapi.test.ts).
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: r.url });
  });
  app.decorate('authenticateUser', createAuthenticateUser(app, deps));
  app.decorate('authenticateProduct', createAuthenticateProduct(app, deps));
  app.decorate('authenticateAdmin', createAuthenticateAdmin(app, deps));
  app.decorate('requireStepUp', createAccountStepUp(deps).require);
  app.decorate('awaitsGuardian', (user: User) => guardianRule.awaits(user));
  app.decorate('waitingAmong', (userIds: readonly string[]) => guardianRule.waitingAmong(userIds));
  refuseNullBytes(app);
  measureRequests(app, deps.metrics);
  app.use('/oidc', provider.callback());
  bindInteractionToBrowser(app, { secure: deps.config.publicUrl.startsWith('https:'), maxAgeSeconds: TTL.Interaction });

  // Domain events (server/src/modules/events/index.ts; the list: docs/architecture.md, "Events").
  // Subscribers run in this order; a feature that holds user data subscribes to user.deleted here.
  subscribeClaims(deps);
  subscribeContacts(deps);
  subscribeRecovery(deps);
  subscribePassword(deps);
  subscribeVerification(deps);
  subscribeFlows(deps);
  subscribeOidc(deps);
  subscribeDevices(deps);
  subscribeActivity(deps);
  subscribeFederation(deps);
  subscribeProfile(deps);
  subscribeNotification(deps);
  subscribePoints(deps);
  subscribePermissions(deps);
  subscribeMetrics(deps);
  watchDependencies(deps);
  subscribeAddress(deps);
  subscribeKyc(deps);
  subscribeOrders(deps);
  subscribeAudit(deps);
  subscribeProfiles(deps);
  subscribeFiles(deps);
  subscribeGuardian(deps);
  subscribeTwoFactorData(deps);
  subscribeTwoFactor(deps);
  subscribePasskeys(deps);
  subscribeAlerts(deps);
  subscribeSignIn(deps);

  await app.register(async (scope) => healthRoutes(scope, deps));
  await app.register(async (scope) => metricsRoutes(scope, deps));
  await app.register(async (scope) => adminRoutes(scope, deps));
  await app.register(async (scope) => brandingRoutes(scope, deps));
  await app.register(async (scope) => campaignRoutes(scope, deps));
  await app.register(async (scope) => settingsRoutes(scope, deps));
  await app.register(async (scope) => errorRoutes(scope, deps));
  await app.register(async (scope) => authRoutes(scope, deps));
  await app.register(async (scope) => tokenLoginRoutes(scope, deps));
  await app.register(async (scope) => externalLoginRoutes(scope, deps));
  // QR codes, push requests and the hub (issue 26).
  await app.register(async (scope) => approvalRoutes(scope, deps));
  await app.register(async (scope) => accountRoutes(scope, deps));
  await app.register(async (scope) => registerRoutes(scope, deps));
  await app.register(async (scope) => updateInfoRoutes(scope, deps));
  await app.register(async (scope) => forgotPasswordRoutes(scope, deps));
  await app.register(async (scope) => passwordRoutes(scope, deps));
  // Account area I (issue 5): e-mails and phones, personal info, devices, recovery, delete, activity.
  await app.register(async (scope) => contactRoutes(scope, deps));
  await app.register(async (scope) => profileRoutes(scope, deps));
  await app.register(async (scope) => deviceRoutes(scope, deps));
  await app.register(async (scope) => connectedAppRoutes(scope, deps));
  await app.register(async (scope) => notificationRoutes(scope, deps));
  await app.register(async (scope) => pointRoutes(scope, deps));
  await app.register(async (scope) => orderRoutes(scope, deps));
  await app.register(async (scope) => productUserRoutes(scope, deps));
  await app.register(async (scope) => permissionRoutes(scope, deps));
  await app.register(async (scope) => addressRoutes(scope, deps));
  await app.register(async (scope) => lookupRoutes(scope, deps));
  await app.register(async (scope) => kycRoutes(scope, deps));
  await app.register(async (scope) => profilesRoutes(scope, deps));
  await app.register(async (scope) => recoveryRoutes(scope, deps));
  await app.register(async (scope) => deleteAccountRoutes(scope, deps));
  await app.register(async (scope) => twoFactorRoutes(scope, deps));
  await app.register(async (scope) => passkeyRoutes(scope, deps));
  await app.register(async (scope) => dataExportRoutes(scope, deps));
  await app.register(async (scope) => guardianRoutes(scope, deps));
  await app.register(async (scope) => stepUpRoutes(scope, deps));
  await app.register(async (scope) => undoChangeRoutes(scope, deps));
  await app.register(async (scope) => activityRoutes(scope, deps));
  await app.register(async (scope) => uploadRoutes(scope, deps));
  // In production only with DEV_OUTBOX=true (server/src/config/env.ts): the mailbox shows codes.
  if (deps.config.outboxEnabled) await app.register(async (scope) => outboxRoutes(scope, deps));

  await app.register(async (scope) =>
    openApiRoutes(scope, {
      title: deps.config.PRODUCT_NAME,
      serverUrl: deps.config.publicUrl,
      tokenUrl: `${deps.config.issuer}/token`,
    }),
  );

  const webDist = opts.webDist ?? defaultWebDist;
  const brands = createBrands(deps);
  if (webDist)
    await app.register(async (scope) =>
      webRoutes(scope, webDist, {
        sourceMaps: !deps.config.production,
        config: deps.config,
        // oidc-provider's authorization endpoint is its default route, /auth under the issuer.
        signIn: {
          authority: deps.config.issuer,
          clientId: PORTAL_CLIENT_ID,
          authorizationEndpoint: `${deps.config.issuer}/auth`,
        },
        settings: appSettings(deps.config),
        interactionDetails: async (uid) => describeInteraction(app.oidc, await findInteraction(app.oidc, uid), brands),
      }),
    );

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ exception: { message: 'not_found' } }));
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    oidc: import('oidc-provider').default;
  }
}
