import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";
import { SYSTEM_AUTHOR } from "../prompts/public";

export interface CreatorRow {
  id: number;
  username: string;
  avatar: string | null;
  bio: string;
  generation: string;
  followersCount: number;
  likesReceived: number;
  isFollowing: boolean;
}

/**
 * Members by followers, then likes received on their public posts (creator_stats, kept by the
 * posts trigger of migration 0010), then id. `cursor` is the last member id seen: the next page
 * starts after that member's place in the same ordering (keyset on the three keys).
 */
export function listCreators(
  db: DbOrTx,
  viewerId: number | null,
  opts: { generation?: string; limit: number; cursor?: number },
) {
  const isFollowing =
    viewerId === null
      ? sql`false`
      : sql`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = u.id)`;
  const generation = opts.generation ? sql`and u.generation = ${opts.generation}` : sql``;
  const after = opts.cursor
    ? sql`and exists (
        select 1 from users cu left join creator_stats ccs on ccs.user_id = cu.id
        where cu.id = ${opts.cursor} and (
          u.followers_count < cu.followers_count
          or (u.followers_count = cu.followers_count and coalesce(cs.likes_received, 0) < coalesce(ccs.likes_received, 0))
          or (u.followers_count = cu.followers_count and coalesce(cs.likes_received, 0) = coalesce(ccs.likes_received, 0) and u.id > cu.id)
        )
      )`
    : sql``;
  return queryRows<CreatorRow>(
    db,
    sql`select u.id, u.username, u.avatar, u.bio, u.generation, u.followers_count as "followersCount",
        coalesce(cs.likes_received, 0) as "likesReceived", ${isFollowing} as "isFollowing"
      from users u left join creator_stats cs on cs.user_id = u.id
      where u.email <> ${SYSTEM_AUTHOR.email} ${generation} ${after}
      order by u.followers_count desc, coalesce(cs.likes_received, 0) desc, u.id asc
      limit ${opts.limit}`,
  );
}
