import { type AppSettings, isSignedInPage } from '@portico/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from './App';
import i18n from './i18n/setup';
import { buildRoutes, ROUTES } from './routes';
import type { Session } from './session/session';
import { AppSettingsGate } from './settings/AppSettingsGate';
import { DEFAULT_APP_SETTINGS } from './settings/defaults';

const settings: AppSettings = {
  ...DEFAULT_APP_SETTINGS,
  productName: 'Portico Học',
  configs: { ...DEFAULT_APP_SETTINGS.configs, helpDomain: 'help.example.edu', publicDomain: 'https://example.edu' },
  menu: [
    { key: 'menu_email', path: '/account/email', icon: 'mail' },
    { key: 'menu_secret', path: '/account/not-built', icon: 'x' },
  ],
};

const renderAt = (url: string, session?: Session) => {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()} session={session}>
      <AppSettingsGate>
        <RouterProvider router={router} />
      </AppSettingsGate>
    </AppProviders>,
  );
  return router;
};

beforeEach(() => {
  focusManager.setFocused(true); // jsdom documents are hidden, which pauses query retries
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ result: settings }), { status: 200 })),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('vi-VN'));
});

describe('route table', () => {
  it('declares every spec route once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/login',
      '/register',
      '/forgot-password',
      '/callback',
      '/silent-renew',
      '/logout',
      '/error',
      '/error/external-login',
      '/captcha',
      '/token-login',
      '/account/change-email',
      '/account/change-phone',
      '/account/active-email',
      '/account/active-phone',
      '/security/change-password',
      '/change-password',
      '/security/set-password',
      '/app',
      '/info',
      '/account',
      '/account/logout',
      '/account/email',
      '/account/phone',
      '/account/address',
      '/account/address/:id',
      '/account/info',
      '/account/language',
      '/account/token',
      '/account/profile',
      '/account/profile/:id',
      '/security/password',
      '/security/device',
      '/security/device/:id',
      '/security/recovery-ways',
      '/security/delete',
      '/security/activity',
      '/security/kyc',
      '/security/2fa',
      '/notification',
      '/order',
      '/point',
      '/address',
      '/address/:id',
      '/delete-account',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('shows the 404 page in Vietnamese at the root', async () => {
    renderAt('/xyz');
    expect(await screen.findByRole('heading', { name: 'Trang đang được xây dựng hoặc không tồn tại' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('vi-VN');
    await waitFor(() => expect(document.title).toBe('Không tìm thấy trang | Portico Học'));
    expect(screen.getByRole('link', { name: 'Về trang chủ' }).getAttribute('href')).toBe('/');
  });

  it('shows the 404 page in English under /en-us', async () => {
    renderAt('/en-us/xyz');
    expect(
      await screen.findByRole('heading', { name: 'This page is under construction or does not exist' }),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-US');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en-us');
  });

  it('sends an anonymous visitor from /account to the same-language login', async () => {
    const router = renderAt('/en-us/account?tab=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-us/login'));
    expect(router.state.location.search).toBe(`?ReturnUrl=${encodeURIComponent('/en-us/account?tab=1')}`);
  });

  it('redirects / to /account, then to /login when anonymous', async () => {
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?ReturnUrl=%2Faccount');
  });

  it('shows the account home with tiles for built routes only', async () => {
    renderAt('/account', { status: 'authenticated', user: { sub: 'u1', name: 'Lan Nguyễn' } });
    expect(await screen.findByRole('heading', { name: 'Xin chào, Lan Nguyễn' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Email' }).length).toBeGreaterThan(0);
    expect(screen.queryByText('menu_secret')).toBeNull();
    expect(screen.getByRole('link', { name: 'Trung tâm trợ giúp' }).getAttribute('href')).toBe(
      'https://help.example.edu',
    );
    expect(screen.getByRole('link', { name: 'Giới thiệu' }).getAttribute('href')).toBe('https://example.edu');
  });

  it('writes the name family name first in Vietnamese, given name first in English, initials alike (issue 8, point 23)', async () => {
    const user = {
      status: 'authenticated' as const,
      user: { sub: 'u1', name: 'Văn A Nguyễn', givenName: 'Văn A', familyName: 'Nguyễn' },
    };
    renderAt('/account', user);
    expect(await screen.findByRole('heading', { name: 'Xin chào, Nguyễn Văn A' })).toBeTruthy();
    expect(screen.getByText('NA')).toBeTruthy(); // header avatar
    expect(screen.getAllByText('Nguyễn Văn A').length).toBeGreaterThan(0); // header name
    cleanup();
    renderAt('/en-us/account', user);
    expect(await screen.findByRole('heading', { name: /Văn A Nguyễn/ })).toBeTruthy();
    expect(screen.getByText('VN')).toBeTruthy();
  });

  it('serves the change-password page at /security/password, like /security/change-password', async () => {
    const user = { status: 'authenticated' as const, user: { sub: 'u1', name: 'Lan Nguyễn' } };
    for (const path of ['/security/password', '/security/change-password']) {
      renderAt(path, user);
      expect(await screen.findByRole('heading', { name: 'Đổi mật khẩu' }), path).toBeTruthy();
      cleanup();
    }
  });

  it('still renders with built-in settings when app settings fail', { timeout: 10_000 }, async () => {
    const failing = vi.fn(async () => new Response('oops', { status: 500 }));
    vi.stubGlobal('fetch', failing);
    renderAt('/nothing-here');
    expect(
      await screen.findByRole('heading', { name: 'Trang đang được xây dựng hoặc không tồn tại' }, { timeout: 4000 }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Không tìm thấy trang | Portico'));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(failing).toHaveBeenCalledTimes(2); // one try, one retry, then no refetch loop
  });

  it('hides the banner when embedded, for the rest of the tab (a web view), until embedded=0', async () => {
    renderAt('/xyz?embedded=1');
    await screen.findByRole('heading', { name: 'Trang đang được xây dựng hoặc không tồn tại' });
    expect(screen.queryByRole('button', { name: /^Chọn ngôn ngữ/ })).toBeNull();
    cleanup();
    renderAt('/xyz');
    await screen.findByRole('heading', { name: 'Trang đang được xây dựng hoặc không tồn tại' });
    expect(screen.queryByRole('button', { name: /^Chọn ngôn ngữ/ })).toBeNull();
    cleanup();
    renderAt('/xyz?embedded=0');
    expect(await screen.findByRole('button', { name: /^Chọn ngôn ngữ/ })).toBeTruthy();
    cleanup();
    renderAt('/xyz');
    expect(await screen.findByRole('button', { name: /^Chọn ngôn ngữ/ })).toBeTruthy();
  });
});

describe('the pages the server answers with the sign-in start page (contracts/src/pages.ts)', () => {
  it('are the account shell: every signed-in page of the manager layout, and no other route', () => {
    for (const route of ROUTES) {
      const shell = route.layout === 'manager' && route.auth;
      expect(isSignedInPage(route.path), route.path).toBe(shell);
    }
  });
});
