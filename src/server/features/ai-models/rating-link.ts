import { eq } from "drizzle-orm";
import { aiModelSlug } from "../../../common/models";
import { posts } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import { findModelBySlug } from "./queries";
import { applyRating, removeRatingsFromPost } from "./service";

/**
 * Feed rating posts (the "Rate AI Model" dialog) become the member's rating of the directory's
 * model: the post's stars and text replace any earlier rating of that model, and deleting the
 * post removes the rating it gave (a later rating made on the model page is kept). A post from
 * stealth mode still counts, but its review is shown as "Anonymous". Declared by the feature's plugin.
 */
export function linkRatingPosts(ctx: AppContext): void {
  ctx.events.on("post.rating-created", async ({ postId, userId, aiModel, rating, content }) => {
    const slug = aiModelSlug(aiModel);
    if (!slug || !Number.isInteger(rating) || rating < 1 || rating > 5) return;
    const model = await findModelBySlug(ctx.db, slug);
    if (!model) return;
    const [post] = await ctx.db
      .select({ isAnonymous: posts.isAnonymous, createdAt: posts.createdAt })
      .from(posts)
      .where(eq(posts.id, postId))
      .limit(1);
    if (!post) return;
    const review = content.trim() || null;
    await applyRating(ctx, {
      modelId: model.id,
      userId,
      rating,
      review,
      postId,
      anonymous: post.isAnonymous,
      at: post.createdAt,
    });
  });

  ctx.events.on("post.deleted", async ({ postId }) => {
    await removeRatingsFromPost(ctx, postId);
  });
}
