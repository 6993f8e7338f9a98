import { type SQL, sql } from "drizzle-orm";

const NAME = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/;

/**
 * A column name (`created_at`, `p.author_id`) written into SQL as it is, for the helpers that
 * build a statement's fragments around a table alias. Only a plain lower-case name, optionally
 * qualified, passes: it is the code's, never input.
 */
export function sqlName(name: string): SQL {
  if (!NAME.test(name)) throw new Error(`not a column: ${name}`);
  return sql.raw(name);
}
