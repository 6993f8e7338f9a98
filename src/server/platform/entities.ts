/**
 * The names of the entities that kept answers show and writes touch (decisions 0119, 0125, 0137),
 * spelled here only: a route's `entities` (public-cache.ts: `namedAnswers`, `memberAnswers`) and a
 * write's `touches` (write-sync.ts) must produce the same string for the same thing, or the write
 * misses the answer. Collections (`models`, `prompts`, ...) are `COLLECTIONS` in public-cache.ts.
 */

/** Named by the member's new post (not a stealth one); shown by their profile, posts, Following tabs. */
export const userEntity = (userId: number) => `user:${userId}`;

/** Named by its likes, comments, edits, deletion; shown by its page, its comments, the lists showing it. */
export const postEntity = (postId: number) => `post:${postId}`;

/** Named by every write to the thread and its replies; shown by the thread and its reply pages. */
export const threadEntity = (threadId: number) => `thread:${threadId}`;

/** Named by a new thread in it and every write to one of its threads; shown by its thread lists. */
export const forumEntity = (forumId: number) => `forum:${forumId}`;

/** Named by no write (prompt writes name nothing: they empty everything); shown by the prompt's page. */
export const promptEntity = (promptId: number) => `prompt:${promptId}`;

/** Named by a new or edited post carrying the hashtag (any case); shown by Following tabs following it. */
export const tagEntity = (tag: string) => `tag:${tag.toLowerCase()}`;

/** Named by a new or edited post about the model; shown by Following tabs following the model. */
export const modelPostsEntity = (aiModel: string) => `model-posts:${aiModel}`;

/** Named by every change to the member's notices (`publishUnread`); shown by their kept list and count. */
export const notificationsEntity = (userId: number) => `notifications:${userId}`;

const LIKES = "likes:";

/** Named by the member's like or unlike of any post; shown by nothing kept: their kept likes (posts/liked.ts). */
export const likesEntity = (userId: number) => `${LIKES}${userId}`;

/** The member a `likesEntity` name is of, or null for any other name. */
export function memberOfLikesEntity(name: string): number | null {
  if (!name.startsWith(LIKES)) return null;
  const id = Number(name.slice(LIKES.length));
  return Number.isSafeInteger(id) ? id : null;
}
