import type { DbOrTx } from "./connect";

/**
 * The hot reads (session lookup, feed page, notifications) run as prepared statements, built
 * once per database handle: Drizzle does not rebuild the SQL text on every request (a CPU
 * profile of the signed-in feed under load spent a quarter of the server's time there), and on
 * PostgreSQL each is a named statement, parsed once per pooled connection (and planned once
 * when PostgreSQL settles on a generic plan) instead of on every call. PGlite runs the same text
 * unnamed.
 *
 * A name must always stand for the same SQL text: node-postgres refuses to reuse a name for
 * another text on a connection. Each call site owns its names (`<feature>_<query>`).
 */
const statements = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: DbOrTx, name: string, build: (db: DbOrTx, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    byName.set(name, statement);
  }
  return statement;
}

/** Keyset pagination without a cursor: "below the largest id" is the first page. */
export const NO_CURSOR = 2_147_483_647;
