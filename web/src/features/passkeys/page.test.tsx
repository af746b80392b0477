import type { AppSettings, Passkey } from '@portico/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/setup';
import { buildRoutes } from '../../routes';
import type { Session } from '../../session/session';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { type Answers, type ApiCall, renderApp, stubApi } from '../../test/api';

configure({ asyncUtilTimeout: 5000 });

const settings: AppSettings = { ...DEFAULT_APP_SETTINGS };
const SIGNED_IN: Session = { status: 'authenticated', user: { sub: 'u1', name: 'Lan' } };
let answers: Answers;
let calls: ApiCall[];

const laptop: Passkey = {
  id: 'cred-1',
  name: 'Laptop',
  synced: true,
  createdTime: new Date(2024, 0, 1, 8, 0).toISOString(),
  lastUsedTime: null,
};

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

// The passkeys page (issue 32 point 1); making one in a real browser is e2e/oidc-journey.e2e.ts.
describe('passkeys page', { timeout: 20_000 }, () => {
  it('lists a passkey, renames it, and removes it after a confirmation', async () => {
    let current: Passkey[] = [laptop];
    answers['/api/account/passkeys'] = () => ({ body: { result: current } });
    answers['PUT /api/account/passkeys/cred-1'] = (call) => {
      current = [{ ...laptop, name: String(call.body?.name) }];
      return { body: { result: current[0] } };
    };
    answers['POST /api/account/passkeys/cred-1/remove'] = () => {
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
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/account/passkeys/cred-1/remove')).toBe(true);
  });

  it('shows the empty state in English', async () => {
    answers['/api/account/passkeys'] = { body: { result: [] } };
    renderApp(buildRoutes(), '/en-us/security/passkeys', SIGNED_IN);
    await screen.findByText('You have no passkeys yet.');
  });
});
