import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./connect";

/**
 * Applies `migrations/NNNN_name.sql` in order, each once, inside a transaction, recorded in
 * `schema_migrations`. An advisory lock keeps two instances starting together from racing.
 * (Plain SQL files numbered per feature, so features developed side by side never collide in
 * a generated journal; see docs/decisions/0002 and 0048.)
 */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), "utf8") }));
}

export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const applied: string[] = [];
  // Under the same lock: two instances starting together on an empty database would otherwise
  // both create the table (IF NOT EXISTS is not safe against a concurrent CREATE: duplicate key).
  await database.exec(`
    BEGIN;
    SELECT pg_advisory_xact_lock(727274);
    CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    COMMIT;`);
  for (const m of listMigrations(dir)) {
    const name = m.name.replace(/'/g, "''");
    // One script per migration: lock, skip when recorded, apply, record — all in one transaction.
    const script = `
      BEGIN;
      SELECT pg_advisory_xact_lock(727274);
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = '${name}') THEN
          RAISE EXCEPTION 'agora-migration-already-applied';
        END IF;
      END $$;
      ${m.sql}
      ;
      INSERT INTO schema_migrations (name) VALUES ('${name}');
      COMMIT;`;
    try {
      await database.exec(script);
      applied.push(m.name);
    } catch (err) {
      if (String((err as Error).message).includes("agora-migration-already-applied")) continue;
      throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
    }
  }
  return applied;
}
