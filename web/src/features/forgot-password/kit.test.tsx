import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, FORGOT_PASSWORD_COOKIE, readCookie, writeCookie } from '../../lib/cookies';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { type ApiCall, ok, refuse, renderApp, stubApi } from '../../test/api';
import { ForgotPasswordPage } from './ForgotPasswordPage';

// The whole kit on one page: resume cookie, code step (empty, refused, good code), the form hook
// (schema messages, focus on the first invalid field, the call and its field errors).
describe('the kit on the forgot-password page', () => {
  let calls: ApiCall[];

  beforeEach(() => {
    writeCookie(FORGOT_PASSWORD_COOKIE, 'lan@example.edu');
    calls = stubApi({
      '/api/app-settings': ok(DEFAULT_APP_SETTINGS),
      '/api/account/forgot-password/check-process': ok({ times: 119 }),
      '/api/account/forgot-password/check-otp': ({ body }) =>
        body?.otp === '123456' ? ok({ message: 'reset-token' }) : refuse('otp_invalid', { otp: ['otp_invalid'] }),
      '/api/account/forgot-password/reset-password': refuse('error_password_common', {
        password: ['error_password_common'],
      }),
    });
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    deleteCookie(FORGOT_PASSWORD_COOKIE);
  });

  it('resumes at the code, checks it, and shows the new password form messages', async () => {
    renderApp(<ForgotPasswordPage />);

    // Resumed from the cookie at step 2, the countdown from the server's times, the field focused.
    const code = await screen.findByLabelText('Mã xác minh');
    expect(screen.getByTestId('forgot-account').textContent).toBe('lan@example.edu');
    expect(screen.getByRole('timer').textContent).toMatch(/0[12]:[0-9]{2}/);
    await waitFor(() => expect(document.activeElement).toBe(code));

    // Empty: the flow's own message, no call.
    fireEvent.click(screen.getByRole('button', { name: 'Xác minh' }));
    expect(await screen.findByText('Vui lòng nhập mã xác minh.')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/check-otp'))).toBe(false);

    // Refused: the server's field key under the field; Enter submits.
    fireEvent.change(code, { target: { value: '654321' } });
    expect(screen.queryByText('Vui lòng nhập mã xác minh.')).toBeNull();
    fireEvent.submit(code.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Mã xác minh không đúng.')).toBeTruthy();

    // Good code: step 3, the cookie is gone.
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Xác minh' }));
    const password = await screen.findByLabelText('Mật khẩu mới');
    expect(readCookie(FORGOT_PASSWORD_COOKIE)).toBe(null);

    // The contract's rules before any call, the first invalid field focused.
    fireEvent.change(screen.getByLabelText('Nhập lại mật khẩu mới'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cập nhật' }));
    expect(await screen.findByText('Vui lòng nhập mật khẩu.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(calls.some((c) => c.path.endsWith('/reset-password'))).toBe(false);

    // The server's field key lands under its field.
    fireEvent.change(password, { target: { value: 'Matkhau-2026' } });
    fireEvent.change(screen.getByLabelText('Nhập lại mật khẩu mới'), { target: { value: 'Matkhau-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cập nhật' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/reset-password'))).toBe(true));
    const sent = calls.find((c) => c.path.endsWith('/reset-password'))?.body;
    expect(sent).toMatchObject({ username: 'lan@example.edu', token: 'reset-token', password: 'Matkhau-2026' });
    const message = await screen.findByText('Mật khẩu này quá phổ biến và dễ bị đoán. Vui lòng chọn mật khẩu khác.');
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  /** An embedded reset through to its end (no product's sign-in to finish: a login token comes back). */
  async function resetEmbedded() {
    calls = stubApi({
      '/api/app-settings': ok(DEFAULT_APP_SETTINGS),
      '/api/account/forgot-password/check-process': ok({ times: 119 }),
      '/api/account/forgot-password/check-otp': ok({ message: 'reset-token' }),
      '/api/account/forgot-password/reset-password': ok({ loginToken: 'x'.repeat(43) }),
    });
    const router = renderApp(<ForgotPasswordPage />, '/?embedded=1');
    fireEvent.change(await screen.findByLabelText('Mã xác minh'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Xác minh' }));
    fireEvent.change(await screen.findByLabelText('Mật khẩu mới'), { target: { value: 'Matkhau-2026!' } });
    fireEvent.change(screen.getByLabelText('Nhập lại mật khẩu mới'), { target: { value: 'Matkhau-2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cập nhật' }));
    return router;
  }

  it('embedded, the end of a reset with no sign-in to finish tells the host instead of signing in here', async () => {
    const native = vi.fn();
    vi.stubGlobal('ReactNativeWebView', { postMessage: native });
    const router = await resetEmbedded();
    expect(await screen.findByText('Đã đặt lại mật khẩu')).toBeTruthy();
    expect(native).toHaveBeenCalledWith(
      JSON.stringify({ username: 'lan@example.edu', type: 'forgot_password_success' }),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?embedded=1');
  });

  it('embedded but with no host to hear it (a tab only marked so): the portal signs in as usual', async () => {
    const router = await resetEmbedded();
    await waitFor(() => expect(router.state.location.pathname).toBe('/token-login'));
    expect(screen.queryByText('Đã đặt lại mật khẩu')).toBeNull();
  });
});
