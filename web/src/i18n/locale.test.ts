import { beforeEach, describe, expect, it } from 'vitest';
import {
  localeFromPath,
  localizedPath,
  rememberLocale,
  savedLocaleRedirect,
  stripLocalePrefix,
  switchLocalePath,
} from './locale';

describe('locale prefix', () => {
  it('reads the locale from the URL prefix', () => {
    expect(localeFromPath('/')).toBe('vi-VN');
    expect(localeFromPath('/account')).toBe('vi-VN');
    expect(localeFromPath('/en-us')).toBe('en-US');
    expect(localeFromPath('/en-us/account/email')).toBe('en-US');
    expect(localeFromPath('/EN-US/login')).toBe('en-US');
    expect(localeFromPath('/en-usa/login')).toBe('vi-VN');
  });

  it('strips and adds the prefix', () => {
    expect(stripLocalePrefix('/en-us')).toBe('/');
    expect(stripLocalePrefix('/en-us/security/2fa')).toBe('/security/2fa');
    expect(stripLocalePrefix('/security/2fa')).toBe('/security/2fa');
    expect(localizedPath('/', 'en-US')).toBe('/en-us');
    expect(localizedPath('/login', 'en-US')).toBe('/en-us/login');
    expect(localizedPath('/login', 'vi-VN')).toBe('/login');
  });

  it('switches language keeping path, query and hash', () => {
    const here = { pathname: '/account/address/0', search: '?embedded=1', hash: '#top' };
    expect(switchLocalePath(here, 'en-US')).toBe('/en-us/account/address/0?embedded=1#top');
    expect(switchLocalePath({ pathname: '/en-us/login', search: '?ReturnUrl=%2Faccount' }, 'vi-VN')).toBe(
      '/login?ReturnUrl=%2Faccount',
    );
    expect(switchLocalePath({ pathname: '/en-us' }, 'vi-VN')).toBe('/');
    expect(switchLocalePath({ pathname: '/' }, 'en-US')).toBe('/en-us');
    expect(switchLocalePath({ pathname: '/en-us/point' }, 'en-US')).toBe('/en-us/point');
  });
});

describe('the saved language (issue 34 point 6)', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('wins over a path without a prefix, every time', () => {
    expect(savedLocaleRedirect({ pathname: '/account', search: '?a=1' }, 'en-US')).toBe('/en-us/account?a=1');
    expect(savedLocaleRedirect({ pathname: '/account/info' }, 'en-US')).toBe('/en-us/account/info');
  });

  it('gives way to the language chosen in this tab, and to a prefixed path (a link shared in one language)', () => {
    rememberLocale('en-US');
    expect(savedLocaleRedirect({ pathname: '/account' }, 'vi-VN')).toBe('/en-us/account');
    rememberLocale('vi-VN');
    expect(savedLocaleRedirect({ pathname: '/account' }, 'en-US')).toBeNull();
    window.sessionStorage.clear();
    expect(savedLocaleRedirect({ pathname: '/en-us/account' }, 'vi-VN')).toBeNull();
  });

  it('has nothing to do when the saved language is the default', () => {
    expect(savedLocaleRedirect({ pathname: '/account' }, 'vi-VN')).toBeNull();
  });
});
