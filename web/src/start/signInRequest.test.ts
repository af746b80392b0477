import { OidcClient, WebStorageStateStore } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { PORTAL_SCOPES, portalSignInParams, redirectUri } from '../session/oidc-light';
import { createSignInRequest, loginSearchFor } from './signInRequest';

const ORIGIN = 'http://id.test';
const CONFIG = { authority: '/oidc', clientId: 'portal', authorizationEndpoint: `${ORIGIN}/oidc/auth` };

/** An empty Storage of its own (jsdom's localStorage is shared by the file's tests). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

/** What oidc-client-ts's signinRedirect writes and asks for, with the settings createUserManager gives it. */
async function oidcClientTsRequest(wanted: string, locale: 'vi-VN' | 'en-US', loginHint?: string) {
  const store = memoryStorage();
  const client = new OidcClient({
    authority: `${ORIGIN}/oidc`,
    client_id: 'portal',
    redirect_uri: `${ORIGIN}/callback`,
    response_type: 'code',
    scope: PORTAL_SCOPES,
    metadata: { authorization_endpoint: CONFIG.authorizationEndpoint, issuer: `${ORIGIN}/oidc` },
    stateStore: new WebStorageStateStore({ store }),
  });
  const { prompt, login_hint, ...extraQueryParams } = portalSignInParams(locale, loginHint);
  const request = await client.createSigninRequest({
    state: wanted,
    request_type: 'si:r',
    redirect_uri: redirectUri(locale, ORIGIN),
    prompt,
    login_hint,
    extraQueryParams,
  });
  return { url: new URL(request.url), stored: JSON.parse(store.getItem(`oidc.${request.state.id}`) ?? '{}') };
}

describe('the sign-in start request (web/src/start)', () => {
  it('goes where the app guards would: the page itself, the home to /account, /login to its ReturnUrl', () => {
    const wanted = (pathname: string, search = '') => loginSearchFor(pathname, search).get('ReturnUrl');
    expect(wanted('/account')).toBe('/account');
    expect(wanted('/en-us/security/device', '?page=2')).toBe('/en-us/security/device?page=2');
    expect(wanted('/')).toBe('/account');
    expect(wanted('/en-us')).toBe('/account');
    expect(wanted('/login', '?ReturnUrl=/security/2fa&hideRegister=true')).toBe('/security/2fa');
    // The query as the address bar has it (as RequireAuth passes it on).
    expect(wanted('/account/info', '?a=b%20c&flag')).toBe('/account/info?a=b%20c&flag');
  });

  it('writes the state oidc-client-ts writes, and asks the provider for the same, so its /callback finishes it', async () => {
    for (const [location, wanted, locale, hint] of [
      [{ pathname: '/en-us/account/info', search: '?tab=1' }, '/account/info?tab=1', 'en-US', undefined],
      [
        { pathname: '/login', search: '?ReturnUrl=%2Fsecurity%2F2fa&username=an%40example.com' },
        '/security/2fa',
        'vi-VN',
        'an@example.com',
      ],
    ] as const) {
      const storage = memoryStorage();
      const ours = new URL(await createSignInRequest(CONFIG, { origin: ORIGIN, ...location }, storage));
      const theirs = await oidcClientTsRequest(wanted, locale, hint);

      const id = ours.searchParams.get('state') ?? '';
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      const stored = JSON.parse(storage.getItem(`oidc.${id}`) ?? '{}');
      const varying = ['id', 'created', 'code_verifier'];
      const without = (o: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(o).filter(([k]) => !varying.includes(k)));
      expect(without(stored)).toEqual(without(theirs.stored));
      expect(Object.keys(stored).sort()).toEqual(Object.keys(theirs.stored).sort());
      expect(stored.code_verifier).toMatch(/^[0-9a-f]{96}$/);
      expect(Math.abs(stored.created - Date.now() / 1000)).toBeLessThan(5);

      const params = (url: URL) =>
        Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'state' && k !== 'code_challenge'));
      expect(`${ours.origin}${ours.pathname}`).toBe(CONFIG.authorizationEndpoint);
      expect(params(ours)).toEqual(params(theirs.url));

      // The challenge is the verifier's SHA-256, and oidc-client-ts reads the state back as its own.
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(stored.code_verifier));
      const challenge = btoa(String.fromCharCode(...new Uint8Array(digest)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      expect(ours.searchParams.get('code_challenge')).toBe(challenge);
      const client = new OidcClient({
        authority: `${ORIGIN}/oidc`,
        client_id: 'portal',
        redirect_uri: `${ORIGIN}/callback`,
        metadata: { issuer: `${ORIGIN}/oidc` },
        stateStore: new WebStorageStateStore({ store: storage }),
      });
      const { state } = await client.readSigninResponseState(`${redirectUri(locale, ORIGIN)}?code=c&state=${id}`);
      expect(state.data).toBe(wanted);
      expect(state.code_verifier).toBe(stored.code_verifier);
    }
  });
});
