import {
  BLOCK_MESSAGES,
  BLOCKS_MAX,
  type BlockList,
  MUTES_MAX,
  type MuteKind,
  muteUrl,
  normaliseMuteTarget,
} from "../../../common/blocks";
import type { Generation } from "../../../common/constants";
import type { AppContext, SessionUser } from "../../platform/context";
import { badRequest, notFound } from "../../platform/errors";
import { removeFollow } from "../follows/public";
import { findUserById } from "../users/public";
import { forgetFilters } from "./filters";
import * as q from "./queries";

const toIso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function createBlockService(ctx: AppContext) {
  const limiter = ctx.limiter({ name: "block", points: 120, durationSec: 3600 });

  async function assertMember(viewer: SessionUser, id: number, selfMessage: string, code: string) {
    if (id === viewer.id) throw badRequest(selfMessage, code);
    if (!(await findUserById(ctx.db, id))) throw notFound(BLOCK_MESSAGES.userNotFound);
  }

  return {
    async list(viewer: SessionUser): Promise<BlockList> {
      const [blocked, muted] = await Promise.all([
        q.listBlocked(ctx.db, viewer.id),
        q.listMutes(ctx.db, viewer.id),
      ]);
      return {
        blocked: blocked.map((b) => ({
          id: Number(b.id),
          username: b.username,
          avatar: b.avatar,
          generation: b.generation as Generation,
          createdAt: toIso(b.created_at),
        })),
        muted: muted
          .filter((m) => m.label !== null)
          .map((m) => {
            const kind = m.kind as MuteKind;
            return {
              kind,
              target: m.target,
              label: m.label!,
              url: muteUrl(kind, m.target, { forumId: m.forum_id === null ? undefined : Number(m.forum_id) }),
              createdAt: toIso(m.created_at),
            };
          }),
      };
    },

    /**
     * Blocks a member: follows both ways end, each one's notices named after the other go. The
     * blocked member is told nothing (no event, no notice).
     */
    async block(viewer: SessionUser, id: number) {
      await assertMember(viewer, id, BLOCK_MESSAGES.blockSelf, "block_self");
      await limiter.consume(String(viewer.id), "Too many blocks at once: please wait a moment.");
      if ((await q.countBlocks(ctx.db, viewer.id)) >= BLOCKS_MAX) {
        throw badRequest(`You can block at most ${BLOCKS_MAX} members`, "too_many_blocks");
      }
      await ctx.db.transaction(async (tx) => {
        await q.insertBlock(tx, viewer.id, id, ctx.now());
        // Both ways, the member with the lower id first, so that two blocks at once cannot deadlock.
        const [a, b] = viewer.id < id ? [viewer.id, id] : [id, viewer.id];
        await removeFollow(tx, a, b);
        await removeFollow(tx, b, a);
        await q.deleteNoticesBetween(tx, viewer.id, id);
      });
      forgetFilters(ctx, [viewer.id, id]);
      return { blocked: true, message: BLOCK_MESSAGES.blocked };
    },

    async unblock(viewer: SessionUser, id: number) {
      await assertMember(viewer, id, BLOCK_MESSAGES.blockSelf, "block_self");
      await q.deleteBlock(ctx.db, viewer.id, id);
      forgetFilters(ctx, [viewer.id, id]);
      return { blocked: false, message: BLOCK_MESSAGES.unblocked };
    },

    async mute(viewer: SessionUser, input: { kind: MuteKind; target: string }) {
      const target = normaliseMuteTarget(input.kind, input.target);
      if (target === null) throw badRequest(BLOCK_MESSAGES.badTarget, "validation_failed");
      if (input.kind === "member") {
        await assertMember(viewer, Number(target), BLOCK_MESSAGES.muteSelf, "mute_self");
      } else if (input.kind !== "hashtag" && !(await q.targetExists(ctx.db, input.kind, Number(target)))) {
        throw notFound(
          input.kind === "thread" ? BLOCK_MESSAGES.threadNotFound : BLOCK_MESSAGES.forumNotFound,
        );
      }
      await limiter.consume(String(viewer.id), "Too many mutes at once: please wait a moment.");
      if ((await q.countMutes(ctx.db, viewer.id)) >= MUTES_MAX) {
        throw badRequest(`You can mute at most ${MUTES_MAX} things`, "too_many_mutes");
      }
      await q.insertMute(ctx.db, viewer.id, input.kind, target, ctx.now());
      forgetFilters(ctx, [viewer.id]);
      return { muted: true, message: BLOCK_MESSAGES.muted };
    },

    async unmute(viewer: SessionUser, input: { kind: MuteKind; target: string }) {
      const target = normaliseMuteTarget(input.kind, input.target);
      if (target === null) throw badRequest(BLOCK_MESSAGES.badTarget, "validation_failed");
      await q.deleteMute(ctx.db, viewer.id, input.kind, target);
      forgetFilters(ctx, [viewer.id]);
      return { muted: false, message: BLOCK_MESSAGES.unmuted };
    },
  };
}
