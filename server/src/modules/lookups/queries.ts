import type { LookupKind } from '@portico/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, firstRow } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { lookups } from '../../db/schema.js';

export type LookupRow = typeof lookups.$inferSelect;

/**
 * Entries of a kind whose names hold `q` (both folded by portico_fold, migration 0015_lookups.sql:
 * "truong" finds "Trường"), those starting with it first, then by name.
 */
export function searchLookups(db: Db, kind: LookupKind, q: string, limit: number, opts: { retired?: boolean } = {}) {
  const folded = sql`portico_fold(${q.normalize('NFC')})`;
  return db
    .select()
    .from(lookups)
    .where(
      and(
        eq(lookups.kind, kind),
        opts.retired ? undefined : eq(lookups.active, true),
        q ? sql`strpos(${lookups.searchKey}, ${folded}) > 0` : undefined,
      ),
    )
    .orderBy(sql`strpos(${lookups.searchKey}, ${folded}) <> 1`, asc(lookups.name), asc(lookups.id))
    .limit(limit);
}

export const findLookup = (db: Db, id: number): Promise<LookupRow | undefined> =>
  firstRow(db.select().from(lookups).where(eq(lookups.id, id)));

/** Inserts an entry; undefined when the kind has that name already (lookups_kind_name_uq). */
export async function insertLookup(db: Db, values: Pick<LookupRow, 'kind' | 'name' | 'nameEn'>) {
  try {
    const [row] = await db.insert(lookups).values(values).returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error, 'lookups_kind_name_uq')) return undefined;
    throw error;
  }
}

/** Renames, retires or restores an entry; 'taken' when another entry of the kind has the name. */
export async function updateLookup(
  db: Db,
  id: number,
  values: Partial<Pick<LookupRow, 'name' | 'nameEn' | 'active'>>,
): Promise<LookupRow | 'taken' | undefined> {
  try {
    const [row] = await db
      .update(lookups)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(lookups.id, id))
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error, 'lookups_kind_name_uq')) return 'taken';
    throw error;
  }
}

/** Entries by id (retired ones too: a profile may still name them). */
export const findLookups = (db: Db, ids: number[]): Promise<LookupRow[]> =>
  ids.length ? db.select().from(lookups).where(inArray(lookups.id, ids)) : Promise.resolve([]);
