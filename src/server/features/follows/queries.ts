import { and, eq, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";
import { follows, users } from "../../db/schema";

export async function isFollowing(db: DbOrTx, followerId: number, followeeId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Adds the follow and, only when the row is new, both counters — in the caller's transaction,
 * so the counts are exact however many requests race. Answers whether it was new.
 */
export async function addFollow(
  db: DbOrTx,
  followerId: number,
  followeeId: number,
  at: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(follows)
    .values({ followerId, followeeId, createdAt: at })
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  if (inserted.length === 0) return false;
  await bumpCounters(db, followerId, followeeId, 1);
  return true;
}

/** One statement for both members, so two members following each other at once cannot deadlock. */
async function bumpCounters(
  db: DbOrTx,
  followerId: number,
  followeeId: number,
  delta: 1 | -1,
): Promise<void> {
  await db.execute(
    sql`UPDATE users SET
          followers_count = greatest(followers_count + CASE WHEN id = ${followeeId} THEN ${delta}::int ELSE 0 END, 0),
          following_count = greatest(following_count + CASE WHEN id = ${followerId} THEN ${delta}::int ELSE 0 END, 0)
        WHERE id IN (${followerId}, ${followeeId})`,
  );
}

export async function removeFollow(db: DbOrTx, followerId: number, followeeId: number): Promise<boolean> {
  const deleted = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ followerId: follows.followerId });
  if (deleted.length === 0) return false;
  await bumpCounters(db, followerId, followeeId, -1);
  return true;
}

export async function followersCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: users.followersCount }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.n ?? 0;
}

export interface FollowListRow {
  id: number;
  username: string;
  avatar: string | null;
  bio: string;
  generation: string;
  followers_count: number;
}

/**
 * Members following `userId` (direction "followers") or followed by them ("following"), most
 * recent first. `cursor` is the last member id seen; the keyset is (followed at, member id).
 */
export function listFollows(
  db: DbOrTx,
  userId: number,
  direction: "followers" | "following",
  opts: { limit: number; cursor?: number },
): Promise<FollowListRow[]> {
  const [self, other] =
    direction === "followers"
      ? [sql`f.followee_id`, sql`f.follower_id`]
      : [sql`f.follower_id`, sql`f.followee_id`];
  const after = opts.cursor
    ? sql`AND (f.created_at, ${other}) < (
        SELECT c.created_at, ${direction === "followers" ? sql`c.follower_id` : sql`c.followee_id`}
        FROM follows c
        WHERE ${direction === "followers" ? sql`c.followee_id` : sql`c.follower_id`} = ${userId}
          AND ${direction === "followers" ? sql`c.follower_id` : sql`c.followee_id`} = ${opts.cursor})`
    : sql``;
  return queryRows<FollowListRow>(
    db,
    sql`SELECT u.id, u.username, u.avatar, u.bio, u.generation, u.followers_count
        FROM follows f JOIN users u ON u.id = ${other}
        WHERE ${self} = ${userId} ${after}
        ORDER BY f.created_at DESC, ${other} DESC
        LIMIT ${opts.limit}`,
  );
}

/** Recomputes both counters of the given members from the follow rows (account deletion). */
export async function recountFollows(db: DbOrTx, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(
    sql`UPDATE users SET
          followers_count = (SELECT count(*)::int FROM follows WHERE followee_id = users.id),
          following_count = (SELECT count(*)::int FROM follows WHERE follower_id = users.id)
        WHERE id IN (${ids})`,
  );
}
