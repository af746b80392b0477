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
