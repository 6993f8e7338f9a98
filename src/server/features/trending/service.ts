import type { Generation } from "../../../common/constants";
import { markdownToPlainText } from "../../../common/markdown";
import { ANONYMOUS_AUTHOR } from "../../../common/posts";
import { formatPostAge } from "../../../common/time";
import {
  growthPercent,
  type RisingCreator,
  TIMEFRAME_MS,
  type TrendingPost,
  type TrendingQuery,
  type TrendingTopic,
  topicCategory,
} from "../../../common/trending";
import type { TrendingBattle } from "../../../common/api/trending-battles";
import type { AppContext, SessionUser } from "../../platform/context";
import { hidesAuthor, viewerFilter } from "../blocks/public";
import * as q from "./queries";

/**
 * The window of a timeframe ending now: [end - length, end) with end one millisecond after now,
 * so a post made at this very instant counts.
 */
export function timeWindow(now: Date, timeframe: TrendingQuery["timeframe"]): { start: Date; end: Date } {
  const end = new Date(now.getTime() + 1);
  return { start: new Date(end.getTime() - TIMEFRAME_MS[timeframe]), end };
}

/**
 * The rankings of hot posts, rising creators and battles read thousands to hundreds of thousands
 * of rows at a million posts (24h ~30 ms of SQL; the last hour's rising creators, whose window
 * holds no whole hour of the aggregates, read every like of the hour: 0.5–0.9 s at 270,000 likes
 * an hour); a ranking barely moves in a minute, so each instance reuses it for up to
 * RESULT_TTL_MS of its clock (the display fields such as the age are still derived per request;
 * decision 0133). Topics are computed fresh (from the hourly hashtag counters: milliseconds).
 */
export const RESULT_TTL_MS = 60_000;
const CACHED_TIMEFRAMES: ReadonlySet<TrendingQuery["timeframe"]> = new Set(["1h", "24h", "7d", "30d"]);

function resultCache() {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  function cached<T>(key: string, now: Date, compute: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    const age = hit ? now.getTime() - hit.at : -1;
    if (hit && age >= 0 && age < RESULT_TTL_MS) return hit.value as Promise<T>;
    const value = compute();
    entries.set(key, { at: now.getTime(), value });
    value.catch(() => entries.delete(key));
    return value;
  }
  return Object.assign(cached, { clear: () => entries.clear() });
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;

export function createTrendingService(ctx: AppContext) {
  const cache = resultCache();
  const maybeCached = <T>(kind: string, query: TrendingQuery, now: Date, compute: () => Promise<T>) =>
    CACHED_TIMEFRAMES.has(query.timeframe)
      ? cache(`${kind}:${query.timeframe}:${query.limit}`, now, compute)
      : compute();

  return {
    /**
     * Forgets the cached rankings: called on every write that may hide or remove content or a
     * member (reports, moderation, bans; see routes.ts), so a hidden post leaves at once.
     */
    clearCache: () => cache.clear(),

    async topics(query: TrendingQuery): Promise<TrendingTopic[]> {
      const { start, end } = timeWindow(ctx.now(), query.timeframe);
      const rows = await q.topicCounts(ctx.db, start, end, query.limit);
      return rows.map((r) => {
        const growth = growthPercent(r.cur, r.prev);
        return {
          id: r.id,
          hashtag: r.display,
          category: topicCategory(r.display),
          posts: r.cur,
          previousPosts: r.prev,
          growth,
          isNew: growth === null,
        };
      });
    },

    /** Anonymous (stealth) posts show "Anonymous" to everyone but admins (DESIGN §4). */
    async posts(viewer: SessionUser | null, query: TrendingQuery): Promise<TrendingPost[]> {
      const now = ctx.now();
      const { start, end } = timeWindow(now, query.timeframe);
      const rows = await maybeCached("posts", query, now, () =>
        q.hotPosts(ctx.db, start, end, now, query.limit),
      );
      // The ranking is everyone's; a member's blocks take named posts out of their copy (0092).
      const filter = await viewerFilter(ctx, viewer);
      const shown = filter.empty ? rows : rows.filter((r) => !hidesAuthor(filter, r.authorId, r.isAnonymous));
      return shown.map((r) => {
        const hidden = r.isAnonymous && !viewer?.isAdmin;
        const createdAt = toDate(r.createdAt);
        return {
          id: r.id,
          author: hidden ? ANONYMOUS_AUTHOR.username : r.username,
          authorId: hidden ? null : r.authorId,
          aiModel: r.aiModel,
          timeAgo: formatPostAge(createdAt, now),
          createdAt: createdAt.toISOString(),
          trending_score: round(Number(r.score)),
          content: markdownToPlainText(r.content),
          tags: r.tags,
          likes: r.likes,
          comments: r.comments,
          views: r.views,
        };
      });
    },

    /**
     * Battles by their votes in the window (decision 0110): the ranking is everyone's, a
     * member's blocks take the battles of members blocked either way out of their copy.
     */
    async battles(viewer: SessionUser | null, query: TrendingQuery): Promise<TrendingBattle[]> {
      const now = ctx.now();
      const { start, end } = timeWindow(now, query.timeframe);
      const rows = await maybeCached("battles", query, now, () =>
        q.trendingBattles(ctx.db, start, end, query.limit),
      );
      const filter = await viewerFilter(ctx, viewer);
      const shown = filter.empty ? rows : rows.filter((r) => !hidesAuthor(filter, r.submitterId));
      return shown.map((r) => ({
        id: r.id,
        prompt: markdownToPlainText(r.prompt).slice(0, 200),
        category: r.category,
        tags: r.tags,
        votes: r.votes,
        totalVotes: r.totalVotes,
      }));
    },

    async creators(viewer: SessionUser | null, query: TrendingQuery): Promise<RisingCreator[]> {
      const now = ctx.now();
      const { start, end } = timeWindow(now, query.timeframe);
      const rows = await maybeCached("creators", query, now, () =>
        q.risingCreators(ctx.db, start, end, query.limit),
      );
      const filter = await viewerFilter(ctx, viewer);
      const shown = filter.empty ? rows : rows.filter((r) => !hidesAuthor(filter, r.id));
      const followed = viewer
        ? await q.followedAmong(
            ctx.db,
            viewer.id,
            shown.map((r) => r.id),
          )
        : new Set<number>();
      return shown.map((r) => ({
        ...r,
        generation: r.generation as Generation,
        isFollowing: followed.has(r.id),
        isSelf: viewer?.id === r.id,
      }));
    },
  };
}
