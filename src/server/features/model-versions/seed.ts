import { sql } from "drizzle-orm";
import { queryRows } from "../../db/connect";
import type { SeedStep } from "../../db/seed";
import { lockModel, recomputeRating, refreshRatingPrior } from "../ai-models/public";

interface DemoVersion {
  name: string;
  releaseDate: string;
  notes: string;
  /** Ratings demo members give this version (members who have not rated the model yet). */
  ratings: number[];
}

/**
 * Demo versions (decision 0114): a few models with their versions, oldest first, and demo reviews
 * of them, so a fresh `npm start` shows the rating split and, for Claude 3.5 Sonnet, the
 * "Ratings changed since" mark. The demo members' earlier ratings of a model (from their feed
 * posts) are attached to its newest version.
 */
const DEMO: { slug: string; versions: DemoVersion[] }[] = [
  {
    slug: "claude-3-5-sonnet",
    versions: [
      {
        name: "claude-3-5-sonnet-20240620",
        releaseDate: "2024-06-20",
        notes: "The first Claude 3.5 Sonnet.",
        ratings: [2, 3, 3, 3, 2],
      },
      {
        name: "claude-3-5-sonnet-20241022",
        releaseDate: "2024-10-22",
        notes: "The upgraded Claude 3.5 Sonnet: stronger at coding and tool use.",
        ratings: [5, 5, 4, 5],
      },
    ],
  },
  {
    slug: "gpt-4o",
    versions: [
      {
        name: "gpt-4o-2024-05-13",
        releaseDate: "2024-05-13",
        notes: "The launch snapshot.",
        ratings: [4, 4, 3, 4, 5],
      },
      {
        name: "gpt-4o-2024-08-06",
        releaseDate: "2024-08-06",
        notes: "Structured outputs; cheaper input and output tokens.",
        ratings: [4, 3, 4, 5, 4],
      },
    ],
  },
  {
    slug: "gemini-1-5-pro",
    versions: [
      {
        name: "gemini-1.5-pro-001",
        releaseDate: "2024-05-24",
        notes: "The stable release of May 2024.",
        ratings: [3, 4],
      },
      {
        name: "gemini-1.5-pro-002",
        releaseDate: "2024-09-24",
        notes: "Updated release with better math and lower prices.",
        ratings: [4],
      },
    ],
  },
];

const REVIEWS: Record<number, string> = {
  2: "Often lost track of longer tasks.",
  3: "Decent, but needed a lot of back and forth.",
  4: "Reliable for everyday work.",
  5: "A clear step up: fewer mistakes and better code.",
};

const modelVersionsDemoSeed: SeedStep = {
  name: "demo-model-versions",
  order: 270,
  demo: true,
  async run(ctx) {
    const members = await queryRows<{ id: number }>(
      ctx.db,
      sql`SELECT id FROM users WHERE is_demo = 1 ORDER BY id`,
    );
    if (members.length === 0) return;
    const now = ctx.now().getTime();
    for (const spec of DEMO) {
      const [model] = await queryRows<{ id: number; has_versions: boolean }>(
        ctx.db,
        sql`SELECT id, EXISTS (SELECT 1 FROM model_versions v WHERE v.model_id = ai_models.id) AS has_versions
              FROM ai_models WHERE slug = ${spec.slug}`,
      );
      // Once per model: a model with versions (the demo's or an admin's) is left as it is.
      if (!model || model.has_versions) continue;
      await ctx.db.transaction(async (tx) => {
        await lockModel(tx, model.id);
        const rated = new Set(
          (
            await queryRows<{ user_id: number }>(
              tx,
              sql`SELECT user_id FROM model_ratings WHERE model_id = ${model.id}`,
            )
          ).map((r) => r.user_id),
        );
        const free = members.map((m) => m.id).filter((id) => !rated.has(id));
        let versionId = 0;
        for (const [i, v] of spec.versions.entries()) {
          const [row] = await queryRows<{ id: number }>(
            tx,
            sql`INSERT INTO model_versions (model_id, name, release_date, notes, created_at, updated_at)
                VALUES (${model.id}, ${v.name}, ${v.releaseDate}::date, ${v.notes}, now(), now()) RETURNING id`,
          );
          versionId = row!.id;
          for (const [k, rating] of v.ratings.entries()) {
            const userId = free.shift();
            if (userId === undefined) break;
            // Reviews of an older version are older: spread over the days after its release.
            const at = new Date(
              Math.min(now, Date.parse(`${v.releaseDate}T12:00:00Z`) + (k + 1) * 86_400_000 * (i + 2)),
            );
            await queryRows(
              tx,
              sql`INSERT INTO model_ratings (model_id, user_id, rating, review, created_at, version_id)
                  VALUES (${model.id}, ${userId}, ${rating}, ${REVIEWS[rating] ?? null}, ${at}, ${versionId})
                  ON CONFLICT (model_id, user_id) DO NOTHING`,
            );
          }
        }
        // The members' earlier ratings (from their feed posts) are about the newest version.
        await queryRows(
          tx,
          sql`UPDATE model_ratings SET version_id = ${versionId}
               WHERE model_id = ${model.id} AND version_id IS NULL AND model_version IS NULL`,
        );
        await recomputeRating(tx, model.id);
      });
    }
    await refreshRatingPrior(ctx.db, true);
  },
};

/** This feature's seed steps, declared on the app's registry by its plugin (index.ts). */
export const seedSteps: readonly SeedStep[] = [modelVersionsDemoSeed];
