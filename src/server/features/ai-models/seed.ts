import { sql } from "drizzle-orm";
import { benchmarkScoreOf } from "../../../common/ai-models";
import { aiModels } from "../../db/schema";
import type { SeedStep } from "../../db/seed";
import { queryRows } from "../../db/connect";
import { catalog } from "./catalog";
import { refreshRatingPrior } from "./queries";
import { seedFacts } from "./seed-facts";

/**
 * The catalog is the seed only (decision 0116): a model missing from the database is inserted,
 * one already there is never touched (admins edit it through the catalog editor), and a slug an
 * admin renamed away from (an old slug, ai_model_slug_redirects) is not inserted again. Counters
 * (rating, reviewCount, likes, views) come only from members' activity; benchmarkScore is derived.
 */
const aiModelsCatalogSeed: SeedStep = {
  name: "ai-models-catalog",
  order: 10,
  demo: false,
  async run(ctx) {
    const renamed = new Set(
      (await queryRows<{ slug: string }>(ctx.db, sql`SELECT slug FROM ai_model_slug_redirects`)).map(
        (r) => r.slug,
      ),
    );
    const now = ctx.now();
    const rows = catalog
      .map((c, i) => ({
        slug: c.slug,
        name: c.name,
        company: c.company,
        description: c.description,
        longDescription: c.longDescription,
        category: c.category,
        pricing: c.pricing,
        pricingDetails: c.pricingDetails,
        features: c.features,
        useCases: c.useCases,
        modelSize: c.modelSize,
        trainingData: c.trainingData,
        hasApi: c.hasApi,
        isOpenSource: c.isOpenSource,
        // Every catalog entry's facts were checked against the maker's pages listed in `sources`.
        isVerified: c.sources.length > 0,
        website: c.website,
        releaseDate: c.releaseDate,
        benchmarkDetails: c.benchmarkDetails,
        benchmarkScore: benchmarkScoreOf(c.benchmarkDetails),
        sources: c.sources,
        ...seedFacts(c, i, now),
      }))
      .filter((r) => !renamed.has(r.slug));
    if (rows.length === 0) return;
    await ctx.db.insert(aiModels).values(rows).onConflictDoNothing({ target: aiModels.slug });
  },
};

/**
 * The Bayesian scores (decision 0097), every start: the site-wide prior applied to every model,
 * so scores are right after a migration, a restore or the demo seed's ratings.
 */
const ratingScoresSeed: SeedStep = {
  name: "ai-models-rating-scores",
  order: 90,
  demo: false,
  async run(ctx) {
    await refreshRatingPrior(ctx.db, true);
  },
};

/** This feature's seed steps, declared on the app's registry by its plugin (index.ts). */
export const seedSteps: readonly SeedStep[] = [aiModelsCatalogSeed, ratingScoresSeed];
