import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as tables from '../../db/schema.js';

/**
 * Tables that hold a person's rows without a foreign key to `users`: group memberships (a member
 * id), the admin audit log (the account an action was on), oidc-provider's records (the account
 * id inside the payload: grants, sessions, tokens).
 */
const WITHOUT_FOREIGN_KEY = ['group_members', 'audit_log', 'oidc_payloads'];

/**
 * Every table that holds a person's rows: `users` itself, each table with a foreign key to it
 * (read from every table server/src/db/schema.ts exports, so a new table is counted the day it
 * is added), and those above.
 */
export function tablesHoldingPeople(): string[] {
  const names = new Set<string>([getTableName(tables.users), ...WITHOUT_FOREIGN_KEY]);
  for (const table of Object.values(tables)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    if (config.foreignKeys.some((fk) => fk.reference().foreignTable === tables.users)) names.add(config.name);
  }
  return [...names].sort();
}
