import { describe, expect, it } from 'vitest';
import { chainHolds, localities, namesOf } from './localities.js';

const levelCount = (children: Map<string, unknown[]>, parents: Iterable<string>) =>
  [...parents].reduce((n, code) => n + (children.get(code)?.length ?? 0), 0);

describe('localities (ADR 009)', () => {
  it('the two-tier division has the official counts: 34 provinces and cities, 3,321 wards and communes', async () => {
    const { 2: two } = await localities();
    const provinces = two.children.get('') ?? [];
    expect(provinces).toHaveLength(34);
    expect(
      levelCount(
        two.children,
        provinces.map((p) => p.code),
      ),
    ).toBe(3321);
    expect(two.places.size).toBe(34 + 3321);
    expect(provinces.map((p) => p.name)).toContain('Thành phố Hà Nội');
  });

  it('the three-tier division has its 63 provinces, 705 districts and 10,599 wards', async () => {
    const { 3: three } = await localities();
    const provinces = three.children.get('') ?? [];
    expect(provinces).toHaveLength(63);
    const districts = provinces.flatMap((p) => three.children.get(p.code) ?? []);
    expect(districts).toHaveLength(705);
    expect(
      levelCount(
        three.children,
        districts.map((d) => d.code),
      ),
    ).toBe(10599);
  });

  it('checks that a ward lies in its district and province, and names them', async () => {
    const { 2: two, 3: three } = await localities();
    // Phường Phúc Xá, Quận Ba Đình, Hà Nội (three-tier); Phường Ba Đình, Hà Nội (two-tier).
    const old = { scheme: 3, provinceId: '01', districtId: '001', wardId: '00001' } as const;
    expect(chainHolds(three, old)).toBe(true);
    expect(namesOf(three, old)).toEqual(['Phường Phúc Xá', 'Quận Ba Đình', 'Thành phố Hà Nội']);
    expect(chainHolds(three, { ...old, districtId: '002' })).toBe(false);
    expect(chainHolds(three, { ...old, provinceId: '79' })).toBe(false);
    const now = { scheme: 2, provinceId: '01', districtId: null, wardId: '00004' } as const;
    expect(chainHolds(two, now)).toBe(true);
    expect(namesOf(two, now)).toEqual(['Phường Ba Đình', 'Thành phố Hà Nội']);
    expect(chainHolds(two, { ...now, provinceId: '79' })).toBe(false);
    expect(chainHolds(two, { ...now, wardId: '01' })).toBe(false);
    // A ward as its own province, a district code in the two-tier scheme: refused.
    expect(chainHolds(two, { ...now, provinceId: '00004' })).toBe(false);
  });
});
