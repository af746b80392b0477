import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The `set` of an upsert that takes these columns from the row that was refused
 * (`excluded.<column>`): what "insert or replace" writes on a conflict
 * (server/src/oidc/queries.ts, server/src/modules/flows/queries.ts).
 */
export function fromExcluded<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
): Record<K, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    keys.map((key) => [key, sql.raw(`excluded."${(columns[key] as { name: string }).name}"`)]),
  ) as Record<K, SQL>;
}
