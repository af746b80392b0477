import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../App';
import i18n from '../../i18n/setup';
import { buildRoutes } from '../../routes';
import type { Session } from '../../session/session';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { peekPendingTokenLogin, savePendingTokenLogin } from './pending';

configure({ asyncUtilTimeout: 5000 });

// The portal's OIDC session: a UserManager whose redirect the test records.
const signinRedirect = vi.fn(async (_args: unknown) => {});
const signIn = vi.fn(async (_wanted: string, _locale: string, _options?: unknown) => null);
let auth: { manager: { signinRedirect: typeof signinRedirect } | null; signIn?: typeof signIn } | null;
vi.mock('../../session/OidcSession', async (original) => ({
  ...(await original<typeof import('../../session/OidcSession')>()),
  useAuth: () => auth,
}));
const leaveTo = vi.fn((_url: string) => {});
vi.mock('./navigation', () => ({ leaveTo: (url: string) => leaveTo(url) }));

const TOKEN = 'a'.repeat(20) + 'B-_'.repeat(7) + 'c'.repeat(2);
// Each login-step test spends its own token (one exchange per token, TokenLoginFinish.tsx).
const OTHER_TOKEN = TOKEN.replace(/a/g, 'd');
let calls: { url: string; body: unknown }[];
// The portal's OIDC client is configured: the page waits for its manager, then signs in.
const CONFIGURED_SETTINGS = {
  ...DEFAULT_APP_SETTINGS,
  configs: { ...DEFAULT_APP_SETTINGS.configs, oidcClientId: 'portal' },
};
let exchangeAnswer: { status: number; body: unknown };

const renderAt = (url: string, session: Session = { status: 'anonymous' }) => {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()} session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
};

let settingsAnswer: typeof DEFAULT_APP_SETTINGS;

beforeEach(() => {
  auth = { manager: { signinRedirect }, signIn };
  settingsAnswer = CONFIGURED_SETTINGS;
  calls = [];
  exchangeAnswer = { status: 200, body: { result: { redirectUrl: '/oidc/auth/xyz' } } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.split('?')[0] ?? input;
      calls.push({ url: path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/app-settings') return new Response(JSON.stringify({ result: settingsAnswer }));
      if (path === '/api/account/interaction/abc') {
        const interaction = {
          uid: 'abc',
          prompt: 'login',
          client: { clientId: 'portal', clientName: 'Portico', firstParty: true },
          scopes: ['openid'],
        };
        return new Response(JSON.stringify({ result: interaction }));
      }
      if (path === '/api/account/me') {
        const me = { id: 'u1', first_name: 'Lan', last_name: 'Nguyễn', email: 'lan@example.edu', avatar: null };
        return new Response(JSON.stringify({ result: me }));
      }
      if (path === '/api/account/token-login') {
        return new Response(JSON.stringify(exchangeAnswer.body), { status: exchangeAnswer.status });
      }
      return new Response(JSON.stringify({ exception: { message: 'not_found' } }), { status: 404 });
    }),
  );
});

afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  signinRedirect.mockClear();
  signIn.mockClear();
  leaveTo.mockClear();
  vi.unstubAllGlobals();
  delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
  await act(() => i18n.changeLanguage('vi-VN'));
});

describe('token-login page', () => {
  it('keeps the token for the login step and starts the portal sign-in through the login prompt', async () => {
    renderAt(`/en-us/token-login?token=${TOKEN}&cb=app_login`);
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(1));
    expect(signinRedirect.mock.calls[0]?.[0]).toMatchObject({
      state: '/token-login?done=1&cb=app_login',
      prompt: 'login consent',
      redirect_uri: `${window.location.origin}/en-us/callback`,
      extraQueryParams: { ui_locales: 'en-US' },
    });
    // Never in the authorization request: the token waits in this tab only.
    expect(JSON.stringify(signinRedirect.mock.calls[0]?.[0])).not.toContain(TOKEN);
    expect(peekPendingTokenLogin()).toMatchObject({ token: TOKEN, cb: 'app_login' });
    expect(await screen.findByText('Signing you in…')).toBeTruthy();
  });

  it('refuses a link without a well-formed token, in the page language, and drops a cb that is not a name', async () => {
    renderAt('/token-login?token=short');
    expect(
      await screen.findByText(
        'Liên kết đăng nhập không hợp lệ, đã được dùng hoặc đã hết hạn. Vui lòng mở lại từ ứng dụng.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Về trang chủ' }).getAttribute('href')).toBe('/');
    expect(signinRedirect).not.toHaveBeenCalled();
    cleanup();

    renderAt(`/token-login?token=${TOKEN}&cb=${encodeURIComponent('<script>')}`);
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(1));
    expect(signinRedirect.mock.calls[0]?.[0]).toMatchObject({ state: '/token-login?done=1' });
  });

  it('says so when no OIDC client is configured', async () => {
    auth = { manager: null };
    settingsAnswer = DEFAULT_APP_SETTINGS;
    renderAt(`/en-us/token-login?token=${TOKEN}`);
    expect(await screen.findByText('Could not sign you in')).toBeTruthy();
  });

  it('back from the sign-in, embedded: posts cb to the app and says so', async () => {
    const postMessage = vi.fn();
    (window as { ReactNativeWebView?: unknown }).ReactNativeWebView = { postMessage };
    renderAt('/en-us/token-login?done=1&cb=app_login&embedded=1', {
      status: 'authenticated',
      user: { sub: 'u1', name: 'Lan' },
    });
    expect(await screen.findByText('You are signed in. Please continue in the app.')).toBeTruthy();
    expect(postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'app_login' }));
  });

  it('back from the sign-in, not embedded: goes to /', async () => {
    const postMessage = vi.fn();
    (window as { ReactNativeWebView?: unknown }).ReactNativeWebView = { postMessage };
    const router = renderAt('/token-login?done=1&cb=app_login', {
      status: 'authenticated',
      user: { sub: 'u1', name: 'Lan' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe('the /app wrapper', () => {
  const SIGNED_IN: Session = { status: 'authenticated', user: { sub: 'u1', name: 'Lan' } };

  it('with a token is the token login, embedded, coming back to the embedded page named by next', async () => {
    renderAt(`/app?token=${TOKEN}&cb=app_login&next=${encodeURIComponent('/address?from=cart')}`);
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(1));
    expect(signinRedirect.mock.calls[0]?.[0]).toMatchObject({
      state: `/token-login?done=1&cb=app_login&embedded=1&next=${encodeURIComponent('/address?from=cart')}`,
    });
    expect(peekPendingTokenLogin()).toMatchObject({ token: TOKEN, cb: 'app_login' });
    cleanup();
    signinRedirect.mockClear();
    // Without next, the token login comes back to the wrapper itself (it tells the app, lists the pages).
    renderAt(`/app?token=${OTHER_TOKEN}&cb=app_login`);
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(1));
    expect(signinRedirect.mock.calls[0]?.[0]).toMatchObject({
      state: '/token-login?done=1&cb=app_login&embedded=1&next=%2Fapp',
    });
  });

  it('back from that sign-in, posts cb to the app and goes on to next', async () => {
    const postMessage = vi.fn();
    (window as { ReactNativeWebView?: unknown }).ReactNativeWebView = { postMessage };
    const router = renderAt('/token-login?done=1&cb=app_login&embedded=1&next=%2Faddress', SIGNED_IN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/address'));
    expect(postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'app_login' }));
  });

  it('without a token and without a session, renews it (silently, else the sign-in) and comes back', async () => {
    renderAt('/en-us/app?next=%2Finfo');
    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(1));
    expect(signIn).toHaveBeenCalledWith('/app?next=%2Finfo&renewed=1', 'en-US', { silent: true });
  });

  it('back from that renewal still without a session, says so instead of renewing again', async () => {
    renderAt('/en-us/app?next=%2Finfo&renewed=1');
    expect(await screen.findByText('Your session in the app has ended. Please sign in again in the app.')).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('signed in: loads the profile with the bearer token, tells the app, and lists the embedded pages', async () => {
    const postMessage = vi.fn();
    (window as { ReactNativeWebView?: unknown }).ReactNativeWebView = { postMessage };
    renderAt('/en-us/app', SIGNED_IN);
    expect(await screen.findByText('You are signed in as Lan Nguyễn.')).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'Account sections' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/en-us/info',
      '/en-us/address',
      '/en-us/change-password',
      '/en-us/delete-account',
    ]);
    expect(postMessage).toHaveBeenCalledWith(JSON.stringify({ sub: 'u1', type: 'app_signed_in' }));
    expect(calls.some((c) => c.url === '/api/account/me')).toBe(true);
    expect(signIn).not.toHaveBeenCalled();
  });

  it('signed in with next: continues there; a next that is not an embedded page of this site is ignored', async () => {
    const router = renderAt('/app?next=%2Fchange-password', SIGNED_IN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'));
    cleanup();
    for (const next of [
      '//evil.example/address',
      '/account/info',
      'https://evil.example/info',
      '/info/../account/token',
      '/app?token=x',
    ]) {
      const other = renderAt(`/app?next=${encodeURIComponent(next)}`, SIGNED_IN);
      expect(await screen.findByRole('navigation', { name: 'Các mục tài khoản' })).toBeTruthy();
      expect(other.state.location.pathname).toBe('/app');
      cleanup();
    }
  });
});

describe('the login step of a token login', () => {
  it('completes the interaction with the pending token instead of showing the sign-in card, once', async () => {
    savePendingTokenLogin(TOKEN, null);
    renderAt('/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc');
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/oidc/auth/xyz'));
    expect(calls.filter((c) => c.url === '/api/account/token-login')).toEqual([
      { url: '/api/account/token-login', body: { token: TOKEN, returnUrl: '/oidc/interaction/abc' } },
    ]);
    expect(peekPendingTokenLogin()).toBeNull();
    expect(screen.queryByLabelText('Email hoặc số điện thoại')).toBeNull();
  });

  it("shows the server's refusal in the page language", async () => {
    exchangeAnswer = { status: 400, body: { exception: { message: 'token_login_invalid' } } };
    savePendingTokenLogin(OTHER_TOKEN, null);
    renderAt('/en-us/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc');
    expect(
      await screen.findByText(
        'This sign-in link is invalid, already used or expired. Please open it again from the app.',
      ),
    ).toBeTruthy();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('ignores a pending token older than its 60 seconds: the normal sign-in card shows', async () => {
    savePendingTokenLogin(TOKEN, null, Date.now() - 61_000);
    renderAt('/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc');
    expect(await screen.findByLabelText('Email hoặc số điện thoại')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/account/token-login')).toBe(false);
  });
});
