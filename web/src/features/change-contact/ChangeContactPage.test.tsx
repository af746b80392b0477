import type { AppSettings } from '@portico/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../App';
import { DEFAULT_APP_SETTINGS } from '../settings/defaults';
import { ChangeContactPage } from './ChangeContactPage';

const settings: AppSettings = { ...DEFAULT_APP_SETTINGS };
const WAIT = { timeout: 5000 };
let calls: { url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.split('?')[0] ?? input;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url: path, body });
      const ok = (result: unknown) => new Response(JSON.stringify({ result }), { status: 200 });
      if (path === '/api/app-settings') return ok(settings);
      if (path === '/api/account/update-info') return ok({ phoneNumber: '0912345678', email: 'lan@example.edu' });
      if (path === '/api/account/change-phone') return ok(body.otp ? { ok: true } : { times: 60 });
      return new Response(JSON.stringify({ exception: { message: 'error_not_found' } }), { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('change phone (issue 8, point 24)', () => {
  it('ends on the verified number with a way to the phone list, not to an activation with nothing to activate', async () => {
    const router = createMemoryRouter(
      [{ path: '/account/change-phone', element: <ChangeContactPage kind="phone" /> }],
      {
        initialEntries: ['/account/change-phone'],
      },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    fireEvent.change(await screen.findByLabelText('Số điện thoại mới', {}, WAIT), { target: { value: '0987654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi mã xác minh' }));
    const code = await screen.findByLabelText('Mã xác thực', {}, WAIT);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    await waitFor(
      () =>
        expect(calls.some((c) => c.url === '/api/account/change-phone' && (c.body as { otp: string }).otp)).toBe(true),
      WAIT,
    );
    expect(await screen.findByText(/0987654321, đã được xác minh/, {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Xem các số điện thoại' }).getAttribute('href')).toBe('/account/phone');
    expect(screen.queryByRole('link', { name: /Kích hoạt/ })).toBeNull();
    expect(document.querySelector('a[href*="active-phone"]')).toBeNull();
  });
});
