import type { UserAddress } from '@portico/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../routes';
import { ok, renderApp } from '../../test/api';
import { pageTests, SIGNED_IN } from '../../test/pageTests';

const page = pageTests();

const address = (over: Partial<UserAddress>): UserAddress => ({
  id: 1,
  name: 'Nguyễn Lan',
  company: '',
  address: '12 Phan Đình Phùng',
  addressType: 1,
  scheme: 2,
  provinceId: '01',
  districtId: null,
  wardId: '00004',
  localityNames: ['Phường Ba Đình', 'Thành phố Hà Nội'],
  phoneNumber: '0912345678',
  isDefaultAddress: false,
  ...over,
});

describe('address pages', { timeout: 20_000 }, () => {
  it('lists the addresses with their division; the default has no delete', async () => {
    page.answers['/api/account/address'] = ok([
      address({ id: 2, name: 'Công ty', isDefaultAddress: true, scheme: 3, addressType: 2, company: 'ACME' }),
      address({ id: 1 }),
    ]);
    renderApp(buildRoutes(), '/account/address', SIGNED_IN);
    const main = await screen.findByRole('article', { name: 'Công ty' });
    expect(within(main).getByText('Mặc định')).toBeTruthy();
    expect(within(main).getByText('Địa giới cũ')).toBeTruthy();
    expect(within(main).queryByRole('button', { name: /Xóa/ })).toBeNull();
    const other = screen.getByRole('article', { name: 'Nguyễn Lan' });
    expect(within(other).getByText('12 Phan Đình Phùng, Phường Ba Đình, Thành phố Hà Nội')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Xóa địa chỉ của Nguyễn Lan' })).toBeTruthy();
    expect(within(other).getByRole('link', { name: 'Sửa địa chỉ của Nguyễn Lan' }).getAttribute('href')).toBe(
      '/account/address/1',
    );
  });

  it('the embedded book (/address) has select, which hands the address to the host; the account book has none', async () => {
    const listed = [address({ id: 2, name: 'Công ty', isDefaultAddress: true }), address({ id: 1 })];
    page.answers['/api/account/address'] = ok(listed);
    const native = vi.fn();
    vi.stubGlobal('ReactNativeWebView', { postMessage: native });
    renderApp(buildRoutes(), '/address', SIGNED_IN);
    const other = await screen.findByRole('article', { name: 'Nguyễn Lan' });
    expect(within(other).getByRole('link', { name: 'Sửa địa chỉ của Nguyễn Lan' }).getAttribute('href')).toBe(
      '/address/1',
    );
    fireEvent.click(within(other).getByRole('button', { name: 'Chọn địa chỉ của Nguyễn Lan' }));
    const sent = native.mock.calls.map(([m]) => JSON.parse(m as string));
    expect(sent).toContainEqual({ type: 'address_selected', address: listed[1] });
    expect(sent).toContainEqual({ type: 'message_success', message: 'Đã chọn địa chỉ của Nguyễn Lan' });
    cleanup();
    renderApp(buildRoutes(), '/account/address', SIGNED_IN);
    await screen.findByRole('article', { name: 'Nguyễn Lan' });
    expect(screen.queryByRole('button', { name: /^Chọn địa chỉ/ })).toBeNull();
  });

  it('a new address starts from the account’s name and phone; an empty form shows the spec keys without a call', async () => {
    page.answers['/api/account/address/name-and-phone'] = ok({ fullName: '', phoneNumber: '' });
    page.answers['/api/localities'] = ok([{ code: '01', name: 'Thành phố Hà Nội' }]);
    renderApp(buildRoutes(), '/en-us/account/address/0', SIGNED_IN);
    fireEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    await screen.findByText('Please enter the full name.');
    expect(screen.getByText('Please enter the phone number.')).toBeTruthy();
    expect(screen.getByText('Please choose the province or city.')).toBeTruthy();
    expect(screen.getByText('Please choose the ward.')).toBeTruthy();
    expect(screen.getByText('Please enter the street address.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Old: province, district, ward' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await screen.findByText('Please choose the district.');
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await screen.findByText('The phone number is not valid.');
    await waitFor(() => expect(page.calls.some((c) => c.method === 'POST')).toBe(false));
  });
});
