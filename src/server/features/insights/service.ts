import { GENERATIONS, type Generation } from "../../../common/constants";
import {
  generationBasics,
  INSIGHTS_HASHTAG_SAMPLE,
  INSIGHTS_MIN_RATINGS,
  INSIGHTS_RECENT_POSTS,
  INSIGHTS_TOP_HASHTAGS,
  INSIGHTS_TOP_MODELS,
  type Insights,
} from "../../../common/insights";
import type { AppContext } from "../../platform/context";
import * as q from "./queries";

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function createInsightsService(ctx: AppContext) {
  return {
    async get(): Promise<Insights> {
      const [counts, posts, hashtags, models] = await Promise.all([
        q.memberCounts(ctx.db),
        q.recentPosts(ctx.db, INSIGHTS_RECENT_POSTS),
        q.topHashtags(ctx.db, INSIGHTS_HASHTAG_SAMPLE, INSIGHTS_TOP_HASHTAGS),
        q.favoriteModels(ctx.db, INSIGHTS_MIN_RATINGS, INSIGHTS_TOP_MODELS),
      ]);
      const countOf = new Map(counts.map((c) => [c.generation, c.n]));
      const totalMembers = counts.reduce((sum, c) => sum + c.n, 0);
      const of = <T extends { generation: string }>(rows: T[], g: Generation) =>
        rows.filter((r) => r.generation === g);
      return {
        totalMembers,
        generations: GENERATIONS.map((g) => {
          const memberCount = countOf.get(g) ?? 0;
          return {
            ...generationBasics(g),
            memberCount,
            share: totalMembers > 0 ? Math.round((memberCount / totalMembers) * 100) : 0,
            recentPosts: of(posts, g).map((p) => ({
              id: p.id,
              content: p.content,
              aiModel: p.aiModel,
              rating: p.rating,
              likes: p.likes,
              comments: p.comments,
              createdAt: iso(p.createdAt),
              author: { id: p.authorId, username: p.username, avatar: p.avatar },
            })),
            favoriteModels: of(models, g).map((m) => ({
              id: m.id,
              slug: m.slug,
              name: m.name,
              averageRating: Math.round(Number(m.averageRating) * 100) / 100,
              ratings: m.ratings,
            })),
            topHashtags: of(hashtags, g).map((h) => ({ hashtag: h.hashtag, posts: h.posts })),
          };
        }),
      };
    },
  };
}
