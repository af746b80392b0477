import { createHmac } from 'node:crypto';
import type { ExternalIdentity } from './port.js';
import { invalid, pictureOf, providerJson, text } from './provider-http.js';

export type FacebookVerifierOptions = {
  /** FACEBOOK_APP_ID and FACEBOOK_APP_SECRET: the app the token must have been issued to. */
  appId: string;
  appSecret: string;
  /** FACEBOOK_GRAPH_URL and FACEBOOK_SDK_VERSION. */
  graphUrl: string;
  version: string;
  fetch?: typeof fetch;
};

/**
 * The Facebook adapter: the SDK hands the browser an access token and the person's id; neither
 * proves anything alone (a token another app got for the same person would pass a plain `me`).
 * The server asks the Graph API's debug_token, with the app's own token, whether the token is
 * valid, issued to this app and for this person, then reads `me` (id, names, e-mail) with the
 * appsecret_proof Facebook asks of server calls. Any failure is login_invalid_external_info.
 */
export function createFacebookVerifier(options: FacebookVerifierOptions) {
  const doFetch = options.fetch ?? fetch;
  const base = `${options.graphUrl.replace(/\/$/, '')}/${options.version}`;

  const graph = (path: string, params: Record<string, string>) =>
    providerJson(doFetch, `${base}${path}?${new URLSearchParams(params)}`);

  return {
    async verify(accessToken: string, userId: string): Promise<ExternalIdentity> {
      if (!options.appId || !options.appSecret || !accessToken || !userId) throw invalid();
      const debug = await graph('/debug_token', {
        input_token: accessToken,
        access_token: `${options.appId}|${options.appSecret}`,
      });
      const data = (debug.data ?? {}) as Record<string, unknown>;
      if (data.is_valid !== true || String(data.app_id) !== options.appId || String(data.user_id) !== userId)
        throw invalid();
      const me = await graph('/me', {
        fields: 'id,name,first_name,last_name,email,picture',
        access_token: accessToken,
        appsecret_proof: createHmac('sha256', options.appSecret).update(accessToken).digest('hex'),
      });
      const subject = text(me.id);
      if (!subject || subject !== userId) throw invalid();
      const email = text(me.email);
      return {
        provider: 'facebook',
        subject,
        // Facebook flags nothing as verified: the address waits for its own code (port.ts).
        email: email ? email.toLowerCase() : null,
        emailVerified: false,
        name: text(me.name),
        givenName: text(me.first_name),
        familyName: text(me.last_name),
        picture: pictureOf(me),
      };
    },
  };
}

export type FacebookVerifier = ReturnType<typeof createFacebookVerifier>;
