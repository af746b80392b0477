import type { SocialProvider } from '@portico/contracts';
import type { Config } from '../../config/env.js';
import { createFacebookVerifier } from './facebook.js';
import { createGoogleVerifier } from './google.js';
import { createZaloClient } from './zalo.js';

/** Zalo sends the browser back here (register it in Zalo's console: docs/configuration.md). */
export const ZALO_CALLBACK_PATH = '/api/account/login/zalo/callback';

/**
 * The three adapters built from the configuration, once per app (Google's key set is cached
 * inside its verifier). `enabled` lists the providers whose variables are set: the login page
 * shows their buttons (server/src/features/settings) and the others refuse every proof.
 */
export function createProviders(config: Config, opts: { fetch?: typeof fetch } = {}) {
  const google = createGoogleVerifier({
    clientId: config.GOOGLE_CLIENT_ID,
    issuer: config.GOOGLE_ISSUER,
    jwksUrl: config.GOOGLE_JWKS_URL,
  });
  const facebook = createFacebookVerifier({
    appId: config.FACEBOOK_APP_ID,
    appSecret: config.FACEBOOK_APP_SECRET,
    graphUrl: config.FACEBOOK_GRAPH_URL,
    version: config.FACEBOOK_SDK_VERSION,
    fetch: opts.fetch,
  });
  const zalo = createZaloClient({
    appId: config.ZALO_APP_ID,
    appSecret: config.ZALO_APP_SECRET,
    oauthUrl: config.ZALO_OAUTH_URL,
    graphUrl: config.ZALO_GRAPH_URL,
    redirectUri: `${config.publicUrl}${ZALO_CALLBACK_PATH}`,
    fetch: opts.fetch,
  });
  const enabled: SocialProvider[] = [
    ...(config.GOOGLE_CLIENT_ID ? (['google'] as const) : []),
    ...(config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET ? (['facebook'] as const) : []),
    ...(zalo.enabled() ? (['zalo'] as const) : []),
  ];
  return { google, facebook, zalo, enabled };
}

export type Providers = ReturnType<typeof createProviders>;
