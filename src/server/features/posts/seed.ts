import { sql } from "drizzle-orm";
import { mergeTags, parseHashtags } from "../../../common/posts";
import { queryRows } from "../../db/connect";
import { postComments, postLikes, users } from "../../db/schema";
import { demoPosts } from "../../db/seed/demo-content";
import type { SeedStep } from "../../db/seed";
import { insertPost } from "./queries";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Demo activity (SPEC issue 3 §7): the demo members' posts, ratings, likes and comments, so a
 * new visitor sees a living feed. Runs once: skipped when any demo member already has a post.
 * Posts are inserted oldest first so the feed's id order is also time order.
 */
const demoPostsSeed: SeedStep = {
  name: "demo-posts",
  order: 200,
  demo: true,
  async run(ctx) {
    const existing = await queryRows<{ id: number }>(
      ctx.db,
      sql`select p.id from posts p join users u on u.id = p.author_id where u.is_demo = 1 limit 1`,
    );
    if (existing.length > 0) return;

    const members = await ctx.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`${users.isDemo} = 1`);
    const idOf = new Map(members.map((m) => [m.username, m.id]));
    if (idOf.size === 0) return;

    const now = ctx.now().getTime();
    const ordered = [...demoPosts].sort((a, b) => b.hoursAgo - a.hoursAgo);
    for (const p of ordered) {
      const authorId = idOf.get(p.author);
      if (authorId === undefined) continue;
      const createdAt = new Date(now - p.hoursAgo * HOUR_MS);
      const likers = p.likedBy.map((u) => idOf.get(u)).filter((id): id is number => id !== undefined);
      const comments = p.comments.filter((c) => idOf.has(c.author));
      const rating = p.rating ?? null;
      const aiModel = p.aiModel ?? null;
      const postId = await ctx.db.transaction(async (tx) => {
        const id = await insertPost(tx, {
          authorId,
          content: p.content,
          aiModel,
          rating,
          image: null,
          tags: mergeTags(parseHashtags(p.content)),
          isAnonymous: p.isAnonymous ?? false,
          createdAt,
          likes: likers.length,
          comments: comments.length,
          // Demo figures only: views grow with the attention a post got.
          views: 9 + likers.length * 7 + comments.length * 4,
        });
        if (likers.length > 0) {
          await tx.insert(postLikes).values(likers.map((userId) => ({ postId: id, userId, createdAt })));
        }
        for (const [i, c] of comments.entries()) {
          const at = Math.min(createdAt.getTime() + (i + 1) * 23 * 60 * 1000, now);
          await tx.insert(postComments).values({
            postId: id,
            authorId: idOf.get(c.author)!,
            content: c.content,
            createdAt: new Date(at),
          });
        }
        return id;
      });
      if (aiModel && rating) {
        await ctx.events.emit("post.rating-created", {
          postId,
          userId: authorId,
          aiModel,
          rating,
          content: p.content,
        });
      }
    }
  },
};

/** This feature's seed steps, declared on the app's registry by its plugin (index.ts). */
export const seedSteps: readonly SeedStep[] = [demoPostsSeed];
