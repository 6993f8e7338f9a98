import { and, count, desc, eq } from "drizzle-orm";
import {
  normaliseTopicTarget,
  TOPIC_FOLLOW_MESSAGES,
  TOPIC_FOLLOWS_MAX,
  type TopicFollowList,
  type TopicKind,
} from "../../../common/topic-follows";
import type { DbOrTx } from "../../db/connect";
import { topicFollows } from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";
import { badRequest } from "../../platform/errors";

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
