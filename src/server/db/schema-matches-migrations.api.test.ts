import { is, SQL, sql } from "drizzle-orm";
import { getTableConfig, IndexedColumn, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../test/harness";
import { type Database, queryRows } from "./connect";
import { migrate } from "./migrate";
import * as schema from "./schema";

/**
 * The SQL migrations are what builds the database; the Drizzle schema is what the code's
 * queries are typed and written against. Both are kept by hand, so this test builds a database
 * from the migrations alone and compares its catalogue with the Drizzle tables: tables, columns
 * (type, nullability, default, generated), primary keys, and indexes (name, unique, method,
 * partial, columns). A column or index added on one side only fails it.
 */

interface ColumnShape {
  type: string;
  notNull: boolean;
  /** The default, normalised (casts and quotes removed) where it can be compared, else "present". */
  default: string | null;
  generated: boolean;
}
interface IndexShape {
  unique: boolean;
  method: string;
  partial: boolean;
  /** Key column names in order; "(expression)" for an expression. (INCLUDE columns and sort order are not compared: Drizzle has no INCLUDE.) */
  columns: string[];
}
interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  /** Named indexes (not those behind the primary key or a unique constraint). */
  indexes: Record<string, IndexShape>;
  /** Column lists of unique constraints, "a,b". */
  uniqueConstraints: string[];
}
type Shape = Record<string, TableShape>;

/** Tables the migration runner owns (not the app's schema). */
const RUNNER_TABLES = new Set(["schema_migrations"]);

const TYPE_ALIASES: Record<string, string> = {
  serial: "integer",
  bigserial: "bigint",
  smallserial: "smallint",
  varchar: "character varying",
  timestamp: "timestamp without time zone",
  "timestamp with time zone": "timestamp with time zone",
  time: "time without time zone",
  "double precision": "double precision",
  real: "real",
  bool: "boolean",
  int: "integer",
  int4: "integer",
  int8: "bigint",
};

function normaliseType(type: string): string {
  let t = type.trim().toLowerCase().replace(/\s+/g, " ");
  const array = t.endsWith("[]");
  if (array) t = t.slice(0, -2);
  t = t.replace(/\(\s*(\d+)\s*,\s*(\d+)\s*\)/, "($1,$2)");
  const varchar = /^varchar(\(\d+\))?$/.exec(t);
  if (varchar) t = `character varying${varchar[1] ?? ""}`;
  t = TYPE_ALIASES[t] ?? t;
  return array ? `${t}[]` : t;
}

/** "'member'::text" → "member", "0" → "0", "false" → "false", "'{}'::text[]" → "{}", "now()" → "now()". */
function normaliseDefault(text: string): string {
  let d = text.trim();
  while (d.startsWith("(") && d.endsWith(")") && !/\w\(/.test(d)) d = d.slice(1, -1).trim();
  d = d.replace(/::[a-z ]+(\[\])?(\(\d+\))?$/i, "");
  if (/^'.*'$/s.test(d)) d = d.slice(1, -1).replace(/''/g, "'");
  if (/^current_timestamp$/i.test(d)) d = "now()";
  return d;
}

// ---------------------------------------------------------------- the Drizzle side

function drizzleDefault(column: PgColumn): string | null {
  if (column.getSQLType() === "serial" || column.getSQLType() === "bigserial") return "nextval";
  if (column.default === undefined) return null;
  const value: unknown = column.default;
  if (is(value, SQL)) {
    const chunks = value.queryChunks as Array<{ value?: string[] }>;
    const text = chunks.map((c) => (c.value ?? []).join("")).join("");
    return normaliseDefault(text);
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function drizzleShape(): Shape {
  const shape: Shape = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const table: TableShape = { columns: {}, primaryKey: [], indexes: {}, uniqueConstraints: [] };
    for (const column of config.columns) {
      table.columns[column.name] = {
        type: normaliseType(column.getSQLType()),
        notNull: column.notNull || column.primary,
        default: drizzleDefault(column),
        generated: column.generated !== undefined,
      };
      if (column.primary) table.primaryKey.push(column.name);
      if (column.isUnique) table.uniqueConstraints.push(column.name);
    }
    for (const pk of config.primaryKeys) table.primaryKey.push(...pk.columns.map((c) => c.name));
    for (const u of config.uniqueConstraints)
      table.uniqueConstraints.push(u.columns.map((c) => c.name).join(","));
    for (const idx of config.indexes) {
      const c = idx.config;
      if (!c.name) throw new Error(`an index on ${config.name} has no name: name it as the migration does`);
      table.indexes[c.name] = {
        unique: c.unique,
        method: c.method ?? "btree",
        partial: c.where !== undefined,
        columns: c.columns.map((col) => (is(col, IndexedColumn) && col.name ? col.name : "(expression)")),
      };
    }
    table.uniqueConstraints.sort();
    shape[config.name] = table;
  }
  return shape;
}

// ---------------------------------------------------------------- the database side

async function databaseShape(database: Database): Promise<Shape> {
  const columns = await queryRows<{
    table_name: string;
    column_name: string;
    type: string;
    not_null: boolean;
    default_expr: string | null;
    generated: string;
  }>(
    database.db,
    sql`select c.relname::text as table_name, a.attname::text as column_name,
          format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
          pg_get_expr(d.adbin, d.adrelid) as default_expr, a.attgenerated::text as generated
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
  );
  const indexes = await queryRows<{
    table_name: string;
    index_name: string;
    is_unique: boolean;
    is_primary: boolean;
    is_constraint: boolean;
    method: string;
    partial: boolean;
    columns: string[];
  }>(
    database.db,
    sql`select t.relname::text as table_name, i.relname::text as index_name, ix.indisunique as is_unique,
          ix.indisprimary as is_primary,
          exists (select 1 from pg_constraint k where k.conindid = ix.indexrelid and k.contype in ('p', 'u'))
            as is_constraint,
          am.amname::text as method, ix.indpred is not null as partial,
          array(select coalesce(a.attname::text, '(expression)')
                from unnest(ix.indkey::int2[]) with ordinality as k(attnum, ord)
                left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum and k.attnum > 0
                where k.ord <= ix.indnkeyatts
                order by k.ord) as columns
        from pg_index ix
        join pg_class i on i.oid = ix.indexrelid
        join pg_class t on t.oid = ix.indrelid
        join pg_namespace n on n.oid = t.relnamespace
        join pg_am am on am.oid = i.relam
        where n.nspname = 'public'
        order by t.relname, i.relname`,
  );
  const shape: Shape = {};
  const tableOf = (name: string) => {
    shape[name] ??= { columns: {}, primaryKey: [], indexes: {}, uniqueConstraints: [] };
    return shape[name] as TableShape;
  };
  for (const c of columns) {
    if (RUNNER_TABLES.has(c.table_name)) continue;
    const generated = c.generated !== "";
    const serial = c.default_expr?.startsWith("nextval(") ?? false;
    tableOf(c.table_name).columns[c.column_name] = {
      type: normaliseType(c.type),
      notNull: c.not_null,
      default:
        generated || c.default_expr === null ? null : serial ? "nextval" : normaliseDefault(c.default_expr),
      generated,
    };
  }
  for (const ix of indexes) {
    if (RUNNER_TABLES.has(ix.table_name)) continue;
    const table = tableOf(ix.table_name);
    if (ix.is_primary) table.primaryKey.push(...ix.columns);
    else if (ix.is_constraint) table.uniqueConstraints.push(ix.columns.join(","));
    else {
      table.indexes[ix.index_name] = {
        unique: ix.is_unique,
        method: ix.method,
        partial: ix.partial,
        columns: ix.columns,
      };
    }
  }
  for (const table of Object.values(shape)) table.uniqueConstraints.sort();
  return shape;
}

// ---------------------------------------------------------------- the comparison

/** Every disagreement, one readable line each ("posts.extra: in the database only"). */
function differences(drizzle: Shape, database: Shape): string[] {
  const out: string[] = [];
  const names = (o: object) => Object.keys(o).sort();
  for (const t of names(database)) if (!drizzle[t]) out.push(`table ${t}: in the migrations only`);
  for (const t of names(drizzle)) if (!database[t]) out.push(`table ${t}: in the Drizzle schema only`);
  for (const t of names(drizzle)) {
    const d = drizzle[t] as TableShape;
    const m = database[t];
    if (!m) continue;
    for (const c of names(m.columns)) if (!d.columns[c]) out.push(`${t}.${c}: in the migrations only`);
    for (const c of names(d.columns)) {
      const dc = d.columns[c] as ColumnShape;
      const mc = m.columns[c];
      if (!mc) {
        out.push(`${t}.${c}: in the Drizzle schema only`);
        continue;
      }
      for (const key of ["type", "notNull", "default", "generated"] as const) {
        if (dc[key] !== mc[key]) {
          out.push(
            `${t}.${c} ${key}: Drizzle ${JSON.stringify(dc[key])}, migrations ${JSON.stringify(mc[key])}`,
          );
        }
      }
    }
    if (d.primaryKey.join(",") !== m.primaryKey.join(",")) {
      out.push(`${t} primary key: Drizzle (${d.primaryKey}), migrations (${m.primaryKey})`);
    }
    if (d.uniqueConstraints.join(" ") !== m.uniqueConstraints.join(" ")) {
      out.push(
        `${t} unique constraints: Drizzle [${d.uniqueConstraints}], migrations [${m.uniqueConstraints}]`,
      );
    }
    for (const i of names(m.indexes)) if (!d.indexes[i]) out.push(`index ${t}.${i}: in the migrations only`);
    for (const i of names(d.indexes)) {
      const mi = m.indexes[i];
      if (!mi) {
        out.push(`index ${t}.${i}: in the Drizzle schema only`);
        continue;
      }
      const di = d.indexes[i] as IndexShape;
      if (JSON.stringify(di) !== JSON.stringify(mi)) {
        out.push(`index ${t}.${i}: Drizzle ${JSON.stringify(di)}, migrations ${JSON.stringify(mi)}`);
      }
    }
  }
  return out;
}

describe("the Drizzle schema matches a database built from the migrations", () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createDatabase());
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("agrees on every table, column, primary key and index", async () => {
    const expected = drizzleShape();
    const actual = await databaseShape(database);
    // The comparison reads something: the app's main tables are on both sides.
    for (const t of ["users", "posts", "ai_models", "forums", "prompts", "notifications"]) {
      expect(Object.keys(expected)).toContain(t);
      expect(Object.keys(actual)).toContain(t);
    }
    expect(differences(expected, actual), "Drizzle schema vs migrations").toEqual([]);
  });

  it("catches a column or an index added on one side only", async () => {
    // Database side: a migration adds a column and an index the Drizzle schema does not know.
    await database.exec(
      "ALTER TABLE posts ADD COLUMN pinned boolean NOT NULL DEFAULT false; CREATE INDEX posts_pinned_idx ON posts (pinned);",
    );
    try {
      expect(differences(drizzleShape(), await databaseShape(database))).toEqual([
        "posts.pinned: in the migrations only",
        "index posts.posts_pinned_idx: in the migrations only",
      ]);
    } finally {
      await database.exec("DROP INDEX posts_pinned_idx; ALTER TABLE posts DROP COLUMN pinned;");
    }

    // Drizzle side: the schema gains a column and an index no migration creates.
    const expected = drizzleShape();
    const posts = expected.posts as TableShape;
    posts.columns.pinned = { type: "boolean", notNull: true, default: "false", generated: false };
    posts.indexes.posts_pinned_idx = { unique: false, method: "btree", partial: false, columns: ["pinned"] };
    (expected.users as TableShape).columns.avatar = {
      ...((expected.users as TableShape).columns.avatar as ColumnShape),
      notNull: true,
    };
    expect(differences(expected, await databaseShape(database))).toEqual([
      "posts.pinned: in the Drizzle schema only",
      "index posts.posts_pinned_idx: in the Drizzle schema only",
      "users.avatar notNull: Drizzle true, migrations false",
    ]);
  });
});
