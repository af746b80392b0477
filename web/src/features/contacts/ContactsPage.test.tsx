import type { AppSettings, UserContact } from '@portico/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '../../settings/defaults';
import { type ApiCall, ok, refuse, renderApp, stubApi } from '../../test/api';
import { ContactsPage } from './ContactsPage';

const entry = (id: number, name: string, patch: Partial<UserContact> = {}): UserContact => ({
  id,
  name,
  isConfirmed: true,
  isPrimary: false,
  allowLogin: true,
  type: 2,
  ...patch,
});

/** The machines running the suite can be slow: give each awaited step room. */
const WAIT = { timeout: 5000 };

let settings: AppSettings;
let contacts: UserContact[];
let calls: ApiCall[];

const renderPage = (kind: 'email' | 'phone' = 'email') =>
  renderApp([{ path: `/account/${kind}`, element: <ContactsPage kind={kind} /> }], `/account/${kind}`);

beforeEach(() => {
  settings = { ...DEFAULT_APP_SETTINGS, configs: { ...DEFAULT_APP_SETTINGS.configs, maximumEmailOrPhone: 3 } };
  contacts = [entry(1, 'lan@example.edu', { isPrimary: true })];
  calls = stubApi({
    '/api/app-settings': () => ok(settings),
    'GET /api/account/contacts': () => ok(contacts),
    '/api/account/contacts/exists': ok(false),
    'POST /api/account/contacts': () => {
      contacts = [...contacts, entry(9, 'new@example.edu', { isConfirmed: false })];
      return ok({ id: 9, times: 60 });
    },
    '/api/account/contacts/activate': () => {
      contacts = contacts.map((c) => (c.id === 9 ? { ...c, isConfirmed: true } : c));
      return ok(contacts.find((c) => c.id === 9));
    },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('e-mail page', () => {
  it('lists entries with label and primary mark; the primary has no delete or allow-login', async () => {
    contacts = [entry(2, 'b@example.edu'), entry(1, 'lan@example.edu', { isPrimary: true })];
    renderPage();
    const items = await screen.findAllByRole('listitem', {}, WAIT);
    expect(within(items[0] as HTMLElement).getByText('lan@example.edu')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Email 1')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Chính')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Xóa lan@example.edu' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Cho phép đăng nhập bằng lan@example.edu' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Xóa b@example.edu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Đặt b@example.edu làm chính' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Cho phép đăng nhập bằng b@example.edu' })).toBeTruthy();
  });

  it('asks before a new primary, names it once done, and keeps each label (issue 34 point 8)', async () => {
    contacts = [entry(1, 'lan@example.edu', { isPrimary: true }), entry(2, 'b@example.edu')];
    calls = stubApi({
      '/api/app-settings': () => ok(settings),
      'GET /api/account/contacts': () => ok(contacts),
      'PUT /api/account/contacts/set-primary': () => {
        contacts = [entry(1, 'lan@example.edu'), entry(2, 'b@example.edu', { isPrimary: true })];
        return ok(true);
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Đặt b@example.edu làm chính' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(dialog.textContent).toContain('Đặt b@example.edu làm email chính?');
    expect(calls.some((c) => c.path === '/api/account/contacts/set-primary')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Đặt làm chính' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/account/contacts/set-primary')).toBe(true), WAIT);
    expect(await screen.findByText('b@example.edu giờ là email chính của bạn.', {}, WAIT)).toBeTruthy();
    // b@ moves to the top as primary and keeps its label; lan@ keeps "Email 1".
    await waitFor(() => {
      const items = screen.getAllByRole('listitem');
      expect(within(items[0] as HTMLElement).getByText('b@example.edu')).toBeTruthy();
      expect(within(items[0] as HTMLElement).getByText('Email 2')).toBeTruthy();
      expect(within(items[1] as HTMLElement).getByText('Email 1')).toBeTruthy();
    }, WAIT);
    expect(screen.queryByText('Cập nhật thành công.')).toBeNull();
  });

  it('shows the add link while the count is at most the maximum', async () => {
    settings.configs.maximumEmailOrPhone = 1;
    contacts = [entry(1, 'lan@example.edu', { isPrimary: true }), entry(2, 'b@example.edu')];
    renderPage();
    await screen.findByText('b@example.edu', {}, WAIT);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/app-settings')).toBe(true), WAIT);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Thêm email' })).toBeNull(), WAIT);
  });

  it('adds an e-mail, then verifies it in the code popup (confirm only with 6 digits)', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Thêm email' }, WAIT));
    const input = await screen.findByLabelText('Địa chỉ email', {}, WAIT);
    expect(input.getAttribute('name')).toBe('Name');
    fireEvent.click(screen.getByRole('button', { name: 'Thêm' }));
    expect(await screen.findByText('Vui lòng nhập email.', {}, WAIT)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'new@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Thêm' }));
    expect(await screen.findByText('Email không đúng định dạng.', {}, WAIT)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'new@example.edu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Thêm' }));

    const dialog = await screen.findByRole('dialog', { name: 'Xác minh new@example.edu' }, WAIT);
    // Added, and said to be unusable until verified (issue 34 point 8), not "added" as if done.
    expect(
      await screen.findByText('Đã thêm email, chưa xác minh: nhập mã vừa gửi tới email đó để dùng được.', {}, WAIT),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/account/contacts')?.body).toEqual({
      type: 2,
      Name: 'new@example.edu',
      isConfirmed: false,
    });
    expect(within(dialog).getByRole('timer').textContent).toMatch(/0[01]:\d\d/);
    const code = within(dialog).getByLabelText('Mã xác minh');
    expect(within(dialog).queryByRole('button', { name: 'Xác nhận' })).toBeNull();
    fireEvent.change(code, { target: { value: '12345' } });
    expect(within(dialog).queryByRole('button', { name: 'Xác nhận' })).toBeNull();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await waitFor(
      () =>
        expect(calls.find((c) => c.url === '/api/account/contacts/activate')?.body).toEqual({
          PhoneEmailName: 'new@example.edu',
          Otp: '123456',
        }),
      WAIT,
    );
    expect(await screen.findByText('Xác minh email thành công.', {}, WAIT)).toBeTruthy();
  });

  it('says a wrong code under the field, as every code step does, not in a box (issue 34 point 9)', async () => {
    contacts = [entry(1, 'lan@example.edu', { isPrimary: true }), entry(9, 'new@example.edu', { isConfirmed: false })];
    calls = stubApi({
      '/api/app-settings': () => ok(settings),
      'GET /api/account/contacts': () => ok(contacts),
      '/api/account/contacts/send-otp': ok({ times: 60 }),
      '/api/account/contacts/activate': refuse('otp_invalid', { Otp: ['otp_invalid'] }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Xác minh new@example.edu' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Xác minh new@example.edu' }, WAIT);
    fireEvent.change(within(dialog).getByLabelText('Mã xác minh'), { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(await within(dialog).findByText('Mã xác minh không đúng.', {}, WAIT)).toBeTruthy();
    expect(within(dialog).getByLabelText('Mã xác minh').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('phone page', () => {
  it('offers no "change the primary phone" on an empty list, only adding one (issue 34 point 7)', async () => {
    contacts = [];
    renderPage('phone');
    expect(await screen.findByText('Bạn chưa thêm số điện thoại nào.', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Thêm số điện thoại' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Đổi số điện thoại chính' })).toBeNull();
    cleanup();
    contacts = [entry(1, '0912345678', { isPrimary: true, type: 1 })];
    renderPage('phone');
    expect(await screen.findByRole('link', { name: 'Đổi số điện thoại chính' }, WAIT)).toBeTruthy();
  });

  it('says the code goes to the phone number, not "to this address" (issue 8, point 24)', async () => {
    contacts = [entry(1, '0912345678', { isPrimary: true, type: 1 })];
    renderPage('phone');
    fireEvent.click(await screen.findByRole('button', { name: 'Thêm số điện thoại' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText(/tới số điện thoại này/)).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/địa chỉ/);
  });
});
