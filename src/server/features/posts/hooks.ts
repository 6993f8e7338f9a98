import type { AppContext } from "../../platform/context";

/**
 * Extension points other features register at import time. The directory links a rating post
 * to the model's reviews; anything tied to a post cleans up after its deletion. A failing hook
 * is logged and never undoes the post.
 */
export interface RatingPostEvent {
  postId: number;
  userId: number;
  aiModel: string;
  rating: number;
  content: string;
}
export interface PostDeletedEvent {
  postId: number;
}

type Hook<E> = (ctx: AppContext, event: E) => Promise<void>;

const ratingHooks: Hook<RatingPostEvent>[] = [];
const deletedHooks: Hook<PostDeletedEvent>[] = [];

export function onRatingPost(hook: Hook<RatingPostEvent>): void {
  ratingHooks.push(hook);
}

export function onPostDeleted(hook: Hook<PostDeletedEvent>): void {
  deletedHooks.push(hook);
}

async function run<E>(ctx: AppContext, hooks: Hook<E>[], event: E, name: string): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook(ctx, event);
    } catch (err) {
      ctx.log.error({ err, hook: name }, "post hook failed");
    }
  }
}

export const runRatingPostHooks = (ctx: AppContext, event: RatingPostEvent) =>
  run(ctx, ratingHooks, event, "rating");
export const runPostDeletedHooks = (ctx: AppContext, event: PostDeletedEvent) =>
  run(ctx, deletedHooks, event, "deleted");
