import { z } from "zod";
import { generationSchema } from "./auth";
import { GENERATIONS, LIMITS } from "./constants";

/** SPEC §4 / §9: the trending timeframes, 24h by default. */
export const TIMEFRAMES = ["1h", "24h", "7d", "30d"] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const DEFAULT_TIMEFRAME: Timeframe = "24h";

const HOUR_MS = 60 * 60 * 1000;
export const TIMEFRAME_MS: Record<Timeframe, number> = {
  "1h": HOUR_MS,
  "24h": 24 * HOUR_MS,
  "7d": 7 * 24 * HOUR_MS,
  "30d": 30 * 24 * HOUR_MS,
};
export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  "1h": "Last hour",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
};

/** The tabs of the trending page (SPEC §2.14; the Arena's battles: issue 22, decision 0110). */
export const TRENDING_TABS = ["Trending Topics", "Hot Posts", "Rising Creators", "Arena Battles"] as const;

export const TRENDING_LIMIT_DEFAULT = 20;
export const TRENDING_LIMIT_MAX = 100;

export const timeframeSchema = z.enum(TIMEFRAMES, {
  error: `timeframe must be one of ${TIMEFRAMES.join(", ")}`,
});

export const trendingQuerySchema = z.object({
  timeframe: timeframeSchema.default(DEFAULT_TIMEFRAME),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(TRENDING_LIMIT_MAX, `limit must be at most ${TRENDING_LIMIT_MAX}`)
    .default(TRENDING_LIMIT_DEFAULT),
});
export type TrendingQuery = z.output<typeof trendingQuerySchema>;

/**
 * A trending topic (SPEC §3): `posts` in the window; `growth` the percent change against the
 * previous window of the same length. A topic with no post in the previous window has no
 * meaningful percentage: `growth` is null and `isNew` true (never Infinity or NaN).
 */
export const trendingTopicSchema = z.object({
  id: z.number().int(),
  hashtag: z.string(),
  category: z.string(),
  posts: z.number().int(),
  previousPosts: z.number().int(),
  growth: z.number().nullable(),
  isNew: z.boolean(),
});
export type TrendingTopic = z.infer<typeof trendingTopicSchema>;

/** A hot post (SPEC §3): the author is a username string, "Anonymous" for stealth posts. */
export const trendingPostSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  authorId: z.number().int().nullable(),
  aiModel: z.string().nullable(),
  timeAgo: z.string(),
  createdAt: z.string(),
  trending_score: z.number(),
  content: z.string(),
  tags: z.array(z.string()),
  likes: z.number().int(),
  comments: z.number().int(),
  views: z.number().int(),
});
export type TrendingPost = z.infer<typeof trendingPostSchema>;

/** A rising creator: who gained the most followers and likes in the window. */
export const risingCreatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  generation: generationSchema,
  followersCount: z.number().int(),
  followersGained: z.number().int(),
  likesReceived: z.number().int(),
  score: z.number().int(),
  /** Whether the signed-in viewer follows them (false for visitors). */
  isFollowing: z.boolean(),
  isSelf: z.boolean(),
});
export type RisingCreator = z.infer<typeof risingCreatorSchema>;

/** Weight of one new follower against one like in the rising-creators score. */
export const FOLLOWER_WEIGHT = 3;

/**
 * The hot-post score, in the spirit of Hacker News: engagement divided by a power of age, so a
 * post must keep earning attention to stay on top.
 *
 *   score = (likes + 2 × comments + views / 10) / (ageHours + 2) ^ 1.5
 *
 * Comments weigh double a like (they take more effort); views count a tenth (they are cheap).
 * The +2 hours keeps a brand-new post from dividing by almost nothing. The server computes the
 * same formula in SQL (trending/queries.ts); this function is its reference and is unit-tested.
 */
export function hotScore(
  post: { likes: number; comments: number; views: number; createdAt: Date | string },
  now: Date,
): number {
  const created = post.createdAt instanceof Date ? post.createdAt.getTime() : Date.parse(post.createdAt);
  const ageHours = Math.max(0, (now.getTime() - created) / HOUR_MS);
  const engagement = post.likes + 2 * post.comments + post.views / 10;
  return engagement / (ageHours + 2) ** 1.5;
}

/**
 * Percent change from `previous` to `current`, rounded to a whole percent; null when there was
 * nothing before (a new topic), so the answer never holds Infinity or NaN.
 */
export function growthPercent(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** Display of a topic's growth: "+25%", "-10%", "0%" or "New". */
export function formatGrowth(topic: Pick<TrendingTopic, "growth" | "isNew">): string {
  if (topic.isNew || topic.growth === null) return "New";
  return topic.growth > 0 ? `+${topic.growth}%` : `${topic.growth}%`;
}

/**
 * The category of a topic, from keywords in the hashtag (topics are free text, so the category
 * is a best guess, "General" when nothing matches). Checked in order: the first match wins.
 */
export const TOPIC_CATEGORIES: { category: string; pattern: RegExp }[] = [
  { category: "Prompting", pattern: /prompt/ },
  {
    category: "Image Generation",
    pattern: /^art|aiart|digitalart|image|midjourney|dall|stablediffusion|diffusion|photo|illustrat|drawing/,
  },
  { category: "Video Generation", pattern: /video|sora|film|animation|runway/ },
  { category: "Audio & Speech", pattern: /audio|voice|speech|music|podcast|whisper|tts/ },
  {
    category: "Code Generation",
    pattern: /cod(e|ing)|copilot|programming|developer|python|javascript|debug/,
  },
  {
    category: "Ethics & Society",
    pattern: /ethic|safety|bias|privacy|regulation|policy|alignment|jobs|future/,
  },
  { category: "Research", pattern: /research|paper|benchmark|science|study|agi/ },
  { category: "Learning", pattern: /learn|education|teach|student|school|tutorial|tips/ },
  { category: "Language Models", pattern: /gpt|chat|claude|gemini|llama|mistral|llm|perplexity|model/ },
];
export const DEFAULT_TOPIC_CATEGORY = "General";

export function topicCategory(hashtag: string): string {
  const key = hashtag.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  for (const { category, pattern } of TOPIC_CATEGORIES) {
    if (pattern.test(key)) return category;
  }
  return DEFAULT_TOPIC_CATEGORY;
}

// --- Creators directory and explore (the other discovery screens) ------------------------------

export const CREATORS_TEXT = {
  title: "Creators",
  lead: "Members ranked by followers and likes received",
  empty: "No creators found",
  allGenerations: "All generations",
} as const;

export const creatorsQuerySchema = z.object({
  generation: z
    .enum(GENERATIONS, { error: `generation must be one of ${GENERATIONS.join(", ")}` })
    .optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(LIMITS.pageSizeMax, `limit must be at most ${LIMITS.pageSizeMax}`)
    .default(LIMITS.pageSizeDefault),
  cursor: z.coerce
    .number({ error: "cursor must be a number" })
    .int("cursor must be a whole number")
    .positive("cursor must be positive")
    .max(2_147_483_647, "cursor is too large")
    .optional(),
});
export type CreatorsQuery = z.output<typeof creatorsQuerySchema>;

export const creatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  generation: generationSchema,
  followersCount: z.number().int(),
  likesReceived: z.number().int(),
  isFollowing: z.boolean(),
  isSelf: z.boolean(),
});
export type Creator = z.infer<typeof creatorSchema>;

export const suggestedMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  generation: generationSchema,
  followersCount: z.number().int(),
  /** How many of the members you follow follow them (0 for a popular-member suggestion). */
  followedByYourFollows: z.number().int(),
  reason: z.enum(["network", "popular"]),
});
export type SuggestedMember = z.infer<typeof suggestedMemberSchema>;

export const exploreSchema = z.object({
  topModels: z.array(
    z.object({
      category: z.string(),
      models: z.array(
        z.object({
          id: z.number().int(),
          slug: z.string(),
          name: z.string(),
          company: z.string(),
          rating: z.number(),
          reviewCount: z.number().int(),
        }),
      ),
    }),
  ),
  activeForums: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      aiModel: z.string(),
      postCount: z.number().int(),
      memberCount: z.number().int(),
      lastActivityAt: z.string(),
    }),
  ),
  popularPrompts: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      description: z.string(),
      category: z.string(),
      likes: z.number().int(),
      downloads: z.number().int(),
      author: z.string(),
    }),
  ),
  suggestedMembers: z.array(suggestedMemberSchema),
});
export type Explore = z.infer<typeof exploreSchema>;

export const EXPLORE_LIMITS = { modelsPerCategory: 3, forums: 6, prompts: 6, members: 6 } as const;
