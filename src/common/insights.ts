import { z } from "zod";
import { generationSchema } from "./auth";
import { GENERATION_LABELS, GENERATION_YEARS, GENERATIONS, type Generation } from "./constants";

/** Fixed texts of the generational insights page (SPEC §2.13). */
export const INSIGHTS_TEXT = {
  title: "Generational Insights",
  lead: "How each generation meets machines",
  heroTitle: "Every generation talks to AI differently",
  heroText:
    "Gen Z, Millennials, Gen X and Boomers all share this square. See who is here, what they post about and which models they rate highest.",
  profilesHeading: "Generation Profiles",
  ctaTitle: "Add your voice",
  ctaText: "Share your experience with AI and compare notes with every generation.",
  ctaFeed: "Share an experience",
  ctaForums: "Join the forums",
  noPosts: "No posts from this generation yet",
  noModels: "Not enough ratings yet",
  noHashtags: "No hashtags yet",
} as const;

/** Age ranges as the spec states them (SPEC §2.13). */
export const GENERATION_AGE_RANGES: Record<Generation, string> = {
  genz: "12-27",
  millennial: "28-43",
  genx: "44-59",
  boomer: "60+",
};

export interface GenerationProfile {
  description: string;
  characteristics: string[];
}

/** The editorial part of each profile; the figures beside it come from the community. */
export const GENERATION_PROFILES: Record<Generation, GenerationProfile> = {
  genz: {
    description:
      "Digital natives who grew up with smartphones and recommendation feeds, and now treat AI as one more creative tool.",
    characteristics: [
      "Experiment quickly and share results",
      "Use AI for creative projects and study",
      "Comfortable with voice and image tools",
      "Expect transparency from the companies behind the models",
    ],
  },
  millennial: {
    description:
      "The generation that saw the internet arrive and now folds AI into work, side projects and family life.",
    characteristics: [
      "Focus on productivity and automation",
      "Compare models before committing",
      "Early adopters of new assistants",
      "Balance enthusiasm with privacy concerns",
    ],
  },
  genx: {
    description:
      "Pragmatic adopters who have watched several technology waves come and go, and judge AI by what it delivers.",
    characteristics: [
      "Value reliability over novelty",
      "Use AI for research and decision support",
      "Skeptical of hype, open to evidence",
      "Bridge older and younger colleagues",
    ],
  },
  boomer: {
    description:
      "Thoughtful explorers bringing decades of experience, often discovering AI for writing, learning and staying connected.",
    characteristics: [
      "Appreciate clear, patient explanations",
      "Use AI for learning and correspondence",
      "Care about accuracy and trust",
      "Share practical, hard-won advice",
    ],
  },
};

/** How many recent posts each profile shows (SPEC §2.13: "the 2 most recent"). */
export const INSIGHTS_RECENT_POSTS = 2;
/** Favorite models need at least this many ratings from the generation. */
export const INSIGHTS_MIN_RATINGS = 3;
export const INSIGHTS_TOP_MODELS = 3;
export const INSIGHTS_TOP_HASHTAGS = 5;
/** Hashtags are counted over each generation's most recent public posts. */
export const INSIGHTS_HASHTAG_SAMPLE = 200;

export const insightPostSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  aiModel: z.string().nullable(),
  rating: z.number().int().nullable(),
  likes: z.number().int(),
  comments: z.number().int(),
  createdAt: z.string(),
  author: z.object({ id: z.number().int(), username: z.string(), avatar: z.string().nullable() }),
});
export type InsightPost = z.infer<typeof insightPostSchema>;

export const favoriteModelSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  averageRating: z.number(),
  ratings: z.number().int(),
});
export type FavoriteModel = z.infer<typeof favoriteModelSchema>;

export const generationInsightSchema = z.object({
  generation: generationSchema,
  label: z.string(),
  description: z.string(),
  characteristics: z.array(z.string()),
  ageRange: z.string(),
  birthYears: z.string(),
  memberCount: z.number().int(),
  /** Share of all members, whole percent. */
  share: z.number().int(),
  recentPosts: z.array(insightPostSchema),
  favoriteModels: z.array(favoriteModelSchema),
  topHashtags: z.array(z.object({ hashtag: z.string(), posts: z.number().int() })),
});
export type GenerationInsight = z.infer<typeof generationInsightSchema>;

export const insightsSchema = z.object({
  totalMembers: z.number().int(),
  generations: z.array(generationInsightSchema),
});
export type Insights = z.infer<typeof insightsSchema>;

/** The static part of a generation's entry. */
export function generationBasics(generation: Generation) {
  return {
    generation,
    label: GENERATION_LABELS[generation],
    ageRange: GENERATION_AGE_RANGES[generation],
    birthYears: GENERATION_YEARS[generation],
    ...GENERATION_PROFILES[generation],
  };
}

export const INSIGHT_GENERATIONS = GENERATIONS;
