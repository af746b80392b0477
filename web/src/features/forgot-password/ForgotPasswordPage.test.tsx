import type { AppSettings } from '@portico/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../App';
import { DEFAULT_APP_SETTINGS } from '../settings/defaults';
import { ForgotPasswordPage } from './ForgotPasswordPage';

const settings: AppSettings = { ...DEFAULT_APP_SETTINGS };
const WAIT = { timeout: 5000 };
let sends: { captcha?: string }[];

beforeEach(() => {
  sends = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.split('?')[0] ?? input;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const ok = (result: unknown) => new Response(JSON.stringify({ result }), { status: 200 });
      if (path === '/api/app-settings') return ok(settings);
      if (path === '/api/account/forgot-password') {
        sends.push(body);
        // Many sends from this address already: the server asks for a captcha first.
        return new Response(
          JSON.stringify({
            exception: { message: 'captcha_error_empty' },
            errors: { captcha: ['captcha_error_empty'] },
          }),
          { status: 400 },
        );
      }
      return new Response(JSON.stringify({ exception: { message: 'process_not_in_progress' } }), { status: 400 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('forgot password past the per-address send threshold (issue 8, point 25)', () => {
  it('shows the captcha the server asks for instead of a dead end, and will not send again until it is solved', async () => {
    const router = createMemoryRouter([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], {
      initialEntries: ['/forgot-password'],
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    fireEvent.change(await screen.findByLabelText('Email hoặc số điện thoại', {}, WAIT), {
      target: { value: 'lan@example.edu' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    expect(await screen.findByLabelText('Tôi không phải người máy', {}, WAIT)).toBeTruthy();
    expect(sends).toHaveLength(1);
    // Not solved yet: the page says so and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    await waitFor(() => expect(screen.getAllByText('Vui lòng xác nhận captcha.').length).toBeGreaterThan(0), WAIT);
    expect(sends).toHaveLength(1);
  });
});
