import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';

/**
 * A holder's rows of one person for the archive: every column of `table` but `omit` (hashes,
 * keys, what links to another person), where `column` is the person's id, oldest first when the
 * table has a `createdAt`. Each holder calls it from its `user.exporting` subscriber.
 */
export async function exportRows<T extends PgTable>(
  tx: Db,
  table: T,
  column: PgColumn,
  userId: string,
  omit: readonly (keyof T['$inferSelect'] & string)[] = [],
): Promise<Record<string, unknown>[]> {
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(table)).filter(([name]) => !(omit as readonly string[]).includes(name)),
  ) as Record<string, PgColumn>;
  const created = columns.createdAt;
  const query = tx
    .select(columns)
    .from(table as PgTable)
    .where(eq(column, userId))
    .$dynamic();
  return created ? query.orderBy(asc(created)) : query;
}
