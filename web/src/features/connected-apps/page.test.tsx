import type { ConnectedApp } from '@portico/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../routes';
import { renderApp } from '../../test/api';
import { pageTests, SIGNED_IN } from '../../test/pageTests';

const page = pageTests();

const learn: ConnectedApp = {
  clientId: 'learn',
  name: 'Learn',
  scopes: ['openid', 'email', 'offline_access', 'courses:read'],
  grantedTime: new Date(2024, 0, 1, 8, 0).toISOString(),
  lastUsedTime: new Date(2024, 0, 5, 9, 7).toISOString(),
};

describe('connected apps page', { timeout: 20_000 }, () => {
  it('says what each app may do in words and when it was last used, and revokes one after confirmation', async () => {
    let revoked = false;
    page.answers['/api/account/apps'] = () => ({ body: { result: revoked ? [] : [learn] } });
    page.answers['POST /api/account/apps/learn/revoke'] = () => {
      revoked = true;
      return { body: { result: true } };
    };
    renderApp(buildRoutes(), '/security/apps', SIGNED_IN);
    const card = await screen.findByRole('listitem', { name: 'Learn' });
    expect(within(card).getByText('Xem địa chỉ email')).toBeTruthy();
    expect(within(card).getByText('Giữ bạn đăng nhập khi bạn không dùng')).toBeTruthy();
    // A scope the page has no words for is shown as it is.
    expect(within(card).getByText('courses:read')).toBeTruthy();
    expect(within(card).getByText(/Dùng lần cuối: 09:07 05\/01\/2024/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Thu hồi quyền của Learn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thu hồi quyền truy cập' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Thu hồi' }));
    await screen.findByText('Chưa có ứng dụng nào được kết nối với tài khoản của bạn.');
    expect(page.calls.some((c) => c.method === 'POST' && c.url === '/api/account/apps/learn/revoke')).toBe(true);
  });

  it('shows the empty state in English', async () => {
    page.answers['/api/account/apps'] = { body: { result: [] } };
    renderApp(buildRoutes(), '/en-us/security/apps', SIGNED_IN);
    await screen.findByText('No app is connected to your account yet.');
    await waitFor(() => expect(document.title).toContain('Connected apps'));
  });
});
