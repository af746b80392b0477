import type { AppSettings, Device } from '@portico/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/setup';
import { buildRoutes } from '../../routes';
import type { Session } from '../../session/session';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { type Answers, type ApiCall, renderApp, stubApi } from '../../test/api';

// Account pages through the real route table, with the API answered in memory.

// Lazy pages and their queries can take more than a second in a busy jsdom run.
configure({ asyncUtilTimeout: 5000 });

const settings: AppSettings = { ...DEFAULT_APP_SETTINGS };
let answers: Answers;
const SIGNED_IN: Session = { status: 'authenticated', user: { sub: 'u1', name: 'Lan' } };
let calls: ApiCall[];

const device = (over: Partial<Device>): Device => ({
  id: 'd1',
  deviceType: 1,
  deviceName: 'Windows',
  locationRegion: 'Hà Nội',
  isCurrentDevice: false,
  isLogOut: false,
  minutes: 5,
  lastActionTime: new Date(2024, 0, 5, 9, 7).toISOString(),
  loginTime: new Date(2024, 0, 1, 8, 0).toISOString(),
  logoutTime: null,
  ip: '10.0.0.1',
  browser: 'Chrome 120',
  signInMethod: 'zalo',
  ...over,
});

const renderAt = (url: string) => renderApp(buildRoutes(), url, SIGNED_IN);

beforeEach(() => {
  focusManager.setFocused(true);
  answers = { '/api/app-settings': { body: { result: settings } } };
  calls = stubApi(answers);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('vi-VN'));
});

describe('devices page', { timeout: 20_000 }, () => {
  it('lists devices with their last action, marks the current one, logs one out after confirmation', async () => {
    let loggedOut = false;
    const other = device({ id: 'd2', deviceName: 'iPhone', deviceType: 2, minutes: 90 });
    const current = device({ id: 'd1', isCurrentDevice: true, minutes: 0 });
    answers['/api/account/devices'] = () => ({ body: { result: loggedOut ? [current] : [current, other] } });
    answers['/api/account/devices/logged-out'] = () => ({
      body: { result: loggedOut ? [{ ...other, isLogOut: true, logoutTime: other.lastActionTime }] : [] },
    });
    answers['POST /api/account/devices/d2/logout'] = () => {
      loggedOut = true;
      return { body: { result: true } };
    };
    renderAt('/security/device');

    const active = await screen.findByRole('region', { name: 'Thiết bị đang đăng nhập' });
    const iphone = await within(active).findByRole('article', { name: 'iPhone' });
    expect(within(iphone).getByText('Hoạt động gần nhất: 09:07 05/01/2024')).toBeTruthy();
    const windows = within(active).getByRole('article', { name: 'Windows' });
    expect(within(windows).getByText('Thiết bị này')).toBeTruthy();
    expect(within(windows).getByText('Hoạt động gần nhất: Không rõ')).toBeTruthy();
    expect(screen.getByText('Chưa có thiết bị nào đã đăng xuất.')).toBeTruthy();

    fireEvent.click(within(iphone).getByRole('button', { name: 'Đăng xuất iPhone' }));
    const dialog = await screen.findByRole('dialog');
    // The confirmation names the device as the person knows it (issue 34 point 8).
    expect(within(dialog).getByText('Hoạt động gần nhất: 09:07 05/01/2024')).toBeTruthy();
    expect(within(dialog).getByText(/Chrome 120/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Đăng xuất' }));
    const gone = await screen.findByRole('region', { name: 'Thiết bị đã đăng xuất' });
    await within(gone).findByRole('article', { name: 'iPhone' });
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/account/devices/d2/logout')).toBe(true);
    await waitFor(() => expect(within(active).queryByRole('article', { name: 'iPhone' })).toBeNull());
  });

  it('opens the detail modal from /security/device/{id}, in English with MM/DD/YYYY', async () => {
    answers['/api/account/devices'] = { body: { result: [] } };
    answers['/api/account/devices/logged-out'] = { body: { result: [] } };
    answers['/api/account/devices/d9'] = { body: { result: device({ id: 'd9', minutes: 12 }) } };
    renderAt('/en-us/security/device/d9');
    const dialog = await screen.findByRole('dialog', { name: 'Device details' });
    await within(dialog).findByText('10.0.0.1');
    expect(within(dialog).getByText('08:00 01/01/2024')).toBeTruthy();
    expect(within(dialog).getByText('12 min ago')).toBeTruthy();
    expect(within(dialog).getByText('Chrome 120')).toBeTruthy();
    // How that sign-in was made (issue 25 point 7).
    expect(within(dialog).getByText('Signed in with')).toBeTruthy();
    expect(within(dialog).getByText('Zalo')).toBeTruthy();
  });
});

describe('delete account page', { timeout: 20_000 }, () => {
  it('asks for the confirmation and the password, shows invalid_password, then deletes', async () => {
    answers['/api/account/delete/has-password'] = { body: { result: true } };
    answers['POST /api/account/delete/check-password'] = ({ body }) =>
      (body as { password: string }).password === 'right'
        ? { body: { result: true } }
        : {
            status: 400,
            body: { exception: { message: 'invalid_password' }, errors: { password: ['invalid_password'] } },
          };
    answers['DELETE /api/account/delete'] = { body: { result: true } };
    renderAt('/security/delete');

    const password = await screen.findByLabelText('Nhập mật khẩu để xác nhận');
    const submit = screen.getByRole('button', { name: 'Xóa tài khoản' });
    fireEvent.click(submit);
    expect(await screen.findByText('Vui lòng xác nhận bạn muốn xóa tài khoản.')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: /Tôi hiểu rằng tài khoản/ }));
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Mật khẩu không đúng.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.change(password, { target: { value: 'right' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ confirm: true, password: 'right' }),
    );
    expect((await screen.findAllByText('Tài khoản của bạn đã được xóa.')).length).toBeGreaterThan(0);
  });

  it('asks no password when the account has none', async () => {
    answers['/api/account/delete/has-password'] = { body: { result: false } };
    renderAt('/en-us/security/delete');
    await screen.findByRole('checkbox', { name: /I understand/ });
    expect(screen.queryByLabelText('Enter your password to confirm')).toBeNull();
  });
});
