import path from 'node:path';
import { lookupsEndpoints as E, fillPath, type Lookup } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorKey, expectBearerRequired, resultOf, type SignedInUser, signedInUser } from '../../testing/account.js';
import { useTestApp, writeClientsFile } from '../../testing/app.js';
import { productCaller, productClient } from '../../testing/products.js';

const clientsFile = path.join(process.env.TMPDIR ?? '/tmp', `portico-lookups-clients-${process.pid}.json`);
const KEEPER = productClient('lookups-keeper', ['lookups:write']);
const OTHER = productClient('notifier', ['notifications:write']);
const search = (query: string) => `${E.search.path}?${query}`;

describe('lookups', async () => {
  await writeClientsFile(clientsFile, [KEEPER, OTHER]);
  const t = useTestApp({ OIDC_CLIENTS_FILE: clientsFile });
  let person: SignedInUser;
  beforeAll(async () => {
    person = await signedInUser(t, { email: 'lookups@example.com' });
  });

  it('a new database has the seed: schools, companies and the three block categories', async () => {
    for (const kind of ['school', 'company', 'classification', 'training_industry', 'course_category'])
      expect(resultOf<Lookup[]>(await person.call('GET', search(`kind=${kind}&limit=50`))).length).toBeGreaterThan(4);
    const grades = resultOf<Lookup[]>(await person.call('GET', search('kind=classification')));
    expect(grades.map((g) => g.name)).toContain('Xuất sắc');
    const english = resultOf<Lookup[]>(
      await person.call('GET', search('kind=classification'), undefined, { 'accept-language': 'en-US' }),
    );
    expect(english.map((g) => g.name)).toContain('Excellent');
  });

  it('finds names without their accents, in either case, the ones starting with the words first', async () => {
    const found = resultOf<Lookup[]>(
      await person.call('GET', search(`kind=school&q=${encodeURIComponent('dai hoc bach khoa')}`)),
    );
    expect(found.map((s) => s.name)).toEqual([
      'Đại học Bách khoa - Đại học Quốc gia TP.HCM',
      'Đại học Bách khoa Hà Nội',
    ]);
    const upper = resultOf<Lookup[]>(
      await person.call('GET', search(`kind=school&q=${encodeURIComponent('ĐẠI HỌC Y')}`)),
    );
    expect(upper.map((s) => s.name)).toEqual(['Đại học Y Hà Nội']);
    const inside = resultOf<Lookup[]>(
      await person.call('GET', search(`kind=school&q=${encodeURIComponent('amsterdam')}`)),
    );
    expect(inside.map((s) => s.name)).toEqual(['Trường THPT chuyên Hà Nội - Amsterdam']);
    expect(resultOf(await person.call('GET', search('kind=school&q=%25')))).toEqual([]);
    expect((await person.call('GET', search('kind=planet'))).statusCode).toBe(400);
    const one = found[0]!;
    expect(resultOf(await person.call('GET', fillPath(E.byId.path, { id: one.id })))).toEqual(one);
    expect(errorKey(await person.call('GET', fillPath(E.byId.path, { id: 999999 })), 404)).toBe('not_found');
  });

  it('the back office adds, renames, retires and restores entries with a lookups:write token', async () => {
    const keeper = await productCaller(t.app, KEEPER.client_id, 'lookups:write');
    const added = resultOf<{ id: number; active: boolean }>(
      await keeper.call('POST', E.create.path, { kind: 'school', name: 'Trường THPT Kim Liên', nameEn: null }),
    );
    expect(added.active).toBe(true);
    expect(errorKey(await keeper.call('POST', E.create.path, { kind: 'school', name: 'trường thpt KIM LIÊN' }))).toBe(
      'lookup_exists',
    );
    expect(resultOf<Lookup[]>(await person.call('GET', search('kind=school&q=kim%20lien'))).map((s) => s.id)).toEqual([
      added.id,
    ]);
    const at = fillPath(E.update.path, { id: added.id });
    resultOf(
      await keeper.call('PUT', at, { name: 'Trường THPT Kim Liên', nameEn: 'Kim Lien High School', active: false }),
    );
    // Retired: no longer offered, still read by id (a profile may name it).
    expect(resultOf(await person.call('GET', search('kind=school&q=kim%20lien')))).toEqual([]);
    expect(
      resultOf<Lookup>(
        await person.call('GET', fillPath(E.byId.path, { id: added.id }), undefined, { 'accept-language': 'en-US' }),
      ).name,
    ).toBe('Kim Lien High School');
    const listed = resultOf<{ id: number; active: boolean }[]>(
      await keeper.call('GET', `${E.productList.path}?kind=school&q=kim`),
    );
    expect(listed).toEqual([expect.objectContaining({ id: added.id, active: false })]);
    // Only the fields sent change: a rename keeps it retired and its English name.
    expect(resultOf(await keeper.call('PUT', at, { name: 'Trường THPT Kim Liên (Hà Nội)' }))).toMatchObject({
      active: false,
      nameEn: 'Kim Lien High School',
    });
    expect(resultOf(await keeper.call('PUT', at, {}))).toMatchObject({ name: 'Trường THPT Kim Liên (Hà Nội)' });
    expect(errorKey(await keeper.call('PUT', at, { name: 'Đại học FPT', active: true }))).toBe('lookup_exists');
    expect(errorKey(await keeper.call('PUT', fillPath(E.update.path, { id: 3_000_000_000 }), { name: 'X' }), 400)).toBe(
      'not_found',
    );
    expect(errorKey(await keeper.call('PUT', fillPath(E.update.path, { id: 999999 }), { name: 'X' }), 404)).toBe(
      'not_found',
    );
  });

  it('refuses a person’s token and a product without the scope', async () => {
    expect(errorKey(await person.call('POST', E.create.path, { kind: 'school', name: 'X' }), 403)).toBe('forbidden');
    const other = await productCaller(t.app, OTHER.client_id, 'notifications:write');
    expect(errorKey(await other.call('POST', E.create.path, { kind: 'school', name: 'X' }), 403)).toBe('forbidden');
    expect(errorKey(await other.call('GET', `${E.productList.path}?kind=school`), 403)).toBe('forbidden');
    await expectBearerRequired(t, {
      search: { ...E.search, path: search('kind=school') },
      byId: { ...E.byId, path: '/api/lookups/1' },
    });
  });
});
