import type { NotificationConfig } from '@portico/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../routes';
import { ok, refuse, renderApp } from '../../test/api';
import { pageTests, SIGNED_IN } from '../../test/pageTests';
import { groupsOf } from './groups';

const page = pageTests();

const CONFIG: NotificationConfig = {
  blocks: [{ id: 'lms', name: 'LMS', title: 'Học trực tuyến' }],
  items: [
    { blockId: null, moduleName: 'security', title: 'Tin bảo mật', notificationGroup: ['email', 'web', 'app'] },
    { blockId: 'lms', moduleName: 'course', title: 'Cập nhật khoá học', notificationGroup: ['email'] },
  ],
};

beforeEach(() => {
  page.answers['/api/account/notification'] = ok(CONFIG);
});

const saved = () =>
  page.calls.filter((c) => c.method === 'POST' && c.path === '/api/account/notification').map((c) => c.body);

describe('notification settings page', { timeout: 20_000 }, () => {
  it('groups modules by block (general first), switches a channel, and saves the whole list', async () => {
    page.answers['POST /api/account/notification'] = ({ body }) =>
      ok({
        ...CONFIG,
        items: CONFIG.items.map(
          (item) => (body as NotificationConfig).items.find((i) => i.moduleName === item.moduleName) ?? item,
        ),
      });
    renderApp(buildRoutes(), '/notification', SIGNED_IN);
    expect(await screen.findByRole('heading', { level: 2, name: 'Thông báo chung' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Học trực tuyến' })).toBeTruthy();
    const master = screen.getByRole('switch', { name: /Tắt mọi thông báo/ }) as HTMLInputElement;
    expect(master.checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /Cập nhật khoá học/ }));
    const channels = await screen.findByRole('group', { name: 'Kênh nhận thông báo Cập nhật khoá học' });
    fireEvent.click(within(channels).getByRole('switch', { name: 'Trong ứng dụng' }));
    fireEvent.click(within(channels).getByRole('switch', { name: 'Email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cập nhật' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    // Only the module changed is sent.
    expect(saved()[0]).toEqual({ items: [{ blockId: 'lms', moduleName: 'course', notificationGroup: ['app'] }] });
    expect(await screen.findByText('Cập nhật thành công.')).toBeTruthy();
  });

  it('the master switch clears every channel when turned on and gives all three when turned off', async () => {
    page.answers['POST /api/account/notification'] = refuse('notification_module_unknown');
    renderApp(buildRoutes(), '/en-us/notification', SIGNED_IN);
    const master = (await screen.findByRole('switch', { name: /Turn off all notifications/ })) as HTMLInputElement;
    fireEvent.click(master);
    expect(master.checked).toBe(true);
    expect(screen.getAllByText('None')).toHaveLength(2);
    fireEvent.click(master);
    expect(screen.getAllByText('E-mail · On the web · In the app')).toHaveLength(2);
    fireEvent.click(master);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect((saved()[0] as NotificationConfig).items.every((i) => i.notificationGroup.length === 0)).toBe(true);
    expect(await screen.findByText('This kind of notification no longer exists. Please reload the page.')).toBeTruthy();
  });

  it('says so when there is nothing to set', async () => {
    page.answers['/api/account/notification'] = ok({ blocks: [], items: [] });
    renderApp(buildRoutes(), '/notification', SIGNED_IN);
    expect(await screen.findByText('Chưa có loại thông báo nào để cài đặt.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cập nhật' })).toBeNull();
  });
});

describe('groupsOf', () => {
  it('puts a module of an unlisted block among the general ones rather than losing it', () => {
    const groups = groupsOf([], [{ blockId: 'gone', moduleName: 'm', title: 'M', notificationGroup: [] }]);
    expect(groups).toEqual([
      { blockId: null, title: null, name: null, items: [expect.objectContaining({ moduleName: 'm' })] },
    ]);
  });
});
