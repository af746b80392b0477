import { notifications } from '@mantine/notifications';
import type { AppSettings, GeneralProfile } from '@portico/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/setup';
import { buildRoutes } from '../../routes';
import type { Session } from '../../session/session';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { type ApiCall, ok, renderApp, stubApi } from '../../test/api';

// Lazy pages and their queries can take more than a second in a busy jsdom run.
configure({ asyncUtilTimeout: 5000 });

// The server offers Facebook sign-in (and not Google's, which the profile still has linked).
const settings: AppSettings = {
  ...DEFAULT_APP_SETTINGS,
  configs: { ...DEFAULT_APP_SETTINGS.configs, socialProviders: ['facebook'] },
};
let profile: GeneralProfile;
let calls: ApiCall[];
const answers = { hasPassword: true };

const SIGNED_IN: Session = { status: 'authenticated', user: { sub: 'u1', name: 'Lan' } };
const renderAt = (url: string) => renderApp(buildRoutes(), url, SIGNED_IN);

beforeEach(() => {
  focusManager.setFocused(true);
  profile = {
    id: 'u-123',
    firstName: 'Lan',
    lastName: 'Nguyễn',
    birthdate: '2001-09-02',
    gender: 2,
    genderText: 'Nữ',
    identification: null,
    maritalStatus: null,
    maritalStatusText: '',
    languageId: 'vi-VN',
    languageText: 'Tiếng Việt',
    timezone: 'Asia/Saigon',
    bio: '<p>Giáo viên <img src=x onerror="window.hacked=1"></p>',
    avatar: null,
    originalAvatar: null,
    userClaims: [{ id: 9, claimType: 'google_link', claimValue: 'lan@gmail.com' }],
  };
  calls = stubApi({
    '/api/app-settings': () => ok(settings),
    'GET /api/account/info': () => ok(profile),
    '/api/account/delete/has-password': () => ok(answers.hasPassword),
    'PUT /api/account/info': ({ body }) => {
      profile = { ...profile, ...(body as Partial<GeneralProfile>) };
      return ok(profile);
    },
    '/api/account/links': ({ body }) => {
      const claim = { id: 11, claimType: 'facebook_link', claimValue: (body as { userId: string }).userId };
      profile = { ...profile, userClaims: [...profile.userClaims, claim] };
      return ok(claim);
    },
    '/api/account/claims/cancel-linking': () => {
      profile = { ...profile, userClaims: [] };
      return ok(true);
    },
  });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('vi-VN'));
});

// Full pages in jsdom (the edit form renders hundreds of options): more time than the default 5 s.
describe('general info page', { timeout: 20_000 }, () => {
  it('shows the read view with the birth date by language and a sanitized bio', async () => {
    renderAt('/account/info');
    expect(await screen.findByText('02/09/2001')).toBeTruthy();
    expect(screen.getByText('Nguyễn Lan')).toBeTruthy();
    expect(screen.getByText('u-123')).toBeTruthy();
    const bio = screen.getByText(/Giáo viên/);
    expect(bio.innerHTML).not.toContain('onerror');
    // Facebook is offered and not linked: a link button; Zalo is neither offered nor linked: absent.
    expect(screen.getByRole('button', { name: 'Liên kết Facebook' })).toBeTruthy();
    expect(screen.queryByText('Zalo')).toBeNull();
    cleanup();
    await act(() => i18n.changeLanguage('en-US'));
    renderAt('/en-us/account/info');
    expect(await screen.findByText('09/02/2001')).toBeTruthy();
    expect(screen.getByText('Lan Nguyễn')).toBeTruthy();
  });

  it('edits: identification rule, save toast, back to the read view', async () => {
    renderAt('/account/info');
    fireEvent.click(await screen.findByRole('button', { name: 'Chỉnh sửa' }));
    const id = await screen.findByRole('textbox', { name: 'Số giấy tờ tùy thân' });
    expect(id.getAttribute('name')).toBe('identification');
    // The hint sits under the field, so both columns' inputs stay level (issue 8, point 24).
    const hint = screen.getByText('CMND, CCCD hoặc hộ chiếu, từ 8 đến 12 ký tự.');
    expect(id.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.change(id, { target: { value: '1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Số giấy tờ tùy thân phải có từ 8 đến 12 ký tự.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(id, { target: { value: '079201001234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect((await screen.findAllByText('Cập nhật thông tin thành công.')).length).toBeGreaterThan(0);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      identification: '079201001234',
      birthdate: '2001-09-02',
      gender: 2,
      languageId: 'vi-VN',
    });
    // The bio was not touched: its stored HTML goes back unchanged.
    expect((put!.body as { bio: string }).bio).toBe(profile.bio);
    expect(await screen.findByRole('button', { name: 'Chỉnh sửa' })).toBeTruthy();
    expect(screen.getByText('079201001234')).toBeTruthy();
  });

  it('never saves a birth date the user did not pick (issue 8, point 18)', async () => {
    profile = { ...profile, birthdate: null as unknown as string };
    renderAt('/account/info');
    fireEvent.click(await screen.findByRole('button', { name: 'Chỉnh sửa' }));
    const day = await screen.findByRole('combobox', { name: 'Ngày' });
    expect((day as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Năm' }) as HTMLSelectElement).value).toBe('');
    fireEvent.click(screen.getByRole('radio', { name: 'Nam' })); // only the gender changes
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Vui lòng chọn ngày sinh.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // Picked in full, it is saved as picked.
    fireEvent.change(day, { target: { value: '15' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Tháng' }), { target: { value: '3' } });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByRole('combobox', { name: 'Năm' }), { target: { value: '1990' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ birthdate: '1990-03-15', gender: 1 });
  });

  it('the back arrow and cancel return to the read view', async () => {
    renderAt('/account/info');
    fireEvent.click(await screen.findByRole('button', { name: 'Chỉnh sửa' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Quay lại' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Chỉnh sửa' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Hủy' }));
    expect(await screen.findByRole('button', { name: 'Chỉnh sửa' })).toBeTruthy();
  });

  it('links Facebook with the token its SDK hands over', async () => {
    // The SDK as the page loads it (web/src/lib/socialSdk.ts); the server checks the token.
    vi.stubGlobal('FB', {
      init: vi.fn(),
      login: (callback: (r: unknown) => void) =>
        callback({ authResponse: { accessToken: 'EAAtoken', userID: 'fb-7' } }),
    });
    const scripts = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      queueMicrotask(() => (node as HTMLScriptElement).onload?.(new Event('load')));
      return node;
    });
    settings.configs.facebookSdkUrl = 'https://connect.facebook.net/en_US/sdk.js';
    renderAt('/account/info');
    fireEvent.click(await screen.findByRole('button', { name: 'Liên kết Facebook' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/account/links')?.body).toEqual({
        provider: 'facebook',
        accessToken: 'EAAtoken',
        userId: 'fb-7',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Hủy liên kết Facebook' })).toBeTruthy();
    scripts.mockRestore();
  });

  it('unlinks Google after confirmation', async () => {
    renderAt('/account/info');
    fireEvent.click(await screen.findByRole('button', { name: 'Hủy liên kết Google' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hủy liên kết' }));
    expect((await screen.findAllByText('Hủy liên kết thành công.')).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.url === '/api/account/claims/cancel-linking')?.body).toEqual({
      claimId: 9,
      providerName: 'Google',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Hủy liên kết Google' })).toBeNull());
  });

  it('opens /info (embedded) in edit mode with no cancel and no social box', async () => {
    renderAt('/info');
    expect(await screen.findByRole('button', { name: 'Lưu' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hủy' })).toBeNull();
    expect(screen.queryByText('Liên kết mạng xã hội')).toBeNull();
  });

  it('tells the native app of a save in /info, the toast included, and shows no toast itself', async () => {
    const native = vi.fn();
    vi.stubGlobal('ReactNativeWebView', { postMessage: native });
    const toast = vi.spyOn(notifications, 'show');
    renderAt('/info');
    fireEvent.click(await screen.findByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(native).toHaveBeenCalledTimes(2));
    const messages = native.mock.calls.map(([m]) => JSON.parse(m as string));
    expect(messages).toEqual([
      { type: 'message_success', message: 'Cập nhật thông tin thành công.' },
      { type: 'info_noti_info_success' },
    ]);
    expect(toast).not.toHaveBeenCalled();
    toast.mockRestore();
  });

  it('is the update-info form right after a first sign-in (/info?register=1): Skip tells the app', async () => {
    const native = vi.fn();
    vi.stubGlobal('ReactNativeWebView', { postMessage: native });
    calls.length = 0;
    answers.hasPassword = false;
    renderAt('/info?register=1');
    expect(await screen.findByRole('heading', { name: 'Hoàn tất thông tin tài khoản' })).toBeTruthy();
    // The account has no password yet: the pair is asked; the names come from the profile.
    expect(screen.getByLabelText('Nhập lại mật khẩu', { exact: false })).toBeTruthy();
    expect((screen.getByLabelText('Tên', { exact: false }) as HTMLInputElement).value).toBe('Lan');
    fireEvent.click(screen.getByRole('button', { name: 'Bỏ qua' }));
    await waitFor(() => expect(native).toHaveBeenCalledWith(JSON.stringify({ type: 'update_info_complete' })));
    expect(calls.some((c) => c.path === '/api/account/update-info')).toBe(false);
  });

  it('is the editor on /account/info even with register=1', async () => {
    renderAt('/account/info?register=1');
    expect(await screen.findByText('02/09/2001')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Hoàn tất thông tin tài khoản' })).toBeNull();
  });
});
