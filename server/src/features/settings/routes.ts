import {
  type AppSettings,
  approvalEndpoints,
  GENDERS,
  LOCALES,
  OWN_CHECKOUT_PATH,
  settingsEndpoints,
} from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createProviders } from '../../modules/federation/index.js';
import { createPaymentGateways } from '../../modules/payments/index.js';
import { PORTAL_CLIENT_ID } from '../../oidc/clients.js';
import { accountMenu } from './menu.js';

/**
 * What the web app needs before it renders: answered by GET /api/app-settings and written into
 * every page the server sends (server/src/web/static.ts), so the first page renders without
 * waiting for the call (issue 27 point 1).
 */
export function appSettings(config: AppDeps['config']): AppSettings {
  return {
    productName: config.PRODUCT_NAME,
    locales: [...LOCALES],
    configs: {
      helpDomain: config.HELP_DOMAIN,
      publicDomain: config.PUBLIC_DOMAIN,
      recaptchaSiteKey: config.CAPTCHA_PROVIDER === 'recaptcha' ? config.RECAPTCHA_SITE_KEY : '',
      captchaProvider: config.CAPTCHA_PROVIDER,
      oidcAuthority: config.issuer,
      oidcClientId: PORTAL_CLIENT_ID,
      maximumEmailOrPhone: config.MAXIMUM_EMAIL_OR_PHONE,
      filesBaseUrl: `${config.publicUrl}/uploads`,
      embedOrigins: config.EMBED_ORIGINS,
      // The providers whose variables are set (server/src/modules/federation/providers.ts).
      socialProviders: createProviders(config).enabled,
      googleClientId: config.GOOGLE_CLIENT_ID,
      googleScriptUrl: config.GOOGLE_CLIENT_ID ? config.GOOGLE_SCRIPT_URL : '',
      facebookAppId: config.FACEBOOK_APP_ID,
      facebookSdkVersion: config.FACEBOOK_SDK_VERSION,
      facebookSdkUrl: config.FACEBOOK_APP_ID ? config.FACEBOOK_SDK_URL : '',
      hubUrl: `${config.publicUrl}${approvalEndpoints.hub.path}`,
      // The payment site Pay opens (spec §4): Portico's own checkout unless PAYMENT_CHECKOUT_URL names another.
      checkoutUrl: config.PAYMENT_CHECKOUT_URL ?? OWN_CHECKOUT_PATH,
      // The gateways whose merchant codes are set (server/src/modules/payments/index.ts).
      paymentGateways: Object.keys(createPaymentGateways(config)) as AppSettings['configs']['paymentGateways'],
    },
    menu: accountMenu(config),
    genders: GENDERS.map((g) => ({ ...g })),
    translations: {},
  };
}

/** GET /api/app-settings. Public, cacheable. */
export async function settingsRoutes(app: FastifyInstance, { config }: AppDeps) {
  const settings = appSettings(config);
  // This scope holds only the settings endpoint: its successful answers may be cached a minute.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=60');
  });
  handle(app, settingsEndpoints.get, async () => settings);
}
