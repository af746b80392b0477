import {
  type AddressInput,
  deleteAccountEndpoints,
  addressEndpoints as E,
  fillPath,
  type Locality,
  MAX_ADDRESSES,
  type UserAddress,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userAddresses } from '../../db/schema.js';
import { errorKey, expectBearerRequired, fieldErrors, resultOf, signedInUser } from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';
import { TEST_PASSWORD } from '../../testing/users.js';

// Phường Ba Đình, Hà Nội (two-tier); Phường Phúc Xá, Quận Ba Đình, Hà Nội (three-tier).
const TWO_TIER: AddressInput = {
  name: 'Nguyễn Lan',
  phoneNumber: '0912345678',
  scheme: 2,
  provinceId: '01',
  districtId: null,
  wardId: '00004',
  address: '12 Phan Đình Phùng',
  addressType: 1,
  isDefaultAddress: false,
};
const THREE_TIER: AddressInput = {
  ...TWO_TIER,
  scheme: 3,
  districtId: '001',
  wardId: '00001',
  addressType: 2,
  company: 'ACME',
};
const one = (id: number) => fillPath(E.get.path, { userAddressId: id });

describe('address book', () => {
  const t = useTestApp();

  it('offers the localities of both schemes, publicly cached', async () => {
    const get = (query: string) => t.app.inject({ method: 'GET', url: `${E.localities.path}?${query}` });
    const provinces = await get('scheme=2');
    expect(provinces.headers['cache-control']).toBe('public, max-age=86400');
    expect(resultOf<Locality[]>(provinces)).toHaveLength(34);
    expect(resultOf<Locality[]>(await get('scheme=3'))).toHaveLength(63);
    const wards = resultOf<Locality[]>(await get('scheme=2&parent=01'));
    expect(wards.find((w) => w.code === '00004')).toEqual({ code: '00004', name: 'Phường Ba Đình' });
    expect(resultOf<Locality[]>(await get('scheme=3&parent=01')).map((d) => d.code)).toContain('001');
    expect(resultOf<Locality[]>(await get('scheme=3&parent=001')).map((w) => w.code)).toContain('00001');
    expect(errorKey(await get('scheme=2&parent=99999'), 404)).toBe('not_found');
    expect((await get('scheme=2&parent=0%27;drop')).statusCode).toBe(400);
  });

  it('adds addresses in both schemes: the first is the default, a ticked one takes it over; default first, newest next', async () => {
    const a = await signedInUser(t, { email: 'addr-a@example.com' });
    expect(resultOf(await a.call('GET', E.hasDefault.path))).toBe(false);
    const first = resultOf<UserAddress>(await a.call('POST', E.create.path, TWO_TIER));
    expect(first).toMatchObject({
      isDefaultAddress: true,
      scheme: 2,
      districtId: null,
      localityNames: ['Phường Ba Đình', 'Thành phố Hà Nội'],
      address: '12 Phan Đình Phùng',
      company: '',
    });
    const second = resultOf<UserAddress>(await a.call('POST', E.create.path, THREE_TIER));
    expect(second).toMatchObject({
      isDefaultAddress: false,
      scheme: 3,
      districtId: '001',
      addressType: 2,
      company: 'ACME',
    });
    expect(second.localityNames).toEqual(['Phường Phúc Xá', 'Quận Ba Đình', 'Thành phố Hà Nội']);
    const third = resultOf<UserAddress>(await a.call('POST', E.create.path, { ...TWO_TIER, name: 'Third' }));
    let list = resultOf<UserAddress[]>(await a.call('GET', E.list.path));
    expect(list.map((x) => x.id)).toEqual([first.id, third.id, second.id]);
    // Making the second the default (spec: edit with the checkbox).
    const res = await a.call('PUT', fillPath(E.update.path, { userAddressId: second.id }), {
      ...THREE_TIER,
      isDefaultAddress: true,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(resultOf<UserAddress>(res).isDefaultAddress).toBe(true);
    list = resultOf<UserAddress[]>(await a.call('GET', E.list.path));
    expect(list.map((x) => [x.id, x.isDefaultAddress])).toEqual([
      [second.id, true],
      [third.id, false],
      [first.id, false],
    ]);
    // Unticking the default leaves it the default; a two-tier edit drops the district.
    const kept = resultOf<UserAddress>(
      await a.call('PUT', fillPath(E.update.path, { userAddressId: second.id }), {
        ...TWO_TIER,
        isDefaultAddress: false,
      }),
    );
    expect(kept).toMatchObject({ isDefaultAddress: true, scheme: 2, districtId: null });
    // The default cannot be deleted; another can.
    expect(errorKey(await a.call('DELETE', one(second.id)))).toBe('address_default_cannot_delete');
    expect(resultOf(await a.call('DELETE', one(first.id)))).toBe(true);
    expect(errorKey(await a.call('GET', one(first.id)), 404)).toBe('not_found');
    expect(errorKey(await a.call('GET', one(3_000_000_000)), 400)).toBe('not_found');
    expect(resultOf(await a.call('GET', E.hasDefault.path))).toBe(true);
  });

  it('refuses what the form forbids, with the spec keys, and localities that do not form a chain', async () => {
    const b = await signedInUser(t, { email: 'addr-b@example.com' });
    const refused = async (body: object) => {
      const res = await b.call('POST', E.create.path, body);
      expect(res.statusCode, res.body).toBe(400);
      return fieldErrors(res);
    };
    expect(await refused({ ...TWO_TIER, name: ' ', phoneNumber: '', address: '', provinceId: '', wardId: '' })).toEqual(
      {
        name: ['address_fullname_required'],
        phoneNumber: ['address_phone_required'],
        address: ['address_address_required'],
        provinceId: ['address_province_required'],
        wardId: ['address_ward_required'],
      },
    );
    expect(await refused({ ...TWO_TIER, phoneNumber: '0123456789' })).toEqual({
      phoneNumber: ['invalid_phone_number'],
    });
    expect(await refused({ ...THREE_TIER, districtId: null })).toEqual({ districtId: ['address_district_required'] });
    expect(await refused({ ...TWO_TIER, addressType: 3 })).toHaveProperty('addressType');
    expect(errorKey(await b.call('POST', E.create.path, { ...TWO_TIER, provinceId: '79' }))).toBe(
      'address_locality_invalid',
    );
    expect(errorKey(await b.call('POST', E.create.path, { ...THREE_TIER, districtId: '002' }))).toBe(
      'address_locality_invalid',
    );
    // A three-tier ward in the two-tier scheme (the codes differ between the two).
    expect(errorKey(await b.call('POST', E.create.path, { ...TWO_TIER, wardId: '00001' }))).toBe(
      'address_locality_invalid',
    );
    expect((await b.call('POST', E.create.path, { ...TWO_TIER, name: 'A\u0000' })).statusCode).toBe(400);
    expect(resultOf<UserAddress[]>(await b.call('GET', E.list.path))).toEqual([]);
  });

  it('keeps at most MAX_ADDRESSES, and one default even when adds race', async () => {
    const c = await signedInUser(t, { email: 'addr-c@example.com' });
    const answers = await Promise.all(
      Array.from({ length: MAX_ADDRESSES + 2 }, (_, i) =>
        c.call('POST', E.create.path, { ...TWO_TIER, name: `N${i}`, isDefaultAddress: i % 3 === 0 }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(MAX_ADDRESSES);
    expect(answers.filter((r) => r.statusCode === 400).map((r) => r.json().exception.message)).toEqual([
      'address_limit_reached',
      'address_limit_reached',
    ]);
    const rows = await t.deps.database.db.select().from(userAddresses).where(eq(userAddresses.userId, c.id));
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it('another person can neither read, change nor delete an address (404), and the prefill is the account’s own', async () => {
    const owner = await signedInUser(t, {
      email: 'addr-owner@example.com',
      phone: '0987654321',
      firstName: 'Lan',
      lastName: 'Nguyễn',
    });
    const other = await signedInUser(t, { email: 'addr-other@example.com' });
    const mine = resultOf<UserAddress>(await owner.call('POST', E.create.path, TWO_TIER));
    const theirs = resultOf<UserAddress>(await other.call('POST', E.create.path, { ...TWO_TIER, name: 'Other' }));
    expect(errorKey(await other.call('GET', one(mine.id)), 404)).toBe('not_found');
    expect(errorKey(await other.call('PUT', fillPath(E.update.path, { userAddressId: mine.id }), TWO_TIER), 404)).toBe(
      'not_found',
    );
    expect(errorKey(await other.call('DELETE', one(mine.id)), 404)).toBe('not_found');
    expect(resultOf<UserAddress[]>(await other.call('GET', E.list.path)).map((x) => x.id)).toEqual([theirs.id]);
    expect(resultOf<UserAddress>(await owner.call('GET', one(mine.id))).name).toBe('Nguyễn Lan');
    expect(resultOf(await owner.call('GET', E.nameAndPhone.path))).toEqual({
      fullName: 'Nguyễn Lan',
      phoneNumber: '0987654321',
    });
    expect(resultOf(await owner.call('GET', E.nameAndPhone.path, undefined, { 'accept-language': 'en-US' }))).toEqual({
      fullName: 'Lan Nguyễn',
      phoneNumber: '0987654321',
    });
  });

  it('erases the address book with the account (user.deleted)', async () => {
    const d = await signedInUser(t, { email: 'addr-d@example.com', steppedUp: true });
    resultOf(await d.call('POST', E.create.path, TWO_TIER));
    resultOf(await d.call('DELETE', deleteAccountEndpoints.remove.path, { confirm: true, password: TEST_PASSWORD }));
    expect(await t.deps.database.db.select().from(userAddresses).where(eq(userAddresses.userId, d.id))).toEqual([]);
  });

  it('says in the OpenAPI description that a two-tier address has no district', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const body = doc.paths['/api/account/address'].post.requestBody.content['application/json'].schema;
    expect(body.properties.districtId.description).toMatch(/two-tier address \(scheme 2\) sends null/);
  });

  it('needs the bearer token for the book', async () => {
    const { localities: _public, ...book } = E;
    await expectBearerRequired(t, book, TWO_TIER);
  });
});
