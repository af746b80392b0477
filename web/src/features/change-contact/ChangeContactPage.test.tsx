import type { AppSettings } from '@portico/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { type ApiCall, ok, renderApp, stubApi } from '../../test/api';
import { ChangeContactPage } from './ChangeContactPage';

const settings: AppSettings = { ...DEFAULT_APP_SETTINGS };
const WAIT = { timeout: 5000 };
let calls: ApiCall[];

beforeEach(() => {
  calls = stubApi({
    '/api/app-settings': ok(settings),
    '/api/account/update-info': ok({ phoneNumber: '0912345678', email: 'lan@example.edu' }),
    '/api/account/change-phone': ({ body }) => ok(body?.otp ? { ok: true } : { times: 60 }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('change phone (issue 8, point 24)', () => {
  it('ends on the verified number with a way to the phone list, not to an activation with nothing to activate', async () => {
    renderApp(
      [{ path: '/account/change-phone', element: <ChangeContactPage kind="phone" /> }],
      '/account/change-phone',
    );
    fireEvent.change(await screen.findByLabelText('Số điện thoại mới', {}, WAIT), { target: { value: '0987654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi mã xác minh' }));
    const code = await screen.findByLabelText('Mã xác minh', {}, WAIT);
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
