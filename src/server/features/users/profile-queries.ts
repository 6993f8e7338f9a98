import { and, desc, eq, lt, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";
import { posts, users } from "../../db/schema";
import { visible, visibleSql } from "../moderation/public";

/**
 * Profile figures. `own` is true when members look at themselves: anonymous (stealth) posts
 * and comments count and show only then, so a profile never unmasks them.
 */
export async function profileStats(db: DbOrTx, userId: number, own: boolean) {
  const [row] = await queryRows<{
    posts: number;
    post_likes: number;
    prompt_likes: number;
    ratings: number;
    prompts: number;
    threads: number;
  }>(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM posts p WHERE p.author_id = ${userId}
             AND (${own}::boolean OR (NOT p.is_anonymous AND ${visibleSql.post("p")}))) AS posts,
          (SELECT coalesce(sum(p.likes), 0)::int FROM posts p WHERE p.author_id = ${userId}
             AND (${own}::boolean OR (NOT p.is_anonymous AND ${visibleSql.post("p")}))) AS post_likes,
          (SELECT coalesce(sum(p.likes_count), 0)::int FROM prompts p WHERE p.author_id = ${userId}
             AND (${own}::boolean OR ${visibleSql.prompt("p")})) AS prompt_likes,
          (SELECT count(*)::int FROM model_ratings r
             WHERE r.user_id = ${userId}
               AND (${own}::boolean OR r.post_id IS NULL
                    OR NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = r.post_id AND p.is_anonymous))) AS ratings,
          (SELECT count(*)::int FROM prompts p WHERE p.author_id = ${userId}
             AND (${own}::boolean OR ${visibleSql.prompt("p")})) AS prompts,
          (SELECT count(*)::int FROM forum_threads t WHERE t.author_id = ${userId}
             AND (${own}::boolean OR ${visibleSql.thread("t")})) AS threads`,
  );
  return {
    posts: Number(row?.posts ?? 0),
    likesReceived: Number(row?.post_likes ?? 0) + Number(row?.prompt_likes ?? 0),
    ratings: Number(row?.ratings ?? 0),
    prompts: Number(row?.prompts ?? 0),
    threads: Number(row?.threads ?? 0),
  };
}

export interface ActivityRow {
  kind: string;
  id: number;
  text: string;
  url: string;
  created_at: Date | string;
}

/** The member's latest contributions across the site, newest first (each branch uses its author index). */
export function recentActivity(
  db: DbOrTx,
  userId: number,
  own: boolean,
  limit: number,
): Promise<ActivityRow[]> {
  return queryRows<ActivityRow>(
    db,
    sql`SELECT * FROM (
          (SELECT 'post' AS kind, id, content AS text, '/post/' || id AS url, created_at
             FROM posts p WHERE p.author_id = ${userId}
               AND (${own}::boolean OR (NOT p.is_anonymous AND ${visibleSql.post("p")}))
             ORDER BY id DESC LIMIT ${limit})
          UNION ALL
          (SELECT 'comment', c.id, c.content, '/post/' || c.post_id, c.created_at
             FROM post_comments c WHERE c.author_id = ${userId} AND c.deleted_at IS NULL
               AND (${own}::boolean OR (NOT c.is_anonymous AND ${visibleSql.comment("c")}))
             ORDER BY c.id DESC LIMIT ${limit})
          UNION ALL
          (SELECT 'thread', t.id, t.title, '/forums/' || t.forum_id || '?thread=' || t.id, t.created_at
             FROM forum_threads t WHERE t.author_id = ${userId} AND (${own}::boolean OR ${visibleSql.thread("t")})
             ORDER BY t.id DESC LIMIT ${limit})
          UNION ALL
          (SELECT 'reply', r.id, r.content, '/forums/' || t.forum_id || '?thread=' || r.thread_id, r.created_at
             FROM forum_replies r JOIN forum_threads t ON t.id = r.thread_id
             WHERE r.author_id = ${userId} AND (${own}::boolean OR ${visibleSql.reply("r", "t")})
             ORDER BY r.id DESC LIMIT ${limit})
          UNION ALL
          (SELECT 'prompt', p.id, p.title, '/prompts?prompt=' || p.id, p.created_at
             FROM prompts p WHERE p.author_id = ${userId} AND (${own}::boolean OR ${visibleSql.prompt("p")})
             ORDER BY p.id DESC LIMIT ${limit})
          UNION ALL
          (SELECT 'rating', r.id, m.name || ': ' || r.rating || '/5', '/ai-models/' || m.slug, r.created_at
             FROM model_ratings r JOIN ai_models m ON m.id = r.model_id
             WHERE r.user_id = ${userId}
               AND (${own}::boolean OR r.post_id IS NULL
                    OR NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = r.post_id AND p.is_anonymous))
             ORDER BY r.id DESC LIMIT ${limit})
          UNION ALL
          (SELECT 'model-comment', c.id, m.name || ': ' || c.content, '/ai-models/' || m.slug, c.created_at
             FROM model_comments c JOIN ai_models m ON m.id = c.model_id WHERE c.user_id = ${userId}
             ORDER BY c.id DESC LIMIT ${limit})
        ) a
        ORDER BY created_at DESC
        LIMIT ${limit}`,
  );
}

/**
 * The member's posts, newest first, in the posts feature's row shape: for `own` (their author)
 * the anonymous and hidden ones too. The same rows for every other viewer: a viewer's likes are
 * looked up apart (the posts feature's kept likes).
 */
export function postsByAuthor(
  db: DbOrTx,
  authorId: number,
  own: boolean,
  opts: { limit: number; cursor?: number },
) {
  return db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      content: posts.content,
      aiModel: posts.aiModel,
      rating: posts.rating,
      image: posts.image,
      tags: posts.tags,
      isAnonymous: posts.isAnonymous,
      likes: posts.likes,
      comments: posts.comments,
      views: posts.views,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      hiddenAt: posts.hiddenAt,
      authorUsername: users.username,
      authorAvatar: users.avatar,
      authorGeneration: users.generation,
      // The row's own: a viewer's like is the presenter's (postsJson).
      isLiked: sql<boolean>`false`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        eq(posts.authorId, authorId),
        own ? undefined : eq(posts.isAnonymous, false),
        own ? undefined : visible.post(),
        opts.cursor ? lt(posts.id, opts.cursor) : undefined,
      ),
    )
    .orderBy(desc(posts.id))
    .limit(opts.limit);
}
