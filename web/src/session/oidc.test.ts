import type { User } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { wantedPagePath, wantedPath } from '../lib/interaction';
import { clearSignInStorage, sameOriginTarget } from './clearStorage';
import {
  assertIssuedInPast,
  createUserManager,
  isClockSkewError,
  isSilentRenewPath,
  postLogoutRedirectUri,
  redirectUri,
  statePath,
} from './oidc';

describe('portal OIDC client', () => {
  it('is configured from app settings, per language', () => {
    const manager = createUserManager(
      { oidcAuthority: 'http://id.test/oidc', oidcClientId: 'portal' },
      { origin: 'http://id.test' },
    );
    expect(manager?.settings.client_id).toBe('portal');
    expect(manager?.settings.authority).toBe('http://id.test/oidc');
    expect(manager?.settings.scope).toBe('openid profile email offline_access');
    expect(manager?.settings.silent_redirect_uri).toBe('http://id.test/silent-renew');
    expect(manager?.settings.automaticSilentRenew).toBe(true);
    expect(createUserManager({ oidcAuthority: '/oidc', oidcClientId: '' })).toBeNull();
    expect(redirectUri('en-US', 'http://id.test')).toBe('http://id.test/en-us/callback');
    expect(redirectUri('vi-VN', 'http://id.test')).toBe('http://id.test/callback');
    expect(postLogoutRedirectUri('en-US', 'http://id.test')).toBe('http://id.test/en-us/');
    expect(postLogoutRedirectUri('vi-VN', 'http://id.test')).toBe('http://id.test/');
    expect(isSilentRenewPath('/silent-renew')).toBe(true);
    expect(isSilentRenewPath('/en-us/silent-renew')).toBe(true);
    expect(isSilentRenewPath('/account')).toBe(false);
  });

  it('comes back only to same-site paths that are not authorize requests', () => {
    expect(statePath('/account/token', '/account')).toBe('/account/token');
    expect(statePath('//evil.example', '/account')).toBe('/account');
    expect(statePath(undefined, '/account')).toBe('/account');
    expect(wantedPath(new URLSearchParams('ReturnUrl=%2Fsecurity%2F2fa'))).toBe('/security/2fa');
    expect(wantedPath(new URLSearchParams('ReturnUrl=https%3A%2F%2Fevil.example'))).toBe('/account');
    expect(wantedPath(new URLSearchParams('ReturnUrl=%2Fconnect%2Fauthorize%3Fx%3D1'))).toBe('/account');
    expect(wantedPath(new URLSearchParams(''))).toBe('/account');
    // Another site once the language prefix is gone, or written with a backslash: never a target.
    expect(statePath('/\\evil.example', '/account')).toBe('/account');
    expect(wantedPath(new URLSearchParams('ReturnUrl=%2F%5Cevil.example'))).toBe('/account');
    expect(wantedPath(new URLSearchParams('ReturnUrl=%2F%09%2Fevil.example'))).toBe('/account');
    expect(wantedPagePath(new URLSearchParams('ReturnUrl=%2Fen-us%2F%5Cevil.example'))).toBe('/account');
    expect(wantedPagePath(new URLSearchParams('ReturnUrl=%2Fen-us%2F%2Fevil.example'))).toBe('/account');
    expect(wantedPagePath(new URLSearchParams('ReturnUrl=%2Fen-us%2Fsecurity%2F2fa'))).toBe('/security/2fa');
  });

  it('recognises a token issued in the future (wrong computer clock)', () => {
    const user = (iat: number) => ({ profile: { sub: 'u', iat } }) as unknown as User;
    const now = 1_700_000_000;
    expect(() => assertIssuedInPast(user(now), now)).not.toThrow();
    expect(() => assertIssuedInPast(user(now + 120), now)).not.toThrow();
    let caught: unknown;
    try {
      assertIssuedInPast(user(now + 3600), now);
    } catch (error) {
      caught = error;
    }
    expect(isClockSkewError(caught)).toBe(true);
    expect(isClockSkewError(new Error('iat is in the future: 1700003600'))).toBe(true);
    expect(isClockSkewError(new Error('No matching state found in storage'))).toBe(false);
  });
});

describe('logout helpers', () => {
  it('clears sign-in data but keeps the language', () => {
    localStorage.setItem('oidc.user:x:portal', '{}');
    localStorage.setItem('languageCode', 'en-US');
    clearSignInStorage();
    expect(localStorage.getItem('oidc.user:x:portal')).toBeNull();
    expect(localStorage.getItem('languageCode')).toBe('en-US');
  });

  it('accepts a post-logout address on this origin only', () => {
    expect(sameOriginTarget('/en-us/login?x=1', 'http://id.test')).toBe('/en-us/login?x=1');
    expect(sameOriginTarget('http://id.test/account', 'http://id.test')).toBe('/account');
    expect(sameOriginTarget('https://evil.example/', 'http://id.test')).toBeNull();
    expect(sameOriginTarget(null, 'http://id.test')).toBeNull();
  });
});
