import { type SQL, sql } from "drizzle-orm";
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

  const posts = await rows<{ image: string | null }>(
    db,
    sql`SELECT id, content, ai_model AS "aiModel", rating, image, tags, is_anonymous AS "isAnonymous",
               likes, comments, views, created_at AS "createdAt", updated_at AS "updatedAt",
               hidden_at IS NOT NULL AS "hiddenByModerators"
        FROM posts WHERE author_id = ${userId} ORDER BY id`,
  );
  const postComments = await rows(
    db,
    sql`SELECT id, post_id AS "postId", parent_id AS "parentId", content, is_anonymous AS "isAnonymous",
               created_at AS "createdAt", edited_at AS "editedAt", deleted_at AS "deletedAt",
               hidden_at IS NOT NULL AS "hiddenByModerators"
        FROM post_comments WHERE author_id = ${userId} ORDER BY id`,
  );
  const modelComments = await rows(
    db,
    sql`SELECT c.id, c.model_id AS "modelId", m.name AS "modelName", c.content, c.likes,
               c.created_at AS "createdAt"
        FROM model_comments c JOIN ai_models m ON m.id = c.model_id
        WHERE c.user_id = ${userId} ORDER BY c.id`,
  );
  const threads = await rows(
    db,
    sql`SELECT t.id, t.forum_id AS "forumId", f.name AS "forumName", t.title, t.content,
               t.reply_count AS "replyCount", t.created_at AS "createdAt", t.edited_at AS "editedAt",
               t.hidden_at IS NOT NULL AS "hiddenByModerators"
        FROM forum_threads t JOIN forums f ON f.id = t.forum_id
        WHERE t.author_id = ${userId} ORDER BY t.id`,
  );
  const replies = await rows(
    db,
    sql`SELECT id, thread_id AS "threadId", content, created_at AS "createdAt", edited_at AS "editedAt",
               hidden_at IS NOT NULL AS "hiddenByModerators"
        FROM forum_replies WHERE author_id = ${userId} ORDER BY id`,
  );
  const forumMemberships = await rows(
    db,
    sql`SELECT m.forum_id AS "forumId", f.name AS "forumName", m.joined_at AS "joinedAt"
        FROM forum_members m JOIN forums f ON f.id = m.forum_id
        WHERE m.user_id = ${userId} ORDER BY m.forum_id`,
  );
  const prompts = await rows(
    db,
    sql`SELECT id, title, description, content, category, ai_model AS "aiModel", difficulty, tags,
               likes_count AS "likes", downloads_count AS "downloads", created_at AS "createdAt",
               hidden_at IS NOT NULL AS "hiddenByModerators"
        FROM prompts WHERE author_id = ${userId} ORDER BY id`,
  );
  const ratings = await rows(
    db,
    sql`SELECT r.id, r.model_id AS "modelId", m.name AS "modelName", r.rating, r.review, r.pros, r.cons,
               r.used_for AS "usedFor", r.usage_duration AS "usageDuration",
               r.model_version AS "modelVersion", r.anonymous, r.helpful, r.post_id AS "postId",
               r.created_at AS "createdAt"
        FROM model_ratings r JOIN ai_models m ON m.id = r.model_id
        WHERE r.user_id = ${userId} ORDER BY r.id`,
  );
  const likes = {
    posts: await rows(
      db,
      sql`SELECT post_id AS "postId", created_at AS "likedAt" FROM post_likes
          WHERE user_id = ${userId} ORDER BY created_at`,
    ),
    models: await rows(
      db,
      sql`SELECT l.model_id AS "modelId", m.name AS "modelName", l.created_at AS "likedAt"
          FROM model_likes l JOIN ai_models m ON m.id = l.model_id
          WHERE l.user_id = ${userId} ORDER BY l.created_at`,
    ),
    prompts: await rows(
      db,
      sql`SELECT prompt_id AS "promptId", created_at AS "likedAt" FROM prompt_likes
          WHERE user_id = ${userId} ORDER BY created_at`,
    ),
    modelComments: await rows(
      db,
      sql`SELECT comment_id AS "commentId", created_at AS "likedAt" FROM model_comment_likes
          WHERE user_id = ${userId} ORDER BY created_at`,
    ),
    helpfulReviews: await rows(
      db,
      sql`SELECT review_id AS "reviewId", created_at AS "votedAt" FROM model_review_votes
          WHERE user_id = ${userId} ORDER BY created_at`,
    ),
  };
  // Other members by id and public username only.
  const follows = {
    following: await rows(
      db,
      sql`SELECT u.id, u.username, f.created_at AS "since"
          FROM follows f JOIN users u ON u.id = f.followee_id
          WHERE f.follower_id = ${userId} ORDER BY f.created_at`,
    ),
    followers: await rows(
      db,
      sql`SELECT u.id, u.username, f.created_at AS "since"
          FROM follows f JOIN users u ON u.id = f.follower_id
          WHERE f.followee_id = ${userId} ORDER BY f.created_at`,
    ),
  };
  const blocksAndMutes = {
    blocked: await rows(
      db,
      sql`SELECT u.id, u.username, b.created_at AS "since"
          FROM blocks b JOIN users u ON u.id = b.blocked_id
          WHERE b.blocker_id = ${userId} ORDER BY b.created_at`,
    ),
    muted: await rows(
      db,
      sql`SELECT kind, target, created_at AS "since" FROM mutes WHERE user_id = ${userId} ORDER BY created_at`,
    ),
  };
  const saved = {
    items: await rows(
      db,
      sql`SELECT kind, item_id AS "itemId", created_at AS "savedAt" FROM saved_items
          WHERE user_id = ${userId} ORDER BY id`,
    ),
    models: await rows(
      db,
      sql`SELECT b.model_id AS "modelId", m.name AS "modelName", b.created_at AS "savedAt"
          FROM model_bookmarks b JOIN ai_models m ON m.id = b.model_id
          WHERE b.user_id = ${userId} ORDER BY b.created_at`,
    ),
  };
  const [security] = await rows<{ newBrowserEmail: boolean }>(
    db,
    sql`SELECT new_browser_email AS "newBrowserEmail" FROM security_preferences WHERE user_id = ${userId}`,
  );
  const settings = {
    notifications: await getNotificationPreferences(db, userId),
    emailOnSignInFromNewBrowser: security?.newBrowserEmail ?? true,
  };
  // The provider's own ids stay out: the history says what was paid for and when.
  const subscriptions = await rows(
    db,
    sql`SELECT id, plan, provider, status, is_current AS "isCurrent",
               cancel_at_period_end AS "cancelAtPeriodEnd", current_period_end AS "currentPeriodEnd",
               created_at AS "createdAt", updated_at AS "updatedAt"
        FROM subscriptions WHERE user_id = ${userId} ORDER BY id`,
  );
  const votes = {
    promptModels: await rows(
      db,
      sql`SELECT prompt_id AS "promptId", model, vote, created_at AS "votedAt" FROM prompt_model_votes
          WHERE user_id = ${userId} ORDER BY created_at`,
    ),
    arena: await rows(
      db,
      sql`SELECT battle_id AS "battleId", choice, created_at AS "votedAt" FROM arena_votes
          WHERE voter_id = ${userId} ORDER BY created_at`,
    ),
  };

  const images = [...new Set([profile.avatar, ...posts.map((p) => p.image)].filter((u): u is string => !!u))];
  return {
    images,
    files: {
      "profile.json": profile,
      "posts.json": posts,
      "comments.json": { onPosts: postComments, onModels: modelComments },
      "forum-threads.json": threads,
      "forum-replies.json": replies,
      "forum-memberships.json": forumMemberships,
      "prompts.json": prompts,
      "ratings-and-reviews.json": ratings,
      "likes.json": likes,
      "votes.json": votes,
      "follows.json": follows,
      "blocks-and-mutes.json": blocksAndMutes,
      "saved.json": saved,
      "settings.json": settings,
      "subscriptions.json": subscriptions,
    },
  };
}
