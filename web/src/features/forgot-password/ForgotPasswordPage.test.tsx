import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { type ApiCall, ok, refuse, renderApp, stubApi } from '../../test/api';
import { ForgotPasswordPage } from './ForgotPasswordPage';

const WAIT = { timeout: 5000 };
let calls: ApiCall[];

beforeEach(() => {
  calls = stubApi({
    '/api/app-settings': ok(DEFAULT_APP_SETTINGS),
    // Many sends from this address already: the server asks for a captcha first.
    '/api/account/forgot-password': refuse('captcha_error_empty', { captcha: ['captcha_error_empty'] }),
    '/api/account/forgot-password/check-process': refuse('process_not_in_progress'),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sends = () => calls.filter((c) => c.path === '/api/account/forgot-password');

describe('forgot password past the per-address send threshold (issue 8, point 25)', () => {
  it('shows the captcha the server asks for instead of a dead end, and will not send again until it is solved', async () => {
    renderApp(<ForgotPasswordPage />);
    fireEvent.change(await screen.findByLabelText('Email hoặc số điện thoại', {}, WAIT), {
      target: { value: 'lan@example.edu' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    expect(await screen.findByLabelText('Tôi không phải người máy', {}, WAIT)).toBeTruthy();
    expect(sends()).toHaveLength(1);
    // Not solved yet: the page says so and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    await waitFor(() => expect(screen.getAllByText('Vui lòng xác nhận captcha.').length).toBeGreaterThan(0), WAIT);
    expect(sends()).toHaveLength(1);
  });
});

describe('a reset handed over by the "this wasn\'t me" page (issue 32 point 6)', () => {
  it('opens at the new password for that account, asks no code, and resets with the handed token', async () => {
    calls = stubApi({
      '/api/app-settings': ok(DEFAULT_APP_SETTINGS),
      '/api/account/forgot-password/check-process': refuse('process_not_in_progress'),
      '/api/account/forgot-password/reset-password': ok({ ok: true, loginToken: 'one-time' }),
    });
    const routes = [
      { path: '/', element: <ForgotPasswordPage /> },
      { path: '/token-login', element: <p>token login</p> },
    ];
    renderApp(routes, { pathname: '/', state: { reset: { username: 'lan@example.edu', token: 'handed' } } });
    expect(await screen.findByText(/lan@example\.edu/, {}, WAIT)).toBeTruthy();
    expect(screen.queryByLabelText('Email hoặc số điện thoại')).toBeNull();
    fireEvent.change(screen.getByLabelText('Mật khẩu mới'), { target: { value: 'Matkhau-2026!' } });
    fireEvent.change(screen.getByLabelText('Nhập lại mật khẩu mới'), { target: { value: 'Matkhau-2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cập nhật' }));
    await waitFor(
      () => expect(calls.some((c) => c.path === '/api/account/forgot-password/reset-password')).toBe(true),
      WAIT,
    );
    const reset = calls.find((c) => c.path === '/api/account/forgot-password/reset-password');
    expect(reset?.body).toMatchObject({ username: 'lan@example.edu', token: 'handed' });
    // No sign-in to finish: the token-login page signs this browser in.
    expect(await screen.findByText('token login', {}, WAIT)).toBeTruthy();
  });
});
