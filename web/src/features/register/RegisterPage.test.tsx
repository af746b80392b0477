import type { AppSettings } from '@portico/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/setup';
import { deleteCookie, REGISTER_COOKIE, readCookie, writeCookie } from '../../lib/cookies';
import { buildRoutes } from '../../routes';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { type Answers, type ApiCall, ok, refuse, renderApp, stubApi } from '../../test/api';

const settings: AppSettings = {
  ...DEFAULT_APP_SETTINGS,
  configs: { ...DEFAULT_APP_SETTINGS.configs, captchaProvider: 'none' },
};

let answers: Answers;
let calls: ApiCall[];

const fail = (key: string, field = 'username') => refuse(key, { [field]: [key] });
const renderAt = (url: string) => renderApp(buildRoutes(), url);
const bodyOf = (path: string) => calls.find((c) => c.path === path)?.body;

beforeEach(() => {
  focusManager.setFocused(true);
  deleteCookie(REGISTER_COOKIE);
  answers = {
    '/api/app-settings': ok(settings),
    '/api/account/register/check-process-regist': fail('process_not_in_progress'),
    '/api/account/register/check-username-and-send-otp': ok({ times: 60 }),
    '/api/account/register/resend-otp': ok({ times: 60 }),
    '/api/account/register/check-registration-otp-and-add-user': ok({ token: 'tok-1' }),
    '/api/account/register': ok({ username: 'lan@example.edu' }),
  };
  calls = stubApi(answers);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('vi-VN'));
});

describe('register page', () => {
  it('walks e-mail, code and details, then goes to login with the username and the query kept', async () => {
    const router = renderAt('/register?ReturnUrl=%2Foidc%2Finteraction%2Fabc');
    const email = await screen.findByLabelText('Email');
    expect(email.getAttribute('name')).toBe('username');
    fireEvent.click(screen.getByRole('button', { name: 'Gửi mã' }));
    expect(await screen.findByText('Vui lòng nhập email.')).toBeTruthy();
    fireEvent.change(email, { target: { value: '0912345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi mã' }));
    expect(await screen.findByText('Email không hợp lệ.')).toBeTruthy();

    fireEvent.change(email, { target: { value: ' Lan@Example.edu ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi mã' }));
    const otp = await screen.findByLabelText('Mã xác minh');
    expect(bodyOf('/api/account/register/check-username-and-send-otp')).toEqual({ username: 'lan@example.edu' });
    expect(readCookie(REGISTER_COOKIE)).toBe('lan@example.edu');
    expect(screen.getByRole('timer').textContent).toContain('01:00');

    fireEvent.click(screen.getByRole('button', { name: 'Xác minh' }));
    expect(await screen.findByText('Vui lòng nhập mã xác minh.')).toBeTruthy();
    fireEvent.change(otp, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Xác minh' }));
    const lastName = await screen.findByLabelText('Họ');
    expect(readCookie(REGISTER_COOKIE)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));
    expect(await screen.findByText('Vui lòng nhập tên.')).toBeTruthy();
    expect(screen.getByText('Vui lòng chọn giới tính.')).toBeTruthy();
    fireEvent.change(lastName, { target: { value: ' Nguyễn ' } });
    fireEvent.change(screen.getByLabelText('Tên'), { target: { value: 'Lan' } });
    fireEvent.change(screen.getByLabelText('Mật khẩu'), { target: { value: ' Abc@1234 ' } });
    expect(screen.getByRole('meter', { name: 'Độ mạnh mật khẩu' }).getAttribute('aria-valuenow')).toBe('3');
    fireEvent.change(screen.getByLabelText('Nhập lại mật khẩu'), { target: { value: 'Abc@1234' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Nữ' }));
    fireEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?ReturnUrl=%2Foidc%2Finteraction%2Fabc&username=lan%40example.edu');
    const sent = bodyOf('/api/account/register') as Record<string, unknown>;
    expect(sent).toMatchObject({
      username: 'lan@example.edu',
      token: 'tok-1',
      firstName: 'Lan',
      lastName: 'Nguyễn',
      password: 'Abc@1234',
      rePassword: 'Abc@1234',
      birthdate: `${new Date().getFullYear() - 5}-01-01`,
      gender: 2,
    });
    expect(typeof sent.timezone).toBe('string');
  }, 30_000);

  it('resumes at step 2 when the stored registration is in progress', async () => {
    writeCookie(REGISTER_COOKIE, 'lan@example.edu');
    answers['/api/account/register/check-process-regist'] = ok({ times: 30 });
    renderAt('/en-us/register');
    expect(await screen.findByLabelText('Verification code')).toBeTruthy();
    expect(screen.getByText(/lan@example.edu/)).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('00:30');
  });

  it('deletes the cookie when the registration is no longer in progress', async () => {
    writeCookie(REGISTER_COOKIE, 'old@example.edu');
    renderAt('/register');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(bodyOf('/api/account/register/check-process-regist')).toEqual({ username: 'old@example.edu' });
    expect(readCookie(REGISTER_COOKIE)).toBeNull();
  });

  it('shows the disposable and deleted e-mail messages', async () => {
    answers['/api/account/register/check-username-and-send-otp'] = fail('email_fake');
    renderAt('/register');
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'x@mailinator.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi mã' }));
    expect(
      await screen.findByText('Email không tồn tại hoặc không nhận được thư. Vui lòng dùng email khác.'),
    ).toBeTruthy();
    answers['/api/account/register/check-username-and-send-otp'] = fail('account_is_delete');
    fireEvent.click(screen.getByRole('button', { name: 'Gửi mã' }));
    expect(await screen.findByText('Tài khoản này đã bị xóa. Vui lòng dùng email khác.')).toBeTruthy();
  });

  it('cancel goes back to the login page with the query', async () => {
    const router = renderAt('/en-us/register?ReturnUrl=%2Foidc%2Finteraction%2Fabc');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-us/login'));
    expect(router.state.location.search).toBe('?ReturnUrl=%2Foidc%2Finteraction%2Fabc');
  });
});
