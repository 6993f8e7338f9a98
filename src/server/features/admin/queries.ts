import { and, desc, eq, gt, isNotNull, lt, or, sql } from "drizzle-orm";
import type { ModerationSettings } from "../../../common/moderation";
import { type DbOrTx, queryRows } from "../../db/connect";
import { moderationActions, moderationSettings, type UserRow, users } from "../../db/schema";

/** How far back "rate limited users" looks at the pipeline's refusals. */
export const RATE_LIMITED_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * SPEC §3 moderation stats. blockedPosts: refusals of the pipeline that blocked a text (any kind:
 * post, comment, thread, reply, prompt). rateLimitedUsers: members refused for posting too fast
 * in the last 24 hours, plus members an admin has rate-limited until a time still ahead.
 * bannedUsers: members currently banned. Each count uses an index (see 0009_admin.sql).
 */
export async function readStats(db: DbOrTx, now: Date) {
  const since = new Date(now.getTime() - RATE_LIMITED_WINDOW_MS).toISOString();
  const nowIso = now.toISOString();
  const [row] = await queryRows<{
    total_posts: number;
    blocked_posts: number;
    rate_limited_users: number;
    banned_users: number;
  }>(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM posts) AS total_posts,
          (SELECT count(*)::int FROM moderation_actions WHERE action LIKE '%blocked%') AS blocked_posts,
          (SELECT count(*)::int FROM (
             SELECT user_id FROM moderation_actions
              WHERE action LIKE '%rate limited%' AND created_at > ${since}::timestamptz AND user_id IS NOT NULL
             UNION
             SELECT id FROM users WHERE rate_limited_until > ${nowIso}::timestamptz
           ) AS limited) AS rate_limited_users,
          (SELECT count(*)::int FROM users WHERE banned_at IS NOT NULL) AS banned_users`,
  );
  return {
    totalPosts: row?.total_posts ?? 0,
    blockedPosts: row?.blocked_posts ?? 0,
    rateLimitedUsers: row?.rate_limited_users ?? 0,
    bannedUsers: row?.banned_users ?? 0,
  };
}

/** The pipeline's refusals, newest first, with the member's name. */
export function listActions(db: DbOrTx, opts: { limit: number; cursor?: number }) {
  return db
    .select({
      id: moderationActions.id,
      action: moderationActions.action,
      reason: moderationActions.reason,
      content: moderationActions.content,
      createdAt: moderationActions.createdAt,
      username: users.username,
    })
    .from(moderationActions)
    .leftJoin(users, eq(users.id, moderationActions.userId))
    .where(opts.cursor ? lt(moderationActions.id, opts.cursor) : undefined)
    .orderBy(desc(moderationActions.id))
    .limit(opts.limit);
}
export type ActionRow = Awaited<ReturnType<typeof listActions>>[number];

/** The single settings row (id = 1), created when missing. */
export async function writeSettings(db: DbOrTx, values: ModerationSettings, now: Date): Promise<void> {
  await db
    .insert(moderationSettings)
    .values({ id: 1, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: moderationSettings.id, set: { ...values, updatedAt: now } });
}

// ---------------------------------------------------------------- members

export async function findMember(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Administrators who can still sign in: role admin or a verified ADMIN_EMAILS address, not banned. */
export async function countActiveAdmins(db: DbOrTx, adminEmails: string[]): Promise<number> {
  const byEmail =
    adminEmails.length > 0
      ? sql`${users.emailVerifiedAt} is not null and lower(${users.email}) in (${sql.join(
          adminEmails.map((e) => sql`${e.toLowerCase()}`),
          sql`, `,
        )})`
      : sql`false`;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(sql`${users.bannedAt} is null`, or(eq(users.role, "admin"), byEmail)));
  return row?.n ?? 0;
}

export async function setBanned(db: DbOrTx, id: number, bannedAt: Date | null): Promise<boolean> {
  const rows = await db.update(users).set({ bannedAt }).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function setRateLimitedUntil(db: DbOrTx, id: number, until: Date | null): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ rateLimitedUntil: until })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Members for the admin list: restricted ones (banned or limited now) or everyone; newest id first. */
export function listMembers(
  db: DbOrTx,
  opts: { limit: number; cursor?: number; restricted: boolean; q?: string; now: Date },
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        opts.cursor ? lt(users.id, opts.cursor) : undefined,
        opts.restricted ? or(isNotNull(users.bannedAt), gt(users.rateLimitedUntil, opts.now)) : undefined,
        opts.q
          ? sql`${users.username} ilike ${`%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
          : undefined,
      ),
    )
    .orderBy(desc(users.id))
    .limit(opts.limit);
}
