import type { Passkey } from '@portico/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../routes';
import { renderApp } from '../../test/api';
import { pageTests, SIGNED_IN } from '../../test/pageTests';

const page = pageTests();

const laptop: Passkey = {
  id: 'cred-1',
  name: 'Laptop',
  synced: true,
  createdTime: new Date(2024, 0, 1, 8, 0).toISOString(),
  lastUsedTime: null,
};

// The passkeys page (issue 32 point 1); making one in a real browser is e2e/oidc-journey.e2e.ts.
describe('passkeys page', { timeout: 20_000 }, () => {
  it('lists a passkey, renames it, and removes it after a confirmation', async () => {
    let current: Passkey[] = [laptop];
    page.answers['/api/account/passkeys'] = () => ({ body: { result: current } });
    page.answers['PUT /api/account/passkeys/cred-1'] = (call) => {
      current = [{ ...laptop, name: String(call.body?.name) }];
      return { body: { result: current[0] } };
    };
    page.answers['POST /api/account/passkeys/cred-1/remove'] = () => {
      current = [];
      return { body: { result: true } };
    };
    renderApp(buildRoutes(), '/security/passkeys', SIGNED_IN);
    const card = await screen.findByRole('listitem', { name: 'Laptop' });
    expect(within(card).getByText('Đồng bộ giữa các thiết bị')).toBeTruthy();
    expect(within(card).getByText(/Dùng lần cuối: Chưa dùng/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Đổi tên Laptop' }));
    const naming = await screen.findByRole('dialog', { name: 'Đổi tên' });
    const field = within(naming).getByLabelText(/^Tên/);
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(within(naming).getByRole('button', { name: 'Lưu' }));
    expect(await within(naming).findByText('Vui lòng nhập tên.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Work laptop' } });
    fireEvent.click(within(naming).getByRole('button', { name: 'Lưu' }));
    const renamed = await screen.findByRole('listitem', { name: 'Work laptop' });

    fireEvent.click(within(renamed).getByRole('button', { name: 'Xóa Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xóa khóa truy cập' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    await screen.findByText('Bạn chưa có khóa truy cập nào.');
    expect(page.calls.some((c) => c.method === 'POST' && c.url === '/api/account/passkeys/cred-1/remove')).toBe(true);
  });

  it('shows the empty state in English', async () => {
    page.answers['/api/account/passkeys'] = { body: { result: [] } };
    renderApp(buildRoutes(), '/en-us/security/passkeys', SIGNED_IN);
    await screen.findByText('You have no passkeys yet.');
  });
});
