import { sql } from "drizzle-orm";
import { ARENA_MESSAGES } from "../../../common/arena";
import { promptUrl } from "../../../common/social";
import { queryRows } from "../../db/connect";
import type { AppContext } from "../../platform/context";
import { notify } from "./service";

/** At most this many earlier commenters hear about a new comment on a model. */
export const MODEL_COMMENT_FANOUT = 50;

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

async function one<T>(ctx: AppContext, query: ReturnType<typeof sql>): Promise<T | undefined> {
  return (await queryRows<T>(ctx.db, query))[0];
}

/**
 * Every source of notifications (SPEC §3: follow, like, comment, reply, mention) arrives as a
 * domain event; the features raising them do not know this one. Declared by the feature's plugin.
 */
export function listenForNotificationSources(ctx: AppContext): void {
  const { events } = ctx;
  events.on("user.followed", async (e) => {
    await notify(ctx, {
      recipientId: e.userId,
      type: "follow",
      phrase: "started following you",
      url: `/profile/${e.actorId}`,
      actorId: e.actorId,
      groupKey: `follow:${e.actorId}`,
      policy: "once",
    });
  });

  events.on("post.liked", async (e) => {
    await notify(ctx, {
      recipientId: e.ownerId,
      type: "like",
      phrase: "liked your post",
      url: `/post/${e.postId}`,
      actorId: e.actorId,
      groupKey: `like:post:${e.postId}`,
      policy: "once",
    });
  });

  events.on("prompt.liked", async (e) => {
    await notify(ctx, {
      recipientId: e.ownerId,
      type: "like",
      phrase: "liked your prompt",
      url: promptUrl(e.promptId),
      actorId: e.actorId,
      groupKey: `like:prompt:${e.promptId}`,
      policy: "once",
    });
  });

  // The event says whether the comment is anonymous (no read of the comment on every one).
  events.on("post.commented", async (e) => {
    await notify(ctx, {
      recipientId: e.ownerId,
      type: "comment",
      phrase: "commented on your post",
      url: `/post/${e.postId}`,
      actorId: e.actorId,
      anonymousActor: Boolean(e.anonymous),
      groupKey: `comment:post:${e.postId}`,
      policy: "group",
    });
  });

  events.on("comment.replied", async (e) => {
    await notify(ctx, {
      recipientId: e.ownerId,
      type: "reply",
      phrase: "replied to your comment",
      url: `/post/${e.postId}`,
      actorId: e.actorId,
      anonymousActor: Boolean(e.anonymous),
      groupKey: `reply:comment:${e.parentId}`,
      policy: "group",
    });
  });

  events.on("thread.replied", async (e) => {
    const thread = await one<{ title: string }>(
      ctx,
      sql`SELECT title FROM forum_threads WHERE id = ${e.threadId}`,
    );
    await notify(ctx, {
      recipientId: e.ownerId,
      type: "reply",
      phrase: thread ? `replied to your thread "${clip(thread.title, 80)}"` : "replied to your thread",
      url: `/forums/${e.forumId}?thread=${e.threadId}`,
      actorId: e.actorId,
      groupKey: `reply:thread:${e.threadId}`,
      policy: "group",
    });
  });

  events.on("member.mentioned", async (e) => {
    const excerpt = clip(e.excerpt, 140);
    for (const userId of new Set(e.userIds)) {
      await notify(ctx, {
        recipientId: userId,
        type: "mention",
        phrase: excerpt ? `mentioned you: "${excerpt}"` : "mentioned you",
        url: e.url,
        actorId: e.actorId,
        groupKey: `mention:${e.url}`.slice(0, 500),
        policy: "once",
      });
    }
  });

  // An arena battle's milestone (decision 0102): no actor (blind voters stay unnamed), once per
  // battle and milestone even if the event were raised twice (the group key).
  events.on("arena.battle-milestone", async (e) => {
    await notify(ctx, {
      recipientId: e.submitterId,
      type: "generic",
      phrase: ARENA_MESSAGES.milestone(e.votes),
      url: "/arena/submit",
      actorId: null,
      groupKey: `arena:battle:${e.battleId}:${e.votes}`,
      policy: "once",
    });
  });

  // Models have no owner: the members who discussed the model hear about new comments.
  events.on("model.commented", async (e) => {
    const model = await one<{ slug: string; name: string }>(
      ctx,
      sql`SELECT slug, name FROM ai_models WHERE id = ${e.modelId}`,
    );
    if (!model) return;
    const earlier = await queryRows<{ user_id: number }>(
      ctx.db,
      sql`SELECT user_id FROM model_comments
          WHERE model_id = ${e.modelId} AND user_id <> ${e.actorId} AND id < ${e.commentId}
          GROUP BY user_id ORDER BY max(id) DESC LIMIT ${MODEL_COMMENT_FANOUT}`,
    );
    for (const row of earlier) {
      await notify(ctx, {
        recipientId: Number(row.user_id),
        type: "comment",
        phrase: `also commented on ${model.name}`,
        url: `/ai-models/${model.slug}`,
        actorId: e.actorId,
        groupKey: `comment:model:${e.modelId}`,
        policy: "group",
      });
    }
  });
}
