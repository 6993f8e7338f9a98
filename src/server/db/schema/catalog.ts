import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { aiModels } from "./ai-models";

/** Kept in sync with migrations/0035_catalog_editing.sql (decision 0116): old slugs of renamed models. */
export const aiModelSlugRedirects = pgTable(
  "ai_model_slug_redirects",
  {
    slug: text("slug").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => aiModels.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ai_model_slug_redirects_model_idx").on(t.modelId)],
);
