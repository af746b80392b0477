import type { ErrorLookupAnswer } from '@portico/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../App';
import { DEFAULT_APP_SETTINGS } from '../settings/defaults';
import { ErrorPage } from './ErrorPage';

const WAIT = { timeout: 5000 };

const renderWith = (stored: ErrorLookupAnswer) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0];
      const ok = (result: unknown) => new Response(JSON.stringify({ result }), { status: 200 });
      if (path === '/api/app-settings') return ok(DEFAULT_APP_SETTINGS);
      if (path === '/api/account/error') return ok(stored);
      return new Response(JSON.stringify({ exception: { message: 'not_found' } }), { status: 404 });
    }),
  );
  const router = createMemoryRouter([{ path: '/error', element: <ErrorPage /> }], {
    initialEntries: ['/error?errorid=abc'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('error page', () => {
  it('says sign-out failed for an error of the end-session endpoint', async () => {
    renderWith({
      error: 'invalid_request',
      errorDescription: 'could not decode id_token_hint',
      clientId: '',
      flow: 'sign_out',
    });
    expect(await screen.findByText('could not decode id_token_hint', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Không thể đăng xuất');
    expect(screen.getByText('Đã có lỗi xảy ra trong quá trình đăng xuất.')).toBeTruthy();
  });

  it('says sign-in failed for any other error', async () => {
    renderWith({ error: 'invalid_client', errorDescription: 'client is invalid', clientId: 'x', flow: 'sign_in' });
    expect(await screen.findByText('client is invalid', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Không thể đăng nhập');
  });
});
