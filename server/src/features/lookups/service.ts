import type { Locale, Lookup, LookupKind, lookupsEndpoints, ParsedInputOf } from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findLookup, insertLookup, type LookupRow, searchLookups, updateLookup } from '../../modules/lookups/index.js';

type E = typeof lookupsEndpoints;

const shown = (row: LookupRow, locale: Locale): Lookup => ({
  id: row.id,
  kind: row.kind as LookupKind,
  name: (locale === 'en-US' && row.nameEn) || row.name,
});
const kept = (row: LookupRow) => ({
  id: row.id,
  kind: row.kind as LookupKind,
  name: row.name,
  nameEn: row.nameEn,
  active: row.active,
});

/** Lookups (issue 28 point 2): what people search, and what the back office keeps. */
export function createLookupService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  return {
    async search({ kind, q, limit }: ParsedInputOf<E['search']>, locale: Locale) {
      return (await searchLookups(db, kind, q, limit)).map((row) => shown(row, locale));
    },
    async byId(id: number, locale: Locale) {
      const row = await findLookup(db, id);
      if (!row) throw notFound();
      return shown(row, locale);
    },
    async list({ kind, q, limit }: ParsedInputOf<E['productList']>) {
      return (await searchLookups(db, kind, q, limit, { retired: true })).map(kept);
    },
    async create({ kind, name, nameEn }: ParsedInputOf<E['create']>) {
      const row = await insertLookup(db, { kind, name, nameEn });
      if (!row) throw badRequest('lookup_exists');
      return kept(row);
    },
    async update({ id, ...fields }: ParsedInputOf<E['update']>) {
      const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      const row = Object.keys(changes).length ? await updateLookup(db, id, changes) : await findLookup(db, id);
      if (row === 'taken') throw badRequest('lookup_exists');
      if (!row) throw notFound();
      return kept(row);
    },
  };
}
