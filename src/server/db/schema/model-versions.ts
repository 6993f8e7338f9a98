import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { aiModels } from "./ai-models";

/**
 * Kept in sync with migrations/0034_model_versions.sql (decisions 0114, 0115). The columns that
 * point here (model_ratings.version_id, arena_battles.version_a_id / version_b_id) are declared
 * in their own tables' files without `.references` (an import cycle otherwise); the foreign keys
 * (ON DELETE SET NULL) are in the migration.
 */
export const modelVersions = pgTable(
  "model_versions",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => aiModels.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    releaseDate: date("release_date", { mode: "string" }).notNull(),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("model_versions_model_name_idx").on(t.modelId, sql`lower(${t.name})`),
    index("model_versions_model_release_idx").on(t.modelId, t.releaseDate.desc(), t.id.desc()),
  ],
);
export type ModelVersionRow = typeof modelVersions.$inferSelect;
