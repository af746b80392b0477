import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../App';
import { DEFAULT_APP_SETTINGS } from '../settings/defaults';
import { ChangePasswordPage } from './ChangePasswordPage';

let changes: Record<string, unknown>[];

beforeEach(() => {
  changes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.split('?')[0] ?? input;
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      const ok = (result: unknown) => new Response(JSON.stringify({ result }), { status: 200 });
      if (path === '/api/app-settings') return ok(DEFAULT_APP_SETTINGS);
      if (path === '/api/account/password/check-require-password') return ok({ required: true });
      if (path === '/api/account/password/otp-methods') {
        return ok([
          { type: 'email', staticKey: 'otp_method_email', value: 'la***@example.edu' },
          { type: 'phone', staticKey: 'otp_method_phone', value: '091****678' },
        ]);
      }
      if (path === '/api/account/password/change-password') {
        changes.push(body);
        if (!body.otp) return ok({ times: 120 });
        // The current password is checked with the code: refused at step 2, fixed at step 1.
        return new Response(
          JSON.stringify({
            exception: { message: 'invalid_password' },
            errors: { currentpassword: ['invalid_password'] },
          }),
          { status: 400 },
        );
      }
      return new Response(JSON.stringify({ exception: { message: 'error_not_found' } }), { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('change password on the page kit', () => {
  it('sends a code, resends to a newly chosen method, and takes a refused current password back to step 1', async () => {
    const router = createMemoryRouter([{ path: '/', element: <ChangePasswordPage /> }]);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    fireEvent.change(await screen.findByLabelText('Mật khẩu hiện tại'), { target: { value: 'Cu-matkhau1' } });
    fireEvent.change(screen.getByLabelText('Mật khẩu mới'), { target: { value: 'Moi-matkhau2' } });
    fireEvent.change(screen.getByLabelText('Nhập lại mật khẩu mới'), { target: { value: 'Moi-matkhau2' } });
    const next = screen.getByRole('button', { name: 'Tiếp tục' });
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
    fireEvent.click(next);

    // Step 2: the code went to the first method; the field has the focus.
    const code = await screen.findByLabelText('Mã xác thực');
    expect(changes[0]).toMatchObject({ otp: '', OtpType: 'email', currentpassword: 'Cu-matkhau1' });
    await waitFor(() => expect(document.activeElement).toBe(code));

    // Another method sends a code there at once.
    fireEvent.click(screen.getByLabelText('Nhận mã qua số điện thoại (091****678)'));
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes[1]).toMatchObject({ otp: '', OtpType: 'phone' });

    // An empty code is refused with the flow's message, without a call.
    fireEvent.click(screen.getByRole('button', { name: 'Cập nhật' }));
    expect(await screen.findByText('Vui lòng nhập mã OTP.')).toBeTruthy();
    expect(changes).toHaveLength(2);

    // The code with a wrong current password: back to step 1, the message under that field.
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cập nhật' }));
    expect(await screen.findByText('Mật khẩu không đúng.')).toBeTruthy();
    expect(changes[2]).toMatchObject({ otp: '123456', OtpType: 'phone' });
    expect(screen.getByLabelText('Mật khẩu hiện tại')).toBeTruthy();
    expect(screen.queryByLabelText('Mã xác thực')).toBeNull();
  });
});
