import type { Db } from './client.js';

/**
 * The prepared statements of a database handle, built on first use and kept for its lifetime.
 * Hot paths (every sign-in, token and bearer check: server/src/oidc/queries.ts,
 * server/src/modules/users/queries.ts) skip Drizzle's query building on each call, and with
 * node-postgres a named statement is parsed once per connection instead of on every execution.
 * Names must be unique per SQL text across the app. A transaction handle is not the pool, so
 * statements run outside transactions only.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}
