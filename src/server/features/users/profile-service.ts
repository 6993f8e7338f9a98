import type { PageQuery } from "../../../common/http";
import { plainExcerpt } from "../../../common/markdown";
import { ACTIVITY_KINDS, type ActivityKind, SOCIAL_MESSAGES } from "../../../common/social";
import type { AppContext, SessionUser } from "../../platform/context";
import { notFound } from "../../platform/errors";
import { presentPost } from "../posts/public";
import { removeAvatarFile, storeAvatar } from "./avatar";
import { postsByAuthor, profileStats, recentActivity } from "./profile-queries";
import { findUserById, updateUser } from "./queries";

const EXCERPT = 160;
/** Posts, comments, threads and prompts are Markdown: the activity shows their words. */
const clip = (text: string) => plainExcerpt(text, EXCERPT);
const isKind = (k: string): k is ActivityKind => (ACTIVITY_KINDS as readonly string[]).includes(k);

export function createProfileService(ctx: AppContext) {
  async function member(id: number) {
    const row = await findUserById(ctx.db, id);
    if (!row) throw notFound(SOCIAL_MESSAGES.userNotFound);
    return row;
  }

  return {
    async posts(viewer: SessionUser | null, id: number, page: PageQuery) {
      await member(id);
      const rows = await postsByAuthor(ctx.db, id, viewer?.id ?? null, page);
      return rows.map((r) => presentPost(r, viewer));
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
