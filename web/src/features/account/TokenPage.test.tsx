import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../App';
import i18n from '../../i18n/setup';
import { formatDateTime } from '../../lib/format';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { TokenPage } from './TokenPage';

// 5 January 2031, 07:09 local time.
const expiresAt = new Date(2031, 0, 5, 7, 9, 30);

vi.mock('../../session/OidcSession', () => ({
  useAuth: () => ({ user: { access_token: 'tok', expires_at: Math.floor(expiresAt.getTime() / 1000) } }),
}));

const renderAt = (path: string) =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <TokenPage />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ result: DEFAULT_APP_SETTINGS }), { status: 200 }));
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('vi-VN'));
});

describe('token page (issue 8, point 24)', () => {
  it('writes the expiry in the date style of the other account pages', async () => {
    renderAt('/account/token');
    expect(formatDateTime(expiresAt, 'vi-VN')).toBe('07:09 05/01/2031');
    expect(screen.getByText(/07:09 05\/01\/2031/)).toBeTruthy();
    cleanup();
    await act(() => i18n.changeLanguage('en-US'));
    renderAt('/en-us/account/token');
    expect(screen.getByText(/07:09 01\/05\/2031/)).toBeTruthy();
  });
});
