import { sql } from "drizzle-orm";
import { benchmarkScoreOf } from "../../../common/ai-models";
import { aiModels } from "../../db/schema";
import type { SeedStep } from "../../db/seed";
import { catalog } from "./catalog";
import { refreshRatingPrior } from "./queries";

/**
 * The catalog (reference data, every start): upsert by slug, so corrected facts in catalog.ts
 * reach existing databases. Counters (rating, reviewCount, likes, views) are never touched here:
 * they come only from members' activity. benchmarkScore is derived, never typed in.
 */
const aiModelsCatalogSeed: SeedStep = {
  name: "ai-models-catalog",
  order: 10,
  demo: false,
  async run(ctx) {
    const rows = catalog.map((c) => ({
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
    }));
    const col = (name: string) => sql.raw(`excluded.${name}`);
    await ctx.db
      .insert(aiModels)
      .values(rows)
      .onConflictDoUpdate({
        target: aiModels.slug,
        set: {
          name: col("name"),
          company: col("company"),
          description: col("description"),
          longDescription: col("long_description"),
          category: col("category"),
          pricing: col("pricing"),
          pricingDetails: col("pricing_details"),
          features: col("features"),
          useCases: col("use_cases"),
          modelSize: col("model_size"),
          trainingData: col("training_data"),
          hasApi: col("has_api"),
          isOpenSource: col("is_open_source"),
          isVerified: col("is_verified"),
          website: col("website"),
          releaseDate: col("release_date"),
          benchmarkDetails: col("benchmark_details"),
          benchmarkScore: col("benchmark_score"),
          sources: col("sources"),
          updatedAt: sql`now()`,
        },
      });
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
