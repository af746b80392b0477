import type { AppSettings, TwoFactorDetails } from '@portico/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../App';
import i18n from '../../i18n/setup';
import { buildRoutes } from '../../routes';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';

// /security/2fa through the real route table, with the API answered in memory.

configure({ asyncUtilTimeout: 5000 });

const settings: AppSettings = { ...DEFAULT_APP_SETTINGS };
type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer | ((body: unknown) => Answer)>;
let calls: { method: string; url: string; body: unknown }[];
const BASE = '/api/account/two-factor';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const SETUP = {
  sharedKey: 'jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp',
  authenticatorUri: 'otpauth://totp/Portico:lan%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const details = (over: Partial<TwoFactorDetails> = {}): TwoFactorDetails => ({
  twoFactorEnabled: false,
  hasAuthenticator: false,
  recoveryCodesLeft: 0,
  ...over,
});
const fail = (key: string, field?: string): Answer => ({
  status: 400,
  body: { exception: { message: key }, ...(field ? { errors: { [field]: [key] } } : {}) },
});

const renderAt = (url: string) => {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] });
  render(
    <AppProviders
      queryClient={createQueryClient()}
      session={{ status: 'authenticated', user: { sub: 'u1', name: 'Lan' } }}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
};
const posted = (path: string) => calls.filter((c) => c.method === 'POST' && c.url === `${BASE}/${path}`);

beforeEach(() => {
  focusManager.setFocused(true);
  calls = [];
  answers = { '/api/app-settings': { body: { result: settings } } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.split('?')[0] ?? input;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method: init?.method ?? 'GET', url: input, body });
      const entry = answers[`${init?.method ?? 'GET'} ${path}`] ?? answers[path];
      const answer = typeof entry === 'function' ? entry(body) : entry;
      const a = answer ?? { status: 404, body: { exception: { message: 'error_not_found' } } };
      return new Response(JSON.stringify(a.body), { status: a.status ?? 200 });
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('vi-VN'));
});

describe('two-step verification page', { timeout: 30_000 }, () => {
  it('turning on without an authenticator walks the 4-step wizard, then shows the recovery codes once', async () => {
    let state = details();
    answers[`GET ${BASE}/details`] = () => ({ body: { result: state } });
    answers[`POST ${BASE}/check-password`] = (body) =>
      (body as { password: string }).password === 'Secret@123'
        ? { body: { result: true } }
        : fail('invalid_password', 'password');
    answers[`POST ${BASE}/setup-authenticator`] = { body: { result: SETUP } };
    answers[`POST ${BASE}/verify-authenticator`] = (body) => {
      if ((body as { verificationCode: string }).verificationCode !== '123456')
        return fail('authentication_code_is_incorrect', 'verificationCode');
      state = details({ twoFactorEnabled: true, hasAuthenticator: true, recoveryCodesLeft: 10 });
      return { body: { result: { recoveryCodes: CODES } } };
    };
    renderAt('/security/2fa');
    const toggle = await screen.findByRole('switch', { name: /Xác minh hai bước/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);

    // Step 1: the apps, no way back below it.
    expect(await screen.findByText('Bước 1/4 · Tải ứng dụng')).toBeTruthy();
    const google = screen.getByText('Google Authenticator').closest('li') as HTMLElement;
    expect(within(google).getByRole('link', { name: 'App Store' }).getAttribute('href')).toContain('apps.apple.com');
    expect(within(google).getByRole('link', { name: 'Google Play' }).getAttribute('href')).toContain('play.google.com');
    expect(screen.getByText('Microsoft Authenticator')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quay lại' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    // Step 2: the password (spec account §5 Two-factor messages).
    expect(await screen.findByText('Bước 2/4 · Xác nhận mật khẩu')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    expect(await screen.findByText('Vui lòng nhập mật khẩu.')).toBeTruthy();
    expect(posted('check-password')).toHaveLength(0);
    const password = screen.getByLabelText('Mật khẩu');
    fireEvent.change(password, { target: { value: 'Wrong@123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    expect(await screen.findByText('Mật khẩu không đúng.')).toBeTruthy();
    expect(posted('setup-authenticator')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Mật khẩu'), { target: { value: 'Secret@123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    // Step 3 on a desktop: the QR code (170 px) and the key in groups of four with a copy button;
    // back goes one step down.
    expect(await screen.findByText('Bước 3/4 · Thêm vào ứng dụng')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sao chép' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Mở trong ứng dụng xác thực' })).toBeNull();
    const qr = screen.getByRole('img', { name: 'Mã QR để thêm tài khoản vào ứng dụng xác thực' });
    expect(qr.getAttribute('src')).toBe(SETUP.qrCode);
    expect([qr.getAttribute('width'), qr.getAttribute('height')]).toEqual(['170', '170']);
    expect(screen.getByTestId('shared-key').textContent).toBe(SETUP.sharedKey);
    expect(posted('setup-authenticator')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    // Step 4: the code.
    expect(await screen.findByText('Bước 4/4 · Nhập mã')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Xác minh' }));
    expect(await screen.findByText('Vui lòng nhập mã xác minh.')).toBeTruthy();
    const code = screen.getByLabelText('Mã xác minh');
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Xác minh' }));
    expect(await screen.findByText('Mã xác minh không đúng.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quay lại' }));
    expect(await screen.findByText('Bước 3/4 · Thêm vào ứng dụng')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    fireEvent.change(await screen.findByLabelText('Mã xác minh'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Xác minh' }));

    // Done: the toast, the switch on, the codes once.
    expect(await screen.findByText('Bật xác minh hai bước thành công.')).toBeTruthy();
    const panel = await screen.findByRole('region', { name: 'Mã khôi phục' });
    for (const c of CODES) expect(within(panel).getByText(c)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Sao chép' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Tải xuống (.txt)' })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: /Xác minh hai bước/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect(screen.getByText('Ứng dụng xác thực đã được thiết lập cho tài khoản của bạn.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Tôi đã lưu các mã' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Mã khôi phục' })).toBeNull());
    expect(screen.queryByText(CODES[0]!)).toBeNull();
  });

  it('on a phone, step 3 opens the authenticator app by its otpauth link first; the QR code waits behind a button', async () => {
    // A touch screen (issue 34 point 1): the app that must scan the code is on this very phone.
    const plain = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...plain(query), matches: query.includes('coarse') }));
    answers[`GET ${BASE}/details`] = { body: { result: details() } };
    answers[`POST ${BASE}/check-password`] = { body: { result: true } };
    answers[`POST ${BASE}/setup-authenticator`] = { body: { result: SETUP } };
    renderAt('/en-us/security/2fa');
    fireEvent.click(await screen.findByRole('switch', { name: /Two-step verification/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'Secret@123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Step 3 of 4 · Add to the app')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open in authenticator app' });
    expect(open.getAttribute('href')).toBe(SETUP.authenticatorUri);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'QR code to add the account to an authenticator app' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'App on another device? Show the QR code' }));
    expect(screen.getByRole('img', { name: 'QR code to add the account to an authenticator app' })).toBeTruthy();
  });

  it('turns off behind the password and on again with an authenticator set up (no wizard)', async () => {
    let state = details({ twoFactorEnabled: true, hasAuthenticator: true, recoveryCodesLeft: 7 });
    answers[`GET ${BASE}/details`] = () => ({ body: { result: state } });
    answers[`POST ${BASE}/check-password`] = { body: { result: true } };
    answers[`POST ${BASE}/disable`] = () => {
      state = { ...state, twoFactorEnabled: false };
      return { body: { result: state } };
    };
    answers[`POST ${BASE}/enable`] = () => {
      state = { ...state, twoFactorEnabled: true };
      return { body: { result: state } };
    };
    renderAt('/en-us/security/2fa');
    expect(await screen.findByText('Unused recovery codes left: 7.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /Two-step verification/ }));
    const modal = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(posted('disable')).toHaveLength(0);
    fireEvent.change(within(modal).getByLabelText('Password'), { target: { value: 'Secret@123' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Two-step verification is now off.')).toBeTruthy();
    expect(posted('check-password')).toHaveLength(1);
    await waitFor(() => expect(posted('disable')).toHaveLength(1));
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: /Two-step verification/ }) as HTMLInputElement).checked).toBe(false),
    );
    fireEvent.click(screen.getByRole('switch', { name: /Two-step verification/ }));
    expect(await screen.findByText('Two-step verification is now on.')).toBeTruthy();
    expect(posted('enable')).toHaveLength(1);
    expect(screen.queryByText(/Step 1\/4/)).toBeNull();
  });

  it('resets behind the password modal: empty asks, wrong closes it, right resets', async () => {
    let state = details({ twoFactorEnabled: true, hasAuthenticator: true, recoveryCodesLeft: 10 });
    answers[`GET ${BASE}/details`] = () => ({ body: { result: state } });
    answers[`POST ${BASE}/check-password`] = (body) =>
      (body as { password: string }).password === 'Secret@123'
        ? { body: { result: true } }
        : fail('invalid_password', 'password');
    answers[`POST ${BASE}/reset-authenticator`] = () => {
      state = details();
      return { body: { result: state } };
    };
    renderAt('/security/2fa');
    fireEvent.click(await screen.findByRole('button', { name: 'Đặt lại ứng dụng xác thực' }));
    const modal = await screen.findByRole('dialog', { name: 'Xác nhận mật khẩu' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Xác nhận' }));
    expect(await within(modal).findByText('Vui lòng nhập mật khẩu.')).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('Mật khẩu'), { target: { value: 'Wrong@123' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Xác nhận' }));
    // Wrong: the modal closes and the message shows.
    expect(await screen.findByText('Mật khẩu không đúng.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted('reset-authenticator')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Đặt lại ứng dụng xác thực' }));
    const again = await screen.findByRole('dialog', { name: 'Xác nhận mật khẩu' });
    fireEvent.change(within(again).getByLabelText('Mật khẩu'), { target: { value: 'Secret@123' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Đã đặt lại ứng dụng xác thực. Xác minh hai bước đã tắt.')).toBeTruthy();
    expect(posted('reset-authenticator')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Đặt lại ứng dụng xác thực' })).toBeNull());
    // A new setup starts over at step 1.
    fireEvent.click(screen.getByRole('switch', { name: /Xác minh hai bước/ }));
    expect(await screen.findByText('Bước 1/4 · Tải ứng dụng')).toBeTruthy();
  });

  it('gives new recovery codes behind the password and shows them once', async () => {
    answers[`GET ${BASE}/details`] = {
      body: { result: details({ twoFactorEnabled: true, hasAuthenticator: true, recoveryCodesLeft: 2 }) },
    };
    answers[`POST ${BASE}/check-password`] = { body: { result: true } };
    answers[`POST ${BASE}/generate-recovery-codes`] = { body: { result: { recoveryCodes: CODES } } };
    renderAt('/en-us/security/2fa');
    fireEvent.click(await screen.findByRole('button', { name: 'Get new recovery codes' }));
    const modal = await screen.findByRole('dialog', { name: 'Confirm your password' });
    fireEvent.change(within(modal).getByLabelText('Password'), { target: { value: 'Secret@123' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
    const panel = await screen.findByRole('region', { name: 'Recovery codes' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(10);
    expect(posted('check-password')[0]?.body).toEqual({ password: 'Secret@123' });
    expect(posted('generate-recovery-codes')).toHaveLength(1);
  });
});
