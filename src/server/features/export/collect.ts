import { SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";
import { getNotificationPreferences } from "../notifications/public";

/**
 * Everything a member made or set, read for their export (docs/decisions/0107). Each query is
 * about the member's own rows (by their id, on the indexes the deletion also uses); other
 * members appear only by id and public username, never their email or anything private, and no
 * secret (password hash, 2FA secrets, recovery codes, sessions, passkeys) is read at all. The
 * member's own anonymous posts and comments are theirs: they are included, marked anonymous.
 */
export interface ExportData {
  files: Record<string, unknown>;
  /** Upload and avatar URLs of the member's images, copied into images/. */
  images: string[];
}

const rows = <T = Record<string, unknown>>(db: DbOrTx, query: SQL) => queryRows<T>(db, query);

/** A file of the export: one query's rows, or an object of named parts. */
type Part = SQL | { [name: string]: Part };

/**
 * The files of rows, by name: each query is about the member's own rows (other members by id and
 * public username only; the provider's own ids of subscriptions stay out).
 */
const rowFiles = (userId: number): Record<string, Part> => ({
  "posts.json": sql`SELECT id, content, ai_model AS "aiModel", rating, image, tags, is_anonymous AS "isAnonymous",
      likes, comments, views, created_at AS "createdAt", updated_at AS "updatedAt",
      hidden_at IS NOT NULL AS "hiddenByModerators"
      FROM posts WHERE author_id = ${userId} ORDER BY id`,
  "comments.json": {
    onPosts: sql`SELECT id, post_id AS "postId", parent_id AS "parentId", content, is_anonymous AS "isAnonymous",
        created_at AS "createdAt", edited_at AS "editedAt", deleted_at AS "deletedAt",
        hidden_at IS NOT NULL AS "hiddenByModerators"
        FROM post_comments WHERE author_id = ${userId} ORDER BY id`,
    onModels: sql`SELECT c.id, c.model_id AS "modelId", m.name AS "modelName", c.content, c.likes,
        c.created_at AS "createdAt"
        FROM model_comments c JOIN ai_models m ON m.id = c.model_id
        WHERE c.user_id = ${userId} ORDER BY c.id`,
  },
  "forum-threads.json": sql`SELECT t.id, t.forum_id AS "forumId", f.name AS "forumName", t.title, t.content,
      t.reply_count AS "replyCount", t.created_at AS "createdAt", t.edited_at AS "editedAt",
      t.hidden_at IS NOT NULL AS "hiddenByModerators"
      FROM forum_threads t JOIN forums f ON f.id = t.forum_id
      WHERE t.author_id = ${userId} ORDER BY t.id`,
  "forum-replies.json": sql`SELECT id, thread_id AS "threadId", content, created_at AS "createdAt", edited_at AS "editedAt",
      hidden_at IS NOT NULL AS "hiddenByModerators"
      FROM forum_replies WHERE author_id = ${userId} ORDER BY id`,
  "forum-memberships.json": sql`SELECT m.forum_id AS "forumId", f.name AS "forumName", m.joined_at AS "joinedAt"
      FROM forum_members m JOIN forums f ON f.id = m.forum_id
      WHERE m.user_id = ${userId} ORDER BY m.forum_id`,
  "prompts.json": sql`SELECT id, title, description, content, category, ai_model AS "aiModel", difficulty, tags,
      likes_count AS "likes", downloads_count AS "downloads", created_at AS "createdAt",
      hidden_at IS NOT NULL AS "hiddenByModerators"
      FROM prompts WHERE author_id = ${userId} ORDER BY id`,
  "ratings-and-reviews.json": sql`SELECT r.id, r.model_id AS "modelId", m.name AS "modelName", r.rating, r.review, r.pros, r.cons,
      r.used_for AS "usedFor", r.usage_duration AS "usageDuration",
      COALESCE(v.name, r.model_version) AS "modelVersion", r.anonymous, r.helpful, r.post_id AS "postId",
      r.created_at AS "createdAt"
      FROM model_ratings r JOIN ai_models m ON m.id = r.model_id
      LEFT JOIN model_versions v ON v.id = r.version_id
      WHERE r.user_id = ${userId} ORDER BY r.id`,
  "likes.json": {
    posts: sql`SELECT post_id AS "postId", created_at AS "likedAt" FROM post_likes
        WHERE user_id = ${userId} ORDER BY created_at`,
    models: sql`SELECT l.model_id AS "modelId", m.name AS "modelName", l.created_at AS "likedAt"
        FROM model_likes l JOIN ai_models m ON m.id = l.model_id
        WHERE l.user_id = ${userId} ORDER BY l.created_at`,
    prompts: sql`SELECT prompt_id AS "promptId", created_at AS "likedAt" FROM prompt_likes
        WHERE user_id = ${userId} ORDER BY created_at`,
    modelComments: sql`SELECT comment_id AS "commentId", created_at AS "likedAt" FROM model_comment_likes
        WHERE user_id = ${userId} ORDER BY created_at`,
    helpfulReviews: sql`SELECT review_id AS "reviewId", created_at AS "votedAt" FROM model_review_votes
        WHERE user_id = ${userId} ORDER BY created_at`,
  },
  "votes.json": {
    promptModels: sql`SELECT prompt_id AS "promptId", model, vote, created_at AS "votedAt" FROM prompt_model_votes
        WHERE user_id = ${userId} ORDER BY created_at`,
    arena: sql`SELECT battle_id AS "battleId", choice, created_at AS "votedAt" FROM arena_votes
        WHERE voter_id = ${userId} ORDER BY created_at`,
  },
  "follows.json": {
    following: sql`SELECT u.id, u.username, f.created_at AS "since"
        FROM follows f JOIN users u ON u.id = f.followee_id
        WHERE f.follower_id = ${userId} ORDER BY f.created_at`,
    followers: sql`SELECT u.id, u.username, f.created_at AS "since"
        FROM follows f JOIN users u ON u.id = f.follower_id
        WHERE f.followee_id = ${userId} ORDER BY f.created_at`,
  },
  "blocks-and-mutes.json": {
    blocked: sql`SELECT u.id, u.username, b.created_at AS "since"
        FROM blocks b JOIN users u ON u.id = b.blocked_id
        WHERE b.blocker_id = ${userId} ORDER BY b.created_at`,
    muted: sql`SELECT kind, target, created_at AS "since" FROM mutes WHERE user_id = ${userId} ORDER BY created_at`,
  },
  "saved.json": {
    items: sql`SELECT kind, item_id AS "itemId", created_at AS "savedAt" FROM saved_items
        WHERE user_id = ${userId} ORDER BY id`,
    models: sql`SELECT b.model_id AS "modelId", m.name AS "modelName", b.created_at AS "savedAt"
        FROM model_bookmarks b JOIN ai_models m ON m.id = b.model_id
        WHERE b.user_id = ${userId} ORDER BY b.created_at`,
  },
  "subscriptions.json": sql`SELECT id, plan, provider, status, is_current AS "isCurrent",
      cancel_at_period_end AS "cancelAtPeriodEnd", current_period_end AS "currentPeriodEnd",
      created_at AS "createdAt", updated_at AS "updatedAt"
      FROM subscriptions WHERE user_id = ${userId} ORDER BY id`,
});

async function read(db: DbOrTx, part: Part): Promise<unknown> {
  if (part instanceof SQL) return rows(db, part);
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(part)) out[name] = await read(db, inner);
  return out;
}

export async function collectMemberData(db: DbOrTx, userId: number): Promise<ExportData | null> {
  const [profile] = await rows<{ avatar: string | null }>(
    db,
    sql`SELECT id, username, email, avatar, bio, generation, favorite_models AS "favoriteModels",
               accent_color AS "accentColor", role, subscription_tier AS "subscriptionTier",
               subscription_status AS "subscriptionStatus",
               subscription_expires_at AS "subscriptionExpiresAt",
               email_verified_at AS "emailVerifiedAt", created_at AS "createdAt", updated_at AS "updatedAt"
        FROM users WHERE id = ${userId}`,
  );
  if (!profile) return null;

  const files: Record<string, unknown> = { "profile.json": profile };
  for (const [name, part] of Object.entries(rowFiles(userId))) files[name] = await read(db, part);

  const [security] = await rows<{ newBrowserEmail: boolean }>(
    db,
    sql`SELECT new_browser_email AS "newBrowserEmail" FROM security_preferences WHERE user_id = ${userId}`,
  );
  const settings = {
    notifications: await getNotificationPreferences(db, userId),
    emailOnSignInFromNewBrowser: security?.newBrowserEmail ?? true,
  };
  files["settings.json"] = settings;

  const posts = files["posts.json"] as { image: string | null }[];
  const images = [...new Set([profile.avatar, ...posts.map((p) => p.image)].filter((u): u is string => !!u))];
  return { images, files };
}
