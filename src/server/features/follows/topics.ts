import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  normaliseTopicTarget,
  TOPIC_FOLLOW_MESSAGES,
  TOPIC_FOLLOWS_MAX,
  type TopicFollowList,
  type TopicKind,
} from "../../../common/topic-follows";
import { batched, intArray } from "../../db/batch";
import type { DbOrTx } from "../../db/connect";
import { preparedSql } from "../../db/prepared";
import { topicFollows } from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";
import { badRequest } from "../../platform/errors";
import { memberCache } from "../../platform/member-cache";

/**
 * Following hashtags and models (issue 21 item 3, decision 0104): the member's own rows, the
 * member in every WHERE clause, so nobody can add or undo another member's follow. Their posts
 * join the feed's Following tab (posts/queries.ts `followingPosts`).
 */
export async function listTopicRows(db: DbOrTx, userId: number) {
  return db
    .select({ kind: topicFollows.kind, target: topicFollows.target, createdAt: topicFollows.createdAt })
    .from(topicFollows)
    .where(eq(topicFollows.userId, userId))
    .orderBy(desc(topicFollows.createdAt), desc(topicFollows.target))
    .limit(TOPIC_FOLLOWS_MAX);
}

/**
 * The hashtags (lower case) and models a member follows, as the Following tab reads them, and the
 * members they follow (what a kept Following page names: decision 0137).
 */
export interface FollowedTopics {
  tags: string[];
  models: string[];
  members: number[];
}

/** How many members, hashtags and models the member follows (none: their Following tab is empty). */
export const followedCount = (topics: FollowedTopics): number =>
  topics.members.length + topics.tags.length + topics.models.length;

/**
 * Read once per member into this instance's memory (platform/member-cache.ts): following or
 * unfollowing is a member-changing write, so it resets the cache here and on every instance.
 */
export const followedTopics = memberCache<FollowedTopics>(
  (ctx, userId) => batched(ctx.db, "follows_topics", topicsOfMany)(userId),
  { ttlMs: 10_000 },
);

/** Members asking at once are read together (db/batch.ts), in one prepared statement. */
async function topicsOfMany(db: DbOrTx, userIds: number[]): Promise<FollowedTopics[]> {
  const rows = await topicRows(db).all({ users: intArray(userIds) });
  const out = userIds.map((): FollowedTopics => ({ tags: [], models: [], members: [] }));
  for (const { i, kind, target } of rows) {
    const topics = out[i - 1];
    if (kind === "hashtag") topics?.tags.push(target);
    else if (kind === "model") topics?.models.push(target);
    else if (kind === "member") topics?.members.push(Number(target));
  }
  return out;
}

const topicRows = (db: DbOrTx) =>
  preparedSql<{ i: number; kind: string; target: string }>(
    db,
    "follows_topic_and_member_rows",
    () => sql`SELECT u.i::int AS i, t.kind, t.target
      FROM unnest(${sql.placeholder("users")}::int[]) WITH ORDINALITY AS u(id, i)
      JOIN topic_follows t ON t.user_id = u.id
      UNION ALL
      SELECT u.i::int, 'member', f.followee_id::text
      FROM unnest(${sql.placeholder("users")}::int[]) WITH ORDINALITY AS u(id, i)
      JOIN follows f ON f.follower_id = u.id`,
  );

export function createTopicFollowService(ctx: AppContext) {
  const limiter = ctx.limiter({ name: "topic-follow", points: 120, durationSec: 3600 });

  const key = (kind: TopicKind, target: string) => {
    const normal = normaliseTopicTarget(kind, target);
    if (normal === null) throw badRequest(TOPIC_FOLLOW_MESSAGES.badTarget, "validation_failed");
    return normal;
  };

  return {
    async list(viewer: SessionUser): Promise<TopicFollowList> {
      const rows = await listTopicRows(ctx.db, viewer.id);
      return {
        topics: rows.map((r) => ({
          kind: r.kind as TopicKind,
          target: r.target,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    /** Idempotent: following twice is one row. */
    async follow(viewer: SessionUser, kind: TopicKind, target: string) {
      const normal = key(kind, target);
      await limiter.consume(String(viewer.id), "Follow rate limit reached: please slow down.");
      const [row] = await ctx.db
        .select({ n: count() })
        .from(topicFollows)
        .where(eq(topicFollows.userId, viewer.id));
      if ((row?.n ?? 0) >= TOPIC_FOLLOWS_MAX) {
        throw badRequest(TOPIC_FOLLOW_MESSAGES.tooMany, "too_many_follows");
      }
      await ctx.db
        .insert(topicFollows)
        .values({ userId: viewer.id, kind, target: normal, createdAt: ctx.now() })
        .onConflictDoNothing();
      return { isFollowing: true };
    },

    /** Idempotent; only the member's own row can go. */
    async unfollow(viewer: SessionUser, kind: TopicKind, target: string) {
      const normal = key(kind, target);
      await ctx.db
        .delete(topicFollows)
        .where(
          and(
            eq(topicFollows.userId, viewer.id),
            eq(topicFollows.kind, kind),
            eq(topicFollows.target, normal),
          ),
        );
      return { isFollowing: false };
    },
  };
}
