import type { AppSettings } from '@portico/contracts';
import { act, cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { createChallenge } from 'altcha-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/setup';
import { buildRoutes } from '../../routes';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { renderApp } from '../../test/api';

configure({ asyncUtilTimeout: 8000 });

let settings: AppSettings;

const renderAt = (url: string) => renderApp(buildRoutes(), url);

beforeEach(async () => {
  settings = { ...DEFAULT_APP_SETTINGS, configs: { ...DEFAULT_APP_SETTINGS.configs, captchaProvider: 'altcha' } };
  // A real ALTCHA challenge with a small search space, solved by the page in this test.
  const challenge = await createChallenge({ hmacKey: 'test-key', maxnumber: 40, number: 17 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0] ?? input;
      if (path === '/api/app-settings') return new Response(JSON.stringify({ result: settings }));
      if (path === '/api/captcha/challenge') return new Response(JSON.stringify(challenge));
      return new Response(JSON.stringify({ exception: { message: 'not_found' } }), { status: 404 });
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  delete (window as { webkit?: unknown }).webkit;
  delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
  await act(() => i18n.changeLanguage('vi-VN'));
});

describe('/captcha page', () => {
  it('runs ALTCHA and hands the answer to the iOS app through the captcha message handler', async () => {
    const postMessage = vi.fn();
    (window as { webkit?: unknown }).webkit = { messageHandlers: { captcha: { postMessage } } };
    renderAt('/captcha');
    expect(await screen.findByRole('heading', { name: 'Xác minh bảo mật' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tôi không phải người máy' }));
    expect(await screen.findByText('Đã xác minh. Đang quay lại ứng dụng…')).toBeTruthy();
    expect(postMessage).toHaveBeenCalledTimes(1);
    const message = postMessage.mock.calls[0]?.[0] as { type: string; provider: string; captcha: string };
    expect(message).toMatchObject({ type: 'captcha', provider: 'altcha' });
    // The payload the server verifies: the solved number with the signed challenge.
    expect(JSON.parse(atob(message.captcha))).toMatchObject({ number: 17, algorithm: 'SHA-256' });
  });

  it('tells the React Native app at once when no captcha is configured (English)', async () => {
    settings = { ...settings, configs: { ...settings.configs, captchaProvider: 'none' } };
    const postMessage = vi.fn();
    (window as { ReactNativeWebView?: unknown }).ReactNativeWebView = { postMessage };
    renderAt('/en-us/captcha');
    expect(await screen.findByText('No check is needed. Returning to the app…')).toBeTruthy();
    expect(postMessage).toHaveBeenCalledWith(JSON.stringify({ provider: 'none', captcha: '', type: 'captcha' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says the page belongs to the app when no app receives the answer', async () => {
    renderAt('/en-us/captcha');
    fireEvent.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    expect(
      await screen.findByText("This page is for the mobile app. Please open it from the app's sign-in screen."),
    ).toBeTruthy();
  });
});
