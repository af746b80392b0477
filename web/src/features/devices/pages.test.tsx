import type { Device } from '@portico/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../routes';
import { renderApp } from '../../test/api';
import { pageTests, SIGNED_IN } from '../../test/pageTests';

// Account pages through the real route table, with the API answered in memory.
const page = pageTests();

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

describe('devices page', { timeout: 20_000 }, () => {
  it('lists devices with their last action, marks the current one, logs one out after confirmation', async () => {
    let loggedOut = false;
    const other = device({ id: 'd2', deviceName: 'iPhone', deviceType: 2, minutes: 90 });
    const current = device({ id: 'd1', isCurrentDevice: true, minutes: 0 });
    page.answers['/api/account/devices'] = () => ({ body: { result: loggedOut ? [current] : [current, other] } });
    page.answers['/api/account/devices/logged-out'] = () => ({
      body: { result: loggedOut ? [{ ...other, isLogOut: true, logoutTime: other.lastActionTime }] : [] },
    });
    page.answers['POST /api/account/devices/d2/logout'] = () => {
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
    expect(page.calls.some((c) => c.method === 'POST' && c.url === '/api/account/devices/d2/logout')).toBe(true);
    await waitFor(() => expect(within(active).queryByRole('article', { name: 'iPhone' })).toBeNull());
  });

  it('opens the detail modal from /security/device/{id}, in English with MM/DD/YYYY', async () => {
    page.answers['/api/account/devices'] = { body: { result: [] } };
    page.answers['/api/account/devices/logged-out'] = { body: { result: [] } };
    page.answers['/api/account/devices/d9'] = { body: { result: device({ id: 'd9', minutes: 12 }) } };
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
    page.answers['/api/account/delete/has-password'] = { body: { result: true } };
    page.answers['POST /api/account/delete/check-password'] = ({ body }) =>
      (body as { password: string }).password === 'right'
        ? { body: { result: true } }
        : {
            status: 400,
            body: { exception: { message: 'invalid_password' }, errors: { password: ['invalid_password'] } },
          };
    page.answers['DELETE /api/account/delete'] = { body: { result: true } };
    renderAt('/security/delete');

    const password = await screen.findByLabelText('Nhập mật khẩu để xác nhận');
    const submit = screen.getByRole('button', { name: 'Xóa tài khoản' });
    fireEvent.click(submit);
    expect(await screen.findByText('Vui lòng xác nhận bạn muốn xóa tài khoản.')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: /Tôi hiểu rằng tài khoản/ }));
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Mật khẩu không đúng.')).toBeTruthy();
    expect(page.calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.change(password, { target: { value: 'right' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(page.calls.find((c) => c.method === 'DELETE')?.body).toEqual({ confirm: true, password: 'right' }),
    );
    expect((await screen.findAllByText('Tài khoản của bạn đã được xóa.')).length).toBeGreaterThan(0);
  });

  it('asks no password when the account has none', async () => {
    page.answers['/api/account/delete/has-password'] = { body: { result: false } };
    renderAt('/en-us/security/delete');
    await screen.findByRole('checkbox', { name: /I understand/ });
    expect(screen.queryByLabelText('Enter your password to confirm')).toBeNull();
  });
});
