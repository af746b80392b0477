import type { AppSettings } from '@portico/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, ok, renderRoute, stubApi } from '../../test/pages';
import { ANONYMOUS } from '../auth/session';
import { DEFAULT_APP_SETTINGS } from '../settings/defaults';
import { ChangeContactPage } from './ChangeContactPage';

const settings: AppSettings = { ...DEFAULT_APP_SETTINGS };
const WAIT = { timeout: 5000 };
let calls: ApiCall[];

beforeEach(() => {
  calls = stubApi(({ path, body }) => {
    if (path === '/api/app-settings') return ok(settings);
    if (path === '/api/account/update-info') return ok({ phoneNumber: '0912345678', email: 'lan@example.edu' });
    if (path === '/api/account/change-phone') return ok((body as { otp?: string }).otp ? { ok: true } : { times: 60 });
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('change phone (issue 8, point 24)', () => {
  it('ends on the verified number with a way to the phone list, not to an activation with nothing to activate', async () => {
    renderRoute('/account/change-phone', {
      routes: [{ path: '/account/change-phone', element: <ChangeContactPage kind="phone" /> }],
      session: ANONYMOUS,
    });
    fireEvent.change(await screen.findByLabelText('Số điện thoại mới', {}, WAIT), { target: { value: '0987654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi mã xác minh' }));
    const code = await screen.findByLabelText('Mã xác thực', {}, WAIT);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    await waitFor(
      () =>
        expect(calls.some((c) => c.path === '/api/account/change-phone' && (c.body as { otp: string }).otp)).toBe(true),
      WAIT,
    );
    expect(await screen.findByText(/0987654321, đã được xác minh/, {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Xem các số điện thoại' }).getAttribute('href')).toBe('/account/phone');
    expect(screen.queryByRole('link', { name: /Kích hoạt/ })).toBeNull();
    expect(document.querySelector('a[href*="active-phone"]')).toBeNull();
  });
});
