import type { LoginAnswer } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { interactionUid } from '../../lib/interaction';
import { fingerprint, fingerprintText, hashString } from './fingerprint';
import {
  actionForAnswer,
  afterLoginCheck,
  isHideRegisterMessage,
  isInAppBrowser,
  isSessionExpired,
  needsCaptcha,
  readLoginQuery,
  withoutCredentials,
} from './logic';

const ok = (over: Partial<LoginAnswer> = {}): LoginAnswer => ({
  isOk: true,
  isRegister: false,
  redirectUrl: '/oidc/auth/abc',
  requiresTwoFactor: false,
  ...over,
});

describe('login query', () => {
  it('reads ReturnUrl, credentials, campaignId and hideRegister', () => {
    const q = readLoginQuery(
      new URLSearchParams(
        'ReturnUrl=%2Foidc%2Finteraction%2Fx1&username=a%40b.vn&password=p&campaignId=7&hideRegister=1',
      ),
    );
    expect(q).toEqual({
      returnUrl: '/oidc/interaction/x1',
      username: 'a@b.vn',
      password: 'p',
      campaignId: '7',
      hideRegister: true,
    });
    expect(readLoginQuery(new URLSearchParams('hideRegister=false')).hideRegister).toBe(false);
    expect(readLoginQuery(new URLSearchParams('hideRegister')).hideRegister).toBe(true);
    expect(readLoginQuery(new URLSearchParams('')).hideRegister).toBe(false);
  });

  it('reads the options inside ReturnUrl too, and carried ones last; direct ones win (issue 8, point 19)', () => {
    const inner = readLoginQuery(
      new URLSearchParams(
        `ReturnUrl=${encodeURIComponent('/oidc/interaction/x1?hideRegister=true&username=a@b.vn&password=p&campaignId=7')}`,
      ),
    );
    expect(inner).toEqual({
      returnUrl: '/oidc/interaction/x1?hideRegister=true&username=a@b.vn&password=p&campaignId=7',
      username: 'a@b.vn',
      password: 'p',
      campaignId: '7',
      hideRegister: true,
    });
    expect(interactionUid(inner.returnUrl)).toBe('x1');
    const carried = new URLSearchParams('hideRegister=1&campaignId=9&username=old');
    expect(readLoginQuery(new URLSearchParams('ReturnUrl=%2Foidc%2Finteraction%2Fx1&username=new'), carried)).toEqual({
      returnUrl: '/oidc/interaction/x1',
      username: 'new',
      password: '',
      campaignId: '9',
      hideRegister: true,
    });
  });

  it('finds the interaction uid only in a provider interaction URL', () => {
    expect(interactionUid('/oidc/interaction/AbC-12_x')).toBe('AbC-12_x');
    expect(interactionUid('/account')).toBeNull();
    expect(interactionUid('/oidc/interaction/x/../../evil')).toBeNull();
    expect(interactionUid('https://evil.example/oidc/interaction/x')).toBeNull();
  });

  it('strips username and password from the query for auto-login', () => {
    expect(withoutCredentials(new URLSearchParams('ReturnUrl=%2Fx&username=a&password=b'))).toBe('?ReturnUrl=%2Fx');
    expect(withoutCredentials(new URLSearchParams('username=a&password=b'))).toBe('');
    const nested = new URLSearchParams({ ReturnUrl: '/oidc/interaction/x?username=a&password=b&hideRegister=1' });
    expect(withoutCredentials(nested)).toBe(`?ReturnUrl=${encodeURIComponent('/oidc/interaction/x?hideRegister=1')}`);
  });
});

describe('campaign URL (issue 8, point 11)', () => {
  const withCampaign = (data: string) =>
    actionForAnswer(ok({ userCampagin: { loggedInAction: 1, data } as LoginAnswer['userCampagin'] }), '/account');
  it('goes to an http or https campaign page only; anything else continues the sign-in', () => {
    expect(withCampaign('https://promo.example.edu/x')).toEqual({
      kind: 'campaign-url',
      url: 'https://promo.example.edu/x',
    });
    expect(withCampaign('http://promo.example.edu/')).toEqual({
      kind: 'campaign-url',
      url: 'http://promo.example.edu/',
    });
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'ftp://x.example',
      'promo',
    ])
      expect(withCampaign(bad), bad).toEqual({ kind: 'redirect', url: '/oidc/auth/abc' });
  });
});

describe('login steps', () => {
  it('opens the code tab when the account signs in by code, and flags the captcha', () => {
    expect(afterLoginCheck({ loginByOTP: false, isErrorMulti: false })).toEqual({ method: 'password', captcha: false });
    expect(afterLoginCheck({ loginByOTP: true, isErrorMulti: true })).toEqual({ method: 'otp', captcha: true });
  });

  it('shows the captcha for the three captcha errors only', () => {
    expect(needsCaptcha(new ApiError('error_multi_time'))).toBe(true);
    expect(needsCaptcha(new ApiError('captcha_invalid'))).toBe(true);
    expect(needsCaptcha(new ApiError('captcha_error_empty'))).toBe(true);
    expect(needsCaptcha(new ApiError('login_invalid_info'))).toBe(false);
    expect(needsCaptcha(new Error('error_multi_time'))).toBe(false);
  });

  it('knows an expired interaction', () => {
    expect(isSessionExpired(new ApiError('login_session_expired', {}, 400))).toBe(true);
    expect(isSessionExpired(new ApiError('error_not_found', {}, 404))).toBe(true);
    expect(isSessionExpired(new ApiError('login_invalid_info', {}, 400))).toBe(false);
  });

  it('turns a login answer into the next action', () => {
    expect(actionForAnswer(ok(), '/')).toEqual({ kind: 'redirect', url: '/oidc/auth/abc' });
    expect(actionForAnswer(ok({ redirectUrl: '/' }), '/en-us')).toEqual({ kind: 'redirect', url: '/en-us' });
    expect(actionForAnswer(ok({ redirectUrl: '' }), '/')).toEqual({ kind: 'redirect', url: '/' });
    expect(actionForAnswer(ok({ userCampagin: { loggedInAction: 1, data: 'https://x.example/promo' } }), '/')).toEqual({
      kind: 'campaign-url',
      url: 'https://x.example/promo',
    });
    expect(actionForAnswer(ok({ userCampagin: { loggedInAction: 2, data: '<b>Hi</b>' } }), '/')).toEqual({
      kind: 'campaign-popup',
      html: '<b>Hi</b>',
      next: '/oidc/auth/abc',
    });
    expect(actionForAnswer(ok({ isRegister: true }), '/').kind).toBe('register');
    expect(actionForAnswer(ok({ isOk: false, requiresTwoFactor: true }), '/').kind).toBe('two-factor');
    expect(actionForAnswer(ok({ isOk: false }), '/')).toEqual({ kind: 'failed', messageKey: 'login_invalid_info' });
    expect(actionForAnswer(null, '/')).toEqual({ kind: 'failed', messageKey: 'login_invalid_info' });
  });
});

describe('browser detection and messages', () => {
  it('detects in-app browsers', () => {
    expect(isInAppBrowser('Mozilla/5.0 (iPhone) [FBAN/FBIOS;FBAV/400.0]')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (Linux; Android 13; wv) AppleWebKit Zalo/1.0')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (Linux; Android 12; SM-G991B; wv) AppleWebKit/537.36')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (iPhone) Instagram 300.0')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (iPhone) Line/13.1.0')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/141.0 Safari/537.36')).toBe(false);
    expect(isInAppBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Version/18.0 Mobile/15E148 Safari/604.1')).toBe(
      false,
    );
  });

  it('accepts both forms of the hide-register message', () => {
    expect(isHideRegisterMessage('hide-register')).toBe(true);
    expect(isHideRegisterMessage({ type: 'hide-register' })).toBe(true);
    expect(isHideRegisterMessage({ type: 'resize' })).toBe(false);
    expect(isHideRegisterMessage(null)).toBe(false);
  });
});

describe('visitor fingerprint (seed 31)', () => {
  it('hashes with seed 31 as 8 hex digits', () => {
    expect(hashString('')).toBe('0000001f'); // the seed itself
    expect(hashString('a')).toBe((31 * 31 + 97).toString(16).padStart(8, '0'));
    expect(hashString('hello')).toMatch(/^[0-9a-f]{8}$/);
  });

  it('is stable for one browser and differs between browsers', () => {
    const base = {
      userAgent: 'UA',
      language: 'vi-VN',
      languages: ['vi-VN', 'en'],
      platform: 'Linux',
      hardwareConcurrency: 8,
      maxTouchPoints: 0,
      screen: { width: 1280, height: 800, colorDepth: 24 },
      timeZone: 'Asia/Saigon',
    };
    expect(fingerprintText(base)).toBe('UA|vi-VN|vi-VN,en|Linux|8|0|1280x800x24|Asia/Saigon');
    expect(fingerprint(base)).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprint(base)).toBe(fingerprint({ ...base }));
    expect(fingerprint(base)).not.toBe(fingerprint({ ...base, timeZone: 'Europe/Paris' }));
  });
});
