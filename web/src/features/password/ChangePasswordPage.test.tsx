import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { type ApiCall, ok, refuse, renderApp, stubApi } from '../../test/api';
import { ChangePasswordPage } from './ChangePasswordPage';

let calls: ApiCall[];
const changes = () => calls.filter((c) => c.path === '/api/account/password/change-password').map((c) => c.body);

beforeEach(() => {
  calls = stubApi({
    '/api/app-settings': ok(DEFAULT_APP_SETTINGS),
    '/api/account/password/check-require-password': ok(true),
    '/api/account/password/otp-methods': ok([
      { type: 'email', staticKey: 'otp_method_email', value: 'la***@example.edu' },
      { type: 'phone', staticKey: 'otp_method_phone', value: '091****678' },
    ]),
    // The current password is checked with the code: refused at step 2, fixed at step 1.
    '/api/account/password/change-password': ({ body }) =>
      body?.otp ? refuse('invalid_password', { currentpassword: ['invalid_password'] }) : ok({ times: 120 }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('change password on the page kit', () => {
  it('sends a code, resends to a newly chosen method, and takes a refused current password back to step 1', async () => {
    renderApp(<ChangePasswordPage />);
    fireEvent.change(await screen.findByLabelText('Mật khẩu hiện tại'), { target: { value: 'Cu-matkhau1' } });
    fireEvent.change(screen.getByLabelText('Mật khẩu mới'), { target: { value: 'Moi-matkhau2' } });
    fireEvent.change(screen.getByLabelText('Nhập lại mật khẩu mới'), { target: { value: 'Moi-matkhau2' } });
    const next = screen.getByRole('button', { name: 'Tiếp tục' });
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
    fireEvent.click(next);

    // Step 2: the code went to the first method; the field has the focus.
    const code = await screen.findByLabelText('Mã xác minh');
    expect(changes()[0]).toMatchObject({ otp: '', OtpType: 'email', currentpassword: 'Cu-matkhau1' });
    await waitFor(() => expect(document.activeElement).toBe(code));

    // Another method sends a code there at once.
    fireEvent.click(screen.getByLabelText('Nhận mã qua số điện thoại (091****678)'));
    await waitFor(() => expect(changes()).toHaveLength(2));
    expect(changes()[1]).toMatchObject({ otp: '', OtpType: 'phone' });

    // An empty code is refused with the flow's message, without a call.
    fireEvent.click(screen.getByRole('button', { name: 'Cập nhật' }));
    expect(await screen.findByText('Vui lòng nhập mã xác minh.')).toBeTruthy();
    expect(changes()).toHaveLength(2);

    // The code with a wrong current password: back to step 1, the message under that field.
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cập nhật' }));
    expect(await screen.findByText('Mật khẩu không đúng.')).toBeTruthy();
    expect(changes()[2]).toMatchObject({ otp: '123456', OtpType: 'phone' });
    expect(screen.getByLabelText('Mật khẩu hiện tại')).toBeTruthy();
    expect(screen.queryByLabelText('Mã xác minh')).toBeNull();
  });

  it('with two-step off says it changes at once, asks "log out all devices" in the first step, and shows a success that stays (issue 34 point 4)', async () => {
    calls = stubApi({
      '/api/app-settings': ok(DEFAULT_APP_SETTINGS),
      '/api/account/password/check-require-password': ok(true),
      '/api/account/password/otp-methods': ok([
        { type: 'email', staticKey: 'otp_method_email', value: 'la***@example.edu' },
      ]),
      '/api/account/two-factor/details': ok({ twoFactorEnabled: false, hasAuthenticator: false, recoveryCodesLeft: 0 }),
      '/api/account/password/change-password': ok({ ok: true, twoFactorDisabled: true }),
    });
    renderApp(<ChangePasswordPage />);
    fireEvent.change(await screen.findByLabelText('Mật khẩu hiện tại'), { target: { value: 'Cu-matkhau1' } });
    fireEvent.change(screen.getByLabelText('Mật khẩu mới'), { target: { value: 'Moi-matkhau2' } });
    fireEvent.change(screen.getByLabelText('Nhập lại mật khẩu mới'), { target: { value: 'Moi-matkhau2' } });
    fireEvent.click(await screen.findByLabelText('Đăng xuất khỏi tất cả các thiết bị khác'));
    // No code step to promise: the intro and the button say the change happens at once.
    expect(await screen.findByText(/Mật khẩu mới có hiệu lực ngay, không cần mã xác minh/)).toBeTruthy();
    expect(screen.queryByText(/Bạn sẽ cần nhập mã xác minh/)).toBeNull();
    const next = screen.getByRole('button', { name: 'Đổi mật khẩu' });
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
    fireEvent.click(next);
    const success = await screen.findByRole('status');
    expect(success.textContent).toContain('Đổi mật khẩu thành công.');
    expect(success.textContent).toContain('Các thiết bị khác đã được đăng xuất.');
    // In the page where the form was, not a 3-second toast: it stays until the person moves on.
    expect(success.closest('.mantine-Notification-root')).toBeNull();
    expect(screen.queryByLabelText('Mật khẩu mới')).toBeNull();
    expect(screen.getByRole('link', { name: 'Về trang tài khoản' })).toBeTruthy();
    expect(changes()).toEqual([expect.objectContaining({ otp: '', logoutAll: true })]);
    expect(screen.queryByLabelText('Mã xác minh')).toBeNull();
  });

  it('sets a first password without a current one, through the code step, then turns into change-password', async () => {
    let hasPassword = false;
    const sets = () => calls.filter((c) => c.path === '/api/account/password/set-first-password').map((c) => c.body);
    calls = stubApi({
      '/api/app-settings': ok(DEFAULT_APP_SETTINGS),
      '/api/account/password/check-require-password': () => ok(hasPassword),
      '/api/account/password/otp-methods': ok([
        { type: 'email', staticKey: 'otp_method_email', value: 'la***@gmail.com' },
      ]),
      '/api/account/password/set-first-password': ({ body }) => {
        if (!body?.otp) return ok({ times: 120 });
        if (body.otp !== '246810') return refuse('otp_invalid', { otp: ['otp_invalid'] });
        hasPassword = true;
        return ok({ ok: true });
      },
    });
    renderApp(<ChangePasswordPage />);
    expect(await screen.findByRole('heading', { name: 'Đặt mật khẩu' })).toBeTruthy();
    expect(screen.queryByLabelText('Mật khẩu hiện tại')).toBeNull();
    fireEvent.change(screen.getByLabelText('Mật khẩu mới'), { target: { value: 'Moi-matkhau2' } });
    fireEvent.change(screen.getByLabelText('Nhập lại mật khẩu mới'), { target: { value: 'Moi-matkhau2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    // The code went to the primary e-mail; a wrong one is refused under the field.
    const code = await screen.findByLabelText('Mã xác minh');
    expect(screen.getByText('Mã xác minh đã được gửi tới la***@gmail.com. Nhập mã để đặt mật khẩu.')).toBeTruthy();
    expect(sets()[0]).toMatchObject({ newpassword: 'Moi-matkhau2', confirmnewpassword: 'Moi-matkhau2', otp: '' });
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Đặt mật khẩu' }));
    expect(await screen.findByText('Mã xác minh không đúng.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Đặt mật khẩu' }));

    // Set: the page is change-password now (the account has a password).
    expect(await screen.findByLabelText('Mật khẩu hiện tại')).toBeTruthy();
    expect(sets().at(-1)).toMatchObject({ otp: '246810' });
  });
});
