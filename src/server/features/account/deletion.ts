import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";
import { lockModel, recomputeRating } from "../ai-models/public";

/** What a deletion touched that lives outside the database (files removed after commit). */
export interface DeletionResult {
  avatar: string | null;
  postImages: string[];
}

const ids = (rows: { id: number }[]) => [...new Set(rows.map((r) => Number(r.id)))];
const list = (values: number[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

async function collect(db: DbOrTx, query: SQL): Promise<number[]> {
  return ids(await queryRows<{ id: number }>(db, query));
}

/**
 * Deletes a member and everything they wrote, inside the caller's transaction, and recomputes
 * every counter other members see that their rows fed: likes and comment counts of posts,
 * thread replies and forum posts/threads/members, model likes/ratings/reviews and comment
 * likes, prompt likes and downloads, and followers/following of the members they were linked
 * to. Every table referencing users cascades (or sets null on shared things: forums they
 * created, moderation records); the affected ids are collected before the delete.
 */
export async function deleteMemberData(db: DbOrTx, userId: number): Promise<DeletionResult> {
  const [user] = await queryRows<{ avatar: string | null }>(
    db,
    sql`SELECT avatar FROM users WHERE id = ${userId}`,
  );

  // Lock the member row first: concurrent likes or follows by them wait, then fail on the FK.
  await db.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);

  const postIds = await collect(
    db,
    sql`SELECT l.post_id AS id FROM post_likes l JOIN posts p ON p.id = l.post_id
        WHERE l.user_id = ${userId} AND p.author_id <> ${userId}
        UNION SELECT c.post_id FROM post_comments c JOIN posts p ON p.id = c.post_id
        WHERE c.author_id = ${userId} AND p.author_id <> ${userId}`,
  );
  const threadIds = await collect(
    db,
    sql`SELECT r.thread_id AS id FROM forum_replies r JOIN forum_threads t ON t.id = r.thread_id
        WHERE r.author_id = ${userId} AND t.author_id <> ${userId}
        UNION SELECT id FROM forum_threads WHERE last_reply_author_id = ${userId} AND author_id <> ${userId}`,
  );
  const forumIds = await collect(
    db,
    sql`SELECT forum_id AS id FROM forum_members WHERE user_id = ${userId}
        UNION SELECT forum_id FROM forum_threads WHERE author_id = ${userId}
        UNION SELECT t.forum_id FROM forum_replies r JOIN forum_threads t ON t.id = r.thread_id
        WHERE r.author_id = ${userId}`,
  );
  const modelIds = await collect(
    db,
    sql`SELECT model_id AS id FROM model_likes WHERE user_id = ${userId}
        UNION SELECT model_id FROM model_ratings WHERE user_id = ${userId}`,
  );
  // Reviews by others the member marked helpful (their votes go with the member).
  const reviewIds = await collect(
    db,
    sql`SELECT v.review_id AS id FROM model_review_votes v JOIN model_ratings r ON r.id = v.review_id
        WHERE v.user_id = ${userId} AND r.user_id <> ${userId}`,
  );
  const modelCommentIds = await collect(
    db,
    sql`SELECT l.comment_id AS id FROM model_comment_likes l JOIN model_comments c ON c.id = l.comment_id
        WHERE l.user_id = ${userId} AND c.user_id <> ${userId}`,
  );
  const promptIds = await collect(
    db,
    sql`SELECT l.prompt_id AS id FROM prompt_likes l JOIN prompts p ON p.id = l.prompt_id
        WHERE l.user_id = ${userId} AND p.author_id <> ${userId}
        UNION SELECT d.prompt_id FROM prompt_downloads d JOIN prompts p ON p.id = d.prompt_id
        WHERE d.user_id = ${userId} AND p.author_id <> ${userId}`,
  );
  const memberIds = await collect(
    db,
    sql`SELECT followee_id AS id FROM follows WHERE follower_id = ${userId}
        UNION SELECT follower_id FROM follows WHERE followee_id = ${userId}`,
  );
  const images = await queryRows<{ image: string }>(
    db,
    sql`SELECT DISTINCT image FROM posts WHERE author_id = ${userId} AND image IS NOT NULL`,
  );

  // Queued digest mails that name this member as the actor go too.
  await db.execute(sql`DELETE FROM mail_digest_items WHERE actor_id = ${userId}`);
  await db.execute(sql`DELETE FROM users WHERE id = ${userId}`);

  if (postIds.length > 0) {
    await db.execute(
      sql`UPDATE posts SET
            likes = (SELECT count(*)::int FROM post_likes WHERE post_id = posts.id),
            comments = (SELECT count(*)::int FROM post_comments WHERE post_id = posts.id AND hidden_at IS NULL)
          WHERE id IN (${list(postIds)})`,
    );
  }
  if (threadIds.length > 0) {
    await db.execute(
      sql`UPDATE forum_threads t SET
            reply_count = (SELECT count(*)::int FROM forum_replies r WHERE r.thread_id = t.id),
            last_reply_author_id = (SELECT r.author_id FROM forum_replies r WHERE r.thread_id = t.id
                                    ORDER BY r.id DESC LIMIT 1)
          WHERE t.id IN (${list(threadIds)})`,
    );
  }
  if (forumIds.length > 0) {
    await db.execute(
      sql`UPDATE forums f SET
            member_count = (SELECT count(*)::int FROM forum_members m WHERE m.forum_id = f.id),
            thread_count = (SELECT count(*)::int FROM forum_threads t WHERE t.forum_id = f.id),
            post_count = (SELECT count(*)::int FROM forum_threads t WHERE t.forum_id = f.id)
                       + (SELECT count(*)::int FROM forum_replies r JOIN forum_threads t ON t.id = r.thread_id
                          WHERE t.forum_id = f.id)
          WHERE f.id IN (${list(forumIds)})`,
    );
  }
  if (modelIds.length > 0) {
    await db.execute(
      sql`UPDATE ai_models m SET
            likes = (SELECT count(*)::int FROM model_likes l WHERE l.model_id = m.id)
          WHERE m.id IN (${list(modelIds)})`,
    );
    // The directory's own recount: shown ratings only, with the star distribution and the score.
    const sorted = [...modelIds].sort((a, b) => a - b);
    for (const id of sorted) await lockModel(db, id);
    for (const id of sorted) await recomputeRating(db, id);
  }
  if (reviewIds.length > 0) {
    await db.execute(
      sql`UPDATE model_ratings r SET
            helpful = (SELECT count(*)::int FROM model_review_votes v WHERE v.review_id = r.id)
          WHERE r.id IN (${list(reviewIds)})`,
    );
  }
  if (modelCommentIds.length > 0) {
    await db.execute(
      sql`UPDATE model_comments c SET
            likes = (SELECT count(*)::int FROM model_comment_likes l WHERE l.comment_id = c.id)
          WHERE c.id IN (${list(modelCommentIds)})`,
    );
  }
  if (promptIds.length > 0) {
    await db.execute(
      sql`UPDATE prompts p SET
            likes_count = (SELECT count(*)::int FROM prompt_likes l WHERE l.prompt_id = p.id),
            downloads_count = (SELECT count(*)::int FROM prompt_downloads d WHERE d.prompt_id = p.id)
          WHERE p.id IN (${list(promptIds)})`,
    );
  }
  if (memberIds.length > 0) {
    await db.execute(
      sql`UPDATE users SET
            followers_count = (SELECT count(*)::int FROM follows WHERE followee_id = users.id),
            following_count = (SELECT count(*)::int FROM follows WHERE follower_id = users.id)
          WHERE id IN (${list(memberIds)})`,
    );
  }
  return { avatar: user?.avatar ?? null, postImages: images.map((r) => r.image) };
}

/** Whether the member pays through Stripe right now (they must cancel before deleting). */
export async function hasActivePaidSubscription(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM subscriptions
        WHERE user_id = ${userId} AND is_current AND provider = 'stripe'
          AND status IN ('active', 'trialing', 'past_due', 'incomplete') AND NOT cancel_at_period_end
        LIMIT 1`,
  );
  return rows.length > 0;
}
