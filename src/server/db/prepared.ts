import type { SQL } from "drizzle-orm";
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

/** A raw statement prepared once: `all` runs it with the placeholders' values and answers its rows. */
export interface PreparedSql<T> {
  all(values: Record<string, unknown>): Promise<T[]>;
}

/**
 * Raw SQL (data-modifying CTEs, upserts: what Drizzle's builders cannot express) as a prepared
 * statement, like `prepared` does for built queries: the text is made once from `build`, whose
 * values are `sql.placeholder(name)`s, and on PostgreSQL it is a named statement that each pooled
 * connection parses once and then plans generically. On the write path this halved what
 * PostgreSQL spends per like (pgbench: 4,200 → 7,700 like toggles/s; docs/performance.md).
 * Timestamps come back as strings, as `queryRows` gives them.
 */
export function preparedSql<T>(db: DbOrTx, name: string, build: () => SQL): PreparedSql<T> {
  return prepared(db, name, (db, name) => {
    // Drizzle's own path for `.prepare(name)`, given raw SQL: the dialect renders the text and
    // the placeholders, the session (the pool's, or a transaction's) prepares it under the name.
    const { dialect, session } = db as unknown as {
      dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
      session: {
        prepareQuery(
          query: { sql: string; params: unknown[] },
          fields: undefined,
          name: string,
          isResponseInArrayMode: boolean,
        ): { all(values: Record<string, unknown>): Promise<unknown[]> };
      };
    };
    const statement = session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
    return { all: (values) => statement.all(values) as Promise<T[]> };
  });
}

/** Keyset pagination without a cursor: "below the largest id" is the first page. */
export const NO_CURSOR = 2_147_483_647;
