import type { AppSettings } from '@portico/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/setup';
import { resetCarriedLoginOptions } from '../../lib/carriedLoginOptions';
import { buildRoutes } from '../../routes';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { type Answers, type ApiCall, ok, refuse, renderApp, stubApi } from '../../test/api';

// The lazy login page can take more than a second to load in a busy full-suite run.
configure({ asyncUtilTimeout: 5000 });

const settings: AppSettings = { ...DEFAULT_APP_SETTINGS };
const interaction = {
  uid: 'abc',
  prompt: 'login',
  client: { clientId: 'portal', clientName: 'Portico', firstParty: true },
  brand: {
    'vi-VN': { banner: { name: 'Portico', logo: null } },
    'en-US': { banner: { name: 'Portico', logo: null } },
  },
  scopes: ['openid'],
};

let answers: Answers;
let calls: ApiCall[];

const renderLogin = (url = '/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc') => renderApp(buildRoutes(), url);

beforeEach(() => {
  focusManager.setFocused(true);
  answers = {
    '/api/app-settings': ok(settings),
    '/api/account/interaction/abc': ok(interaction),
    '/api/account/login-check': ok({ loginByOTP: false, isErrorMulti: false }),
    '/api/account/otp-support': ok([{ type: 'email', title: 'otp_method_email' }]),
  };
  calls = stubApi(answers);
});

afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  document.cookie = 'portico_login_info=; Path=/; Max-Age=0';
  resetCarriedLoginOptions();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('vi-VN'));
});

describe('login page', () => {
  it('drops the sign-in / register tabs at the second step (issue 34 point 9)', async () => {
    renderLogin();
    expect(await screen.findByRole('tab', { name: 'Đăng ký' })).toBeTruthy();
    cleanup();
    answers['/api/account/login/two-factor/resume'] = ok({
      isOk: false,
      isRegister: false,
      redirectUrl: '/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc&step=2fa',
      requiresTwoFactor: true,
      userId: 'u1',
      twoFactorTypes: [{ type: 'authenticator', title: 'two_factor_method_authenticator' }],
    });
    renderLogin('/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc&step=2fa');
    expect(await screen.findByText('Xác minh hai bước')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Đăng ký' })).toBeNull();
  });

  it('speaks of Facebook or Google sign-in only when such a button exists (issue 34 point 7)', async () => {
    renderLogin();
    await screen.findByLabelText('Email hoặc số điện thoại');
    expect(screen.queryByText('Gặp sự cố khi đăng nhập bằng Facebook hoặc Google?')).toBeNull();
    cleanup();
    answers['/api/app-settings'] = ok({ ...settings, configs: { ...settings.configs, socialProviders: ['google'] } });
    renderLogin();
    expect(await screen.findByText('Gặp sự cố khi đăng nhập bằng Facebook hoặc Google?')).toBeTruthy();
  });

  it("shows the form without asking the API when the page carries its interaction's details (issue 27 point 1)", async () => {
    const inline = document.createElement('script');
    inline.id = 'portico-interaction';
    inline.type = 'application/json';
    inline.textContent = JSON.stringify({ ...interaction, loginHint: 'ana@example.com' });
    document.head.append(inline);
    try {
      renderLogin();
      expect(await screen.findByLabelText('Email hoặc số điện thoại')).toBeTruthy();
      expect(calls.some((c) => c.url.includes('/api/account/interaction/'))).toBe(false);
      cleanup();
      // Another interaction's page: its own details are asked for.
      answers['/api/account/interaction/xyz'] = ok({ ...interaction, uid: 'xyz' });
      renderLogin('/login?ReturnUrl=%2Foidc%2Finteraction%2Fxyz');
      await screen.findByLabelText('Email hoặc số điện thoại');
      expect(calls.some((c) => c.url.includes('/api/account/interaction/xyz'))).toBe(true);
    } finally {
      inline.remove();
    }
  });

  it("shows the signing-in client's brand in the banner, or the block the page names (issue 31)", async () => {
    const brand = (name: string, logo: string | null) => ({
      'vi-VN': { banner: { name, logo } },
      'en-US': { banner: { name: `${name} EN`, logo } },
    });
    answers['/api/account/interaction/abc'] = ok({
      ...interaction,
      client: { ...interaction.client, blockId: 'lms' },
      brand: brand('Học Vui', 'http://localhost:3000/uploads/logo.png'),
    });
    renderLogin();
    const home = await screen.findByRole('link', { name: 'Học Vui' });
    expect(home.querySelector('img')?.getAttribute('src')).toBe('http://localhost:3000/uploads/logo.png');
    cleanup();

    // /register?block=shop (no sign-in pending): the common-data call, the portal's mark without a logo.
    answers['/api/common-data'] = ok({ data: brand('Cửa Hàng Sách', null) });
    renderLogin('/login?block=shop');
    await screen.findByRole('link', { name: 'Cửa Hàng Sách' });
    expect(calls.some((c) => c.url === '/api/common-data?block=shop&code=banner')).toBe(true);
  });

  it('validates the account with the spec keys, then checks it', async () => {
    renderLogin();
    const username = await screen.findByLabelText('Email hoặc số điện thoại');
    expect(username.getAttribute('name')).toBe('username');
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    expect(await screen.findByText('Vui lòng nhập email hoặc số điện thoại.')).toBeTruthy();
    fireEvent.change(username, { target: { value: 'lan@' } });
    fireEvent.submit(username.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Email không hợp lệ.')).toBeTruthy();

    fireEvent.change(username, { target: { value: 'lan@example.edu' } });
    fireEvent.submit(username.closest('form') as HTMLFormElement);
    const passwordTab = await screen.findByRole('tab', { name: 'Dùng mật khẩu' });
    expect(passwordTab.getAttribute('aria-selected')).toBe('true');
    expect(calls.find((c) => c.url === '/api/account/login-check')?.body).toEqual({ userName: 'lan@example.edu' });
    expect(screen.queryByLabelText('Tôi không phải người máy')).toBeNull();

    const password = screen.getByLabelText('Mật khẩu', { selector: 'input' });
    expect(password.getAttribute('name')).toBe('password');
    fireEvent.submit(password.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Vui lòng nhập mật khẩu.')).toBeTruthy();
    // The forgot-password link carries the sign-in (ReturnUrl) and the account along.
    expect(screen.getByRole('link', { name: 'Quên mật khẩu?' }).getAttribute('href')).toBe(
      '/forgot-password?ReturnUrl=%2Foidc%2Finteraction%2Fabc&username=lan%40example.edu',
    );
  });

  it('opens the code tab for code accounts and shows the captcha when asked', async () => {
    answers['/api/account/login-check'] = ok({ loginByOTP: true, isErrorMulti: true });
    renderLogin('/en-us/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc&username=lan%40example.edu');
    const username = await screen.findByLabelText('E-mail or phone number');
    expect((username as HTMLInputElement).value).toBe('lan@example.edu');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const codeTab = await screen.findByRole('tab', { name: 'Use a code' });
    expect(codeTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByLabelText("I'm not a robot")).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/account/otp-support?userName='))).toBe(true));
    // sending without solving the captcha asks for it first
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please complete the captcha.')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/account/login/send-otp')).toBe(false);
  });

  it('signs in with a code through the code step: send, countdown, empty and refused codes', async () => {
    answers['/api/account/login-check'] = ok({ loginByOTP: true, isErrorMulti: false });
    answers['/api/account/login/send-otp'] = refuse('error_multi_time');
    renderLogin('/en-us/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc&username=lan%40example.edu');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    const send = await screen.findByRole('button', { name: 'Send code' });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    // A refused send still counts as sent (spec §4); the server's reason is in the alert and the captcha appears.
    const code = await screen.findByLabelText('Verification code', { selector: 'input' });
    expect(screen.getByRole('alert').textContent).toContain('Too many failed sign-in attempts.');
    expect(await screen.findByLabelText("I'm not a robot")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();

    answers['/api/account/login/otp'] = refuse('otp_invalid');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter the verification code.')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/account/login/otp'))).toBe(false);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.submit(code.closest('form') as HTMLFormElement);
    expect(await screen.findByText('The verification code is incorrect.')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/account/login/otp'))?.body).toMatchObject({
      username: 'lan@example.edu',
      otp: '123456',
      otpType: 'email',
    });
  });

  it('opens the code step again after a reload while a code sent for the name can be used (spec §3 login info)', async () => {
    answers['/api/account/login-check'] = ok({ loginByOTP: true, isErrorMulti: false });
    answers['/api/account/login/send-otp'] = ok({ times: 90 });
    renderLogin('/en-us/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc&username=lan%40example.edu');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    const send = await screen.findByRole('button', { name: 'Send code' });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    await screen.findByLabelText('Verification code', { selector: 'input' });
    expect(document.cookie).toContain('portico_login_info=');
    cleanup();

    // The reload: the code step with the countdown left, without a new code.
    renderLogin('/en-us/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc');
    await screen.findByLabelText('Verification code', { selector: 'input' });
    expect(screen.getAllByText('lan@example.edu').length).toBeGreaterThan(0);
    expect((await screen.findByRole('timer')).textContent).toMatch(/01:(2\d|30)/);
    expect(calls.filter((c) => c.url === '/api/account/login/send-otp')).toHaveLength(1);

    // Another account: forgotten.
    fireEvent.click(screen.getByRole('button', { name: 'Change account' }));
    expect(document.cookie).not.toContain('portico_login_info=');
  });

  it('keeps the query on the register tab and hides it on request', async () => {
    const router = renderLogin('/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc');
    const tab = await screen.findByRole('tab', { name: 'Đăng ký' });
    act(() => window.dispatchEvent(new MessageEvent('message', { data: 'hide-register' })));
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Đăng ký' })).toBeNull());
    expect(tab.isConnected).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
    cleanup();
    renderLogin('/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc&hideRegister=true');
    await screen.findByLabelText('Email hoặc số điện thoại');
    expect(screen.queryByRole('tab', { name: 'Đăng ký' })).toBeNull();
  });

  it('takes hideRegister, username + password and campaignId inside ReturnUrl too (issue 8, point 19)', async () => {
    answers['/api/account/login'] = ok({ isOk: false, isRegister: false, redirectUrl: '' });
    const returnUrl =
      '/oidc/interaction/abc?hideRegister=true&username=lan@example.edu&password=Secret@123&campaignId=7';
    const router = renderLogin(`/login?ReturnUrl=${encodeURIComponent(returnUrl)}`);
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/account/login?'))).toBe(true));
    const login = calls.find((c) => c.url.startsWith('/api/account/login?'));
    expect(login?.url).toBe('/api/account/login?campaignId=7');
    expect(login?.body).toMatchObject({ username: 'lan@example.edu', password: 'Secret@123', returnUrl });
    expect(screen.queryByRole('tab', { name: 'Đăng ký' })).toBeNull();
    // the credentials leave the address bar, inside ReturnUrl too
    expect(new URLSearchParams(router.state.location.search).get('ReturnUrl')).toBe(
      '/oidc/interaction/abc?hideRegister=true&campaignId=7',
    );
  });

  it('keeps the options of /login?... opened directly across the sign-in redirect (issue 8, point 19)', async () => {
    sessionStorage.clear();
    resetCarriedLoginOptions();
    renderLogin('/login?hideRegister=true&username=lan%40example.edu&password=Secret%40123&campaignId=7');
    await screen.findByText('Đang chuyển tới trang đăng nhập...');
    cleanup();
    // ... the provider comes back with the interaction and nothing else
    answers['/api/account/login'] = ok({ isOk: false, isRegister: false, redirectUrl: '' });
    renderLogin('/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/account/login?campaignId=7')).toBe(true));
    expect(calls.find((c) => c.url === '/api/account/login?campaignId=7')?.body).toMatchObject({
      username: 'lan@example.edu',
      password: 'Secret@123',
    });
    expect(screen.queryByRole('tab', { name: 'Đăng ký' })).toBeNull();
    expect(sessionStorage.length).toBe(0); // taken once, not kept
  });

  it('turns the login tab into the update-info form when the answer says isRegister', async () => {
    answers['/api/account/login'] = ok({
      isOk: false,
      isRegister: true,
      redirectUrl: '/oidc/auth/abc',
      userInfo: { id: 'u1', username: 'lan@example.edu', firstName: 'Lan', lastName: '' },
      requiresTwoFactor: false,
    });
    renderLogin('/en-us/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc&username=lan%40example.edu');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    fireEvent.change(await screen.findByLabelText('Password', { selector: 'input' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Complete your account' })).toBeTruthy();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Lan');
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please enter your last name.')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/account/update-info')).toBe(false);
  }, 30_000);

  describe('with Google, Facebook and Zalo (issue 25)', () => {
    const social = () =>
      ok({
        ...settings,
        configs: {
          ...settings.configs,
          socialProviders: ['google', 'facebook', 'zalo'],
          googleClientId: 'cid.apps.googleusercontent.com',
          googleScriptUrl: 'https://accounts.google.com/gsi/client',
          facebookAppId: '4242',
          facebookSdkVersion: 'v21.0',
          facebookSdkUrl: 'https://connect.facebook.net/en_US/sdk.js',
        },
      });
    /** The providers' scripts as the page loads them: "loaded" at once, their globals stubbed. */
    const scriptsLoad = () =>
      vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
        if (node instanceof HTMLScriptElement) queueMicrotask(() => node.onload?.(new Event('load')));
        return node;
      });
    let pressGoogle: (credential: string) => void = () => {};
    beforeEach(() => {
      answers['/api/app-settings'] = social();
      vi.stubGlobal('google', {
        accounts: {
          id: {
            initialize: (o: { callback: (r: { credential: string }) => void }) => {
              pressGoogle = (credential) => o.callback({ credential });
            },
            renderButton: (parent: HTMLElement) => {
              parent.textContent = 'Google';
            },
          },
        },
      });
    });

    it("sends Google's credential as it is, and turns the tab into update-info for a new account", async () => {
      const scripts = scriptsLoad();
      answers['/api/account/login/external'] = ok({
        isOk: false,
        isRegister: true,
        redirectUrl: '/oidc/auth/abc',
        userInfo: { id: 'u9', username: 'lan@gmail.com', firstName: 'Lan', lastName: 'Nguyễn' },
        requiresTwoFactor: false,
      });
      answers['/api/account/login/external/details'] = ok({
        isOk: true,
        isRegister: false,
        redirectUrl: '/oidc/auth/abc',
        requiresTwoFactor: false,
      });
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      renderLogin();
      expect(await screen.findByRole('button', { name: 'Đăng nhập bằng Facebook' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Đăng nhập bằng Zalo' })).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('google-button').textContent).toBe('Google'));
      act(() => pressGoogle('eyJ.header.sig'));
      expect(await screen.findByRole('heading', { name: 'Hoàn tất thông tin tài khoản' })).toBeTruthy();
      expect(calls.find((c) => c.path === '/api/account/login/external')?.body).toEqual({
        provider: 'google',
        credential: 'eyJ.header.sig',
        returnUrl: '/oidc/interaction/abc',
      });
      // Skip finishes the pending sign-in through its own step, then goes on.
      fireEvent.click(screen.getByRole('button', { name: 'Bỏ qua' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/oidc/auth/abc'));
      expect(calls.find((c) => c.path === '/api/account/login/external/details')?.body).toEqual({
        returnUrl: '/oidc/interaction/abc',
        skip: true,
      });
      scripts.mockRestore();
    }, 30_000);

    it('asks for the existing account to be signed in to when the e-mail has one', async () => {
      const scripts = scriptsLoad();
      answers['/api/account/login/external'] = ok({
        isOk: false,
        isRegister: false,
        redirectUrl: '',
        requiresTwoFactor: false,
        linkProof: { provider: 'google', username: 'lan@example.edu' },
      });
      renderLogin();
      await waitFor(() => expect(screen.getByTestId('google-button').textContent).toBe('Google'));
      act(() => pressGoogle('eyJ.header.sig'));
      expect(await screen.findByText('Liên kết Google với tài khoản của bạn')).toBeTruthy();
      expect(screen.getByTestId('login-account').textContent).toBe('lan@example.edu');
      expect(await screen.findByLabelText('Mật khẩu', { selector: 'input' })).toBeTruthy();
      scripts.mockRestore();
    }, 30_000);

    it('says why when Zalo sent the person back with an error, and only a catalogue message', async () => {
      renderLogin('/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc&externalError=login_invalid_external_info');
      expect(await screen.findByText('Thông tin đăng nhập từ tài khoản liên kết không hợp lệ.')).toBeTruthy();
      cleanup();
      renderLogin('/login?ReturnUrl=%2Foidc%2Finteraction%2Fabc&externalError=%3Cb%3Ehi');
      expect(await screen.findByText('Thông tin đăng nhập từ tài khoản liên kết không hợp lệ.')).toBeTruthy();
      expect(screen.queryByText(/<b>hi/)).toBeNull();
    });
  });

  it('offers to start again when the interaction has expired', async () => {
    answers['/api/account/interaction/abc'] = refuse('login_session_expired');
    renderLogin();
    expect(await screen.findByText('Phiên đăng nhập đã hết hạn. Vui lòng bắt đầu đăng nhập lại.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Đăng nhập lại' })).toBeTruthy();
  });
});
