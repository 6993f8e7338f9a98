import { type SQL, sql } from "drizzle-orm";
import { sqlName } from "./sql-name";

/**
 * A timestamptz column as ISO text exactly as JavaScript's `toISOString` writes it (UTC,
 * milliseconds, `Z`), made by PostgreSQL: a raw statement's rows carry their times ready for the
 * answer instead of a `Date` built and formatted back per row (decision 0127). `column` is an SQL
 * name (`p.created_at`), never input.
 */
export function isoTime(column: string): SQL {
  return sql`to_char(${sqlName(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
