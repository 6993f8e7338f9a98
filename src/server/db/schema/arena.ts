import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { aiModels } from "./ai-models";
import { users } from "./users";

/** Mirrors migrations/0024_arena.sql and 0032_arena_images_trending.sql (issue 22). */
export const arenaBattles = pgTable(
  "arena_battles",
  {
    id: serial("id").primaryKey(),
    submitterId: integer("submitter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    prompt: text("prompt").notNull(),
    category: text("category").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    modelAId: integer("model_a_id")
      .notNull()
      .references(() => aiModels.id, { onDelete: "cascade" }),
    modelBId: integer("model_b_id")
      .notNull()
      .references(() => aiModels.id, { onDelete: "cascade" }),
    responseA: text("response_a").notNull(),
    responseB: text("response_b").notNull(),
    versionA: text("version_a").notNull().default(""),
    versionB: text("version_b").notNull().default(""),
    /** The model versions of the two responses (0034; FKs to model_versions, ON DELETE SET NULL). */
    versionAId: integer("version_a_id"),
    versionBId: integer("version_b_id"),
    usedOnA: date("used_on_a", { mode: "string" }).notNull(),
    usedOnB: date("used_on_b", { mode: "string" }).notNull(),
    /** Optional images of the responses (uploads of this site) and their descriptions (0032). */
    imageA: text("image_a"),
    imageB: text("image_b"),
    imageAltA: text("image_alt_a").notNull().default(""),
    imageAltB: text("image_alt_b").notNull().default(""),
    voteCount: integer("vote_count").notNull().default(0),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("arena_battles_serve_idx").on(t.voteCount, t.id).where(sql`hidden_at IS NULL`),
    index("arena_battles_submitter_idx").on(t.submitterId, t.id.desc()),
    index("arena_battles_model_a_idx").on(t.modelAId),
    index("arena_battles_model_b_idx").on(t.modelBId),
    index("arena_battles_version_a_idx").on(t.versionAId).where(sql`version_a_id IS NOT NULL`),
    index("arena_battles_version_b_idx").on(t.versionBId).where(sql`version_b_id IS NOT NULL`),
  ],
);
export type ArenaBattleRow = typeof arenaBattles.$inferSelect;

export const arenaVotes = pgTable(
  "arena_votes",
  {
    battleId: integer("battle_id")
      .notNull()
      .references(() => arenaBattles.id, { onDelete: "cascade" }),
    voterId: integer("voter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    choice: text("choice").notNull(),
    voterGeneration: text("voter_generation").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.battleId, t.voterId] }),
    index("arena_votes_voter_idx").on(t.voterId, t.battleId),
    index("arena_votes_created_idx").on(t.createdAt, t.battleId),
  ],
);

export const arenaResults = pgTable("arena_results", {
  viewKey: text("view_key").primaryKey(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  payload: jsonb("payload").notNull(),
});

export const arenaRecomputeLease = pgTable("arena_recompute_lease", {
  id: integer("id").primaryKey(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }).notNull(),
});
