import type { PageQuery } from "../../../common/http";
import { plainExcerpt } from "../../../common/markdown";
import { ACTIVITY_KINDS, type ActivityKind, SOCIAL_MESSAGES } from "../../../common/social";
import type { AppContext, SessionUser } from "../../platform/context";
import { notFound } from "../../platform/errors";
import { userEntity } from "../../platform/entities";
import type { SharedReads } from "../../platform/public-cache";
import { keepLikesOf, likedByMember, namedPostRows, postsJson } from "../posts/public";
import { removeAvatarFile, storeAvatar } from "./avatar";
import { postsByAuthor, profileStats, recentActivity } from "./profile-queries";
import { findUserById, updateUser } from "./queries";

const EXCERPT = 160;
/** Posts, comments, threads and prompts are Markdown: the activity shows their words. */
const clip = (text: string) => plainExcerpt(text, EXCERPT);
const isKind = (k: string): k is ActivityKind => (ACTIVITY_KINDS as readonly string[]).includes(k);

export function createProfileService(ctx: AppContext, shared: SharedReads) {
  async function member(id: number) {
    const row = await findUserById(ctx.db, id);
    if (!row) throw notFound(SOCIAL_MESSAGES.userNotFound);
    return row;
  }

  return {
    /**
     * A member's posts with the viewer's likes. Their author reads their own (anonymous and
     * hidden posts too); every other member reads rows shared and kept until a write names the
     * member (a new post of theirs) or a post shown (decision 0155), as a visitor's answer is.
     */
    async posts(viewer: SessionUser | null, id: number, page: PageQuery) {
      const own = viewer?.id === id;
      const read = async () => {
        await member(id);
        return postsByAuthor(ctx.db, id, own, page);
      };
      if (!viewer) return postsJson(await read(), null, null);
      keepLikesOf(ctx, viewer.id);
      const key = `profile-posts:${id}:${page.limit}:${page.cursor ?? ""}`;
      const rows = own ? await read() : await shared(key, read, (r) => namedPostRows(r, [userEntity(id)]));
      const liked = await likedByMember(
        ctx,
        viewer.id,
        rows.map((r) => r.id),
      );
      return postsJson(rows, viewer, liked, !own);
    },

    async stats(viewer: SessionUser | null, id: number) {
      const row = await member(id);
      const stats = await profileStats(ctx.db, id, viewer?.id === id);
      return { ...stats, followers: row.followersCount, following: row.followingCount };
    },

    async activity(viewer: SessionUser | null, id: number, limit: number) {
      await member(id);
      const rows = await recentActivity(ctx.db, id, viewer?.id === id, limit);
      return rows
        .filter((r) => isKind(r.kind))
        .map((r) => ({
          kind: r.kind as ActivityKind,
          id: Number(r.id),
          text: clip(r.text),
          url: r.url,
          createdAt: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
        }));
    },

    async setAvatar(user: SessionUser, image: Buffer) {
      const url = await storeAvatar(ctx, image);
      const row = await updateUser(ctx.db, user.id, { avatar: url });
      if (!row) {
        await removeAvatarFile(ctx, url);
        throw notFound(SOCIAL_MESSAGES.userNotFound);
      }
      if (user.avatar && user.avatar !== url) await removeAvatarFile(ctx, user.avatar);
      return { avatar: url };
    },

    async removeAvatar(user: SessionUser) {
      await updateUser(ctx.db, user.id, { avatar: null });
      await removeAvatarFile(ctx, user.avatar);
      return { avatar: null };
    },
  };
}
