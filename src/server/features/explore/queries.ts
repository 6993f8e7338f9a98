import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";
import { visibleSql } from "../moderation/public";
import { SYSTEM_AUTHOR } from "../prompts/public";

/**
 * The best rated models of each category by the Bayesian score (decision 0097; the catalog is
 * small: one pass with a window). Retired models are no pick (decision 0116).
 */
export function topModelsByCategory(db: DbOrTx, perCategory: number) {
  return queryRows<{
    category: string;
    id: number;
    slug: string;
    name: string;
    company: string;
    rating: number;
    reviewCount: number;
    score: number;
  }>(
    db,
    sql`select category, id, slug, name, company, rating, "reviewCount", score from (
        select category, id, slug, name, company, rating, review_count as "reviewCount", score,
          row_number() over (partition by category order by score desc, review_count desc, likes desc, lower(name)) as rank
        from ai_models where retired_at is null
      ) m
      where rank <= ${perCategory}
      order by category, rank`,
  );
}

/** Forums with the latest activity (forums_activity_idx). */
export function activeForums(db: DbOrTx, limit: number) {
  return queryRows<{
    id: number;
    name: string;
    description: string;
    aiModel: string;
    postCount: number;
    memberCount: number;
    lastActivityAt: Date | string;
  }>(
    db,
    sql`select id, name, description, ai_model as "aiModel", post_count as "postCount",
        member_count as "memberCount", last_activity_at as "lastActivityAt"
      from forums order by last_activity_at desc, id desc limit ${limit}`,
  );
}

/** The most liked prompts, then the most copied (prompts_likes_idx). */
export function popularPrompts(db: DbOrTx, limit: number) {
  return queryRows<{
    id: number;
    title: string;
    description: string;
    category: string;
    likes: number;
    downloads: number;
    author: string;
  }>(
    db,
    sql`select p.id, p.title, p.description, p.category, p.likes_count as likes,
        p.downloads_count as downloads, u.username as author
      from prompts p join users u on u.id = p.author_id
      where ${visibleSql.prompt("p")}
      order by p.likes_count desc, p.downloads_count desc, p.id desc limit ${limit}`,
  );
}

export interface SuggestionRow {
  id: number;
  username: string;
  avatar: string | null;
  bio: string;
  generation: string;
  followersCount: number;
  followedByYourFollows: number;
}

/**
 * Members followed by the members `viewerId` follows, most shared first; never the viewer or
 * someone they already follow.
 */
export function networkSuggestions(db: DbOrTx, viewerId: number, limit: number) {
  return queryRows<SuggestionRow>(
    db,
    sql`select u.id, u.username, u.avatar, u.bio, u.generation, u.followers_count as "followersCount",
        s.n as "followedByYourFollows"
      from (
        select f2.followee_id as id, count(*)::int as n
        from follows f1 join follows f2 on f2.follower_id = f1.followee_id
        where f1.follower_id = ${viewerId} and f2.followee_id <> ${viewerId}
          and not exists (select 1 from follows f3 where f3.follower_id = ${viewerId} and f3.followee_id = f2.followee_id)
        group by f2.followee_id
      ) s join users u on u.id = s.id
      order by s.n desc, u.followers_count desc, u.id asc
      limit ${limit}`,
  );
}

/** The most followed members (users_followers_idx), leaving out the viewer, who they follow and `exclude`. */
export function popularMembers(db: DbOrTx, viewerId: number | null, exclude: number[], limit: number) {
  const skip =
    exclude.length > 0
      ? sql`and u.id not in (${sql.join(
          exclude.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const notFollowed =
    viewerId === null
      ? sql``
      : sql`and u.id <> ${viewerId}
          and not exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = u.id)`;
  return queryRows<SuggestionRow>(
    db,
    sql`select u.id, u.username, u.avatar, u.bio, u.generation, u.followers_count as "followersCount",
        0 as "followedByYourFollows"
      from users u
      where u.email <> ${SYSTEM_AUTHOR.email} ${notFollowed} ${skip}
      order by u.followers_count desc, u.id desc
      limit ${limit}`,
  );
}
