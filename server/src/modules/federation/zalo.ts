import { createHash, randomBytes } from 'node:crypto';
import type { ExternalIdentity } from './port.js';
import { invalid, pictureOf, providerJson, text } from './provider-http.js';

export type ZaloClientOptions = {
  /** ZALO_APP_ID and ZALO_APP_SECRET. */
  appId: string;
  appSecret: string;
  /** ZALO_OAUTH_URL (v4 permission and access-token endpoints) and ZALO_GRAPH_URL (`/v2.0/me`). */
  oauthUrl: string;
  graphUrl: string;
  /** Where Zalo sends the browser back (PUBLIC_URL + the callback path). */
  redirectUri: string;
  fetch?: typeof fetch;
};

/** A PKCE pair (RFC 7636, S256): the verifier stays on the server, the challenge goes to Zalo. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * The Zalo adapter: OAuth 2.0 authorization code with PKCE (Zalo's v4 API). `permissionUrl` is
 * where the browser goes (with the state that binds the callback to it); `identify` trades the
 * code and the verifier for an access token (the app's secret in the `secret_key` header) and
 * reads `me` (id, name, picture). Zalo gives no e-mail.
 */
export function createZaloClient(options: ZaloClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const oauth = options.oauthUrl.replace(/\/$/, '');
  const graph = options.graphUrl.replace(/\/$/, '');

  // Zalo answers its errors with 200 and an `error` field (a number, 0 for none).
  async function json(url: string, init: RequestInit): Promise<Record<string, unknown>> {
    const body = await providerJson(doFetch, url, init);
    if (body.error !== undefined && Number(body.error) !== 0) throw invalid();
    return body;
  }

  return {
    enabled: () => !!options.appId && !!options.appSecret,

    permissionUrl(state: string, challenge: string): string {
      const query = new URLSearchParams({
        app_id: options.appId,
        redirect_uri: options.redirectUri,
        code_challenge: challenge,
        state,
      });
      return `${oauth}/v4/permission?${query}`;
    },

    async identify(code: string, verifier: string): Promise<ExternalIdentity> {
      if (!options.appId || !options.appSecret || !code) throw invalid();
      const token = await json(`${oauth}/v4/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', secret_key: options.appSecret },
        body: new URLSearchParams({
          app_id: options.appId,
          code,
          grant_type: 'authorization_code',
          code_verifier: verifier,
        }).toString(),
      });
      const accessToken = text(token.access_token);
      if (!accessToken) throw invalid();
      const me = await json(`${graph}/v2.0/me?fields=id,name,picture`, { headers: { access_token: accessToken } });
      const subject = text(me.id);
      if (!subject) throw invalid();
      return {
        provider: 'zalo',
        subject,
        email: null,
        emailVerified: false,
        name: text(me.name),
        givenName: null,
        familyName: null,
        picture: pictureOf(me),
      };
    },
  };
}

export type ZaloClient = ReturnType<typeof createZaloClient>;
