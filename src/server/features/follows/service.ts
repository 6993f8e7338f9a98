import { BLOCK_MESSAGES, BLOCKED_CODE } from "../../../common/blocks";
import type { Generation } from "../../../common/constants";
import type { PageQuery } from "../../../common/http";
import { SOCIAL_MESSAGES, type UserSummary } from "../../../common/social";
import type { AppContext, SessionUser } from "../../platform/context";
import { AppError, badRequest, notFound } from "../../platform/errors";
import { blockedEitherWay } from "../blocks/public";
import { findUserById } from "../users/public";
import {
  addFollow,
  type FollowListRow,
  followersCount,
  isFollowing,
  listFollows,
  removeFollow,
} from "./queries";

export function presentSummary(row: FollowListRow): UserSummary {
  return {
    id: Number(row.id),
    username: row.username,
    avatar: row.avatar,
    bio: row.bio,
    generation: row.generation as Generation,
    followersCount: Number(row.followers_count),
  };
}

export function createFollowService(ctx: AppContext) {
  const limiter = ctx.limiter({ name: "follow", points: 120, durationSec: 3600 });

  async function assertTarget(viewer: SessionUser, id: number): Promise<void> {
    if (id === viewer.id) throw badRequest(SOCIAL_MESSAGES.followSelf);
    if (!(await findUserById(ctx.db, id))) throw notFound(SOCIAL_MESSAGES.userNotFound);
  }

  return {
    async status(viewer: SessionUser, id: number) {
      if (!(await findUserById(ctx.db, id))) throw notFound(SOCIAL_MESSAGES.userNotFound);
      return { isFollowing: id !== viewer.id && (await isFollowing(ctx.db, viewer.id, id)) };
    },

    /** Idempotent: following twice is one follow, one count, one notification. */
    async follow(viewer: SessionUser, id: number) {
      await assertTarget(viewer, id);
      // Either way, with the same words: the refusal does not say who blocked whom.
      if (await blockedEitherWay(ctx, viewer.id, id)) {
        throw new AppError(403, BLOCK_MESSAGES.cannotFollow, BLOCKED_CODE);
      }
      await limiter.consume(String(viewer.id), "Follow rate limit reached: please slow down.");
      const result = await ctx.db.transaction(async (tx) => {
        const added = await addFollow(tx, viewer.id, id, ctx.now());
        return { added, followersCount: await followersCount(tx, id) };
      });
      if (result.added) await ctx.events.emit("user.followed", { actorId: viewer.id, userId: id });
      return { isFollowing: true, followersCount: result.followersCount };
    },

    async unfollow(viewer: SessionUser, id: number) {
      await assertTarget(viewer, id);
      const count = await ctx.db.transaction(async (tx) => {
        await removeFollow(tx, viewer.id, id);
        return followersCount(tx, id);
      });
      return { isFollowing: false, followersCount: count };
    },

    async list(id: number, direction: "followers" | "following", page: PageQuery) {
      if (!(await findUserById(ctx.db, id))) throw notFound(SOCIAL_MESSAGES.userNotFound);
      const rows = await listFollows(ctx.db, id, direction, page);
      return rows.map(presentSummary);
    },
  };
}
