import type { AppSettings, ErrorLookupAnswer } from '@portico/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/setup';
import { buildRoutes } from '../../routes';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { renderApp } from '../../test/api';

const settings: AppSettings = { ...DEFAULT_APP_SETTINGS };
let lookup: ErrorLookupAnswer;

const renderAt = (url: string) => renderApp(buildRoutes(), url);

beforeEach(() => {
  focusManager.setFocused(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0];
      const result = path === '/api/app-settings' ? settings : lookup;
      return new Response(JSON.stringify({ result }), { status: 200 });
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('vi-VN'));
});

describe('sign-in error page (issue 8, point 24)', () => {
  it("says a known OAuth error in Vietnamese, not the provider's English", async () => {
    lookup = { error: 'invalid_client', errorDescription: 'client is invalid', clientId: 'shop', flow: 'sign_in' };
    renderAt('/error?errorid=e1');
    expect(await screen.findByText('Ứng dụng yêu cầu đăng nhập không được nhận diện.')).toBeTruthy();
    expect(screen.queryByText('client is invalid')).toBeNull();
    expect(screen.getByTestId('error-code').textContent).toBe('invalid_client');
  });

  it('translates every listed code, in English too', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    lookup = {
      error: 'access_denied',
      errorDescription: 'End-User aborted interaction',
      clientId: 'shop',
      flow: 'sign_in',
    };
    renderAt('/en-us/error?errorid=e2');
    expect(await screen.findByText('The access request was denied.')).toBeTruthy();
    expect(screen.queryByText('End-User aborted interaction')).toBeNull();
  });

  it('shows an unknown error as the provider gave it', async () => {
    lookup = { error: 'something_new', errorDescription: 'a new kind of failure', clientId: '', flow: 'sign_in' };
    renderAt('/error?errorid=e3');
    expect(await screen.findByText('a new kind of failure')).toBeTruthy();
    expect(screen.getByTestId('error-code').textContent).toBe('something_new');
  });
});

describe('OAuth error catalog', () => {
  it('has a message in both languages for every known code', async () => {
    const { KNOWN_OAUTH_ERRORS } = await import('./ErrorPage');
    const { messages } = await import('@portico/contracts');
    for (const code of KNOWN_OAUTH_ERRORS) {
      expect(messages['vi-VN'], code).toHaveProperty(`oauth_error_${code}`);
      expect(messages['en-US'], code).toHaveProperty(`oauth_error_${code}`);
    }
  });
});

describe('sign-out error page (issue 8, point 11)', () => {
  it('says sign-out failed for an error of the end-session endpoint', async () => {
    lookup = {
      error: 'invalid_request',
      errorDescription: 'could not decode id_token_hint',
      clientId: '',
      flow: 'sign_out',
    };
    renderAt('/error?errorid=e4');
    expect(await screen.findByText('Không thể đăng xuất')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Không thể đăng xuất');
    expect(screen.getByText('Đã có lỗi xảy ra trong quá trình đăng xuất.')).toBeTruthy();
  });

  it('says sign-in failed for any other error', async () => {
    lookup = { error: 'invalid_client', errorDescription: 'client is invalid', clientId: 'x', flow: 'sign_in' };
    renderAt('/error?errorid=e5');
    expect(await screen.findByText('Ứng dụng yêu cầu đăng nhập không được nhận diện.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Không thể đăng nhập');
  });

  it('tells a phone to clear its browser data in the settings, not to press Ctrl + Shift + Del (issue 34 point 7)', async () => {
    lookup = { error: 'invalid_client', errorDescription: '', clientId: 'shop', flow: 'sign_in' };
    renderAt('/error?errorid=e1');
    expect(await screen.findByText(/Nhấn đồng thời Ctrl \+ Shift \+ Del/)).toBeTruthy();
    cleanup();
    const plain = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...plain(query), matches: query.includes('coarse') }));
    renderAt('/error?errorid=e1');
    expect(await screen.findByText(/Mở cài đặt của trình duyệt, xóa cookie/)).toBeTruthy();
    expect(screen.queryByText(/Ctrl \+ Shift \+ Del/)).toBeNull();
  });
});
