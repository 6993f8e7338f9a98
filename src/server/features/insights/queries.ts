import { sql } from "drizzle-orm";
import { GENERATIONS } from "../../../common/constants";
import { type DbOrTx, queryRows } from "../../db/connect";
import { visibleSql } from "../moderation/public";
import { SYSTEM_AUTHOR } from "../prompts/public";

const generationList = sql`(values ${sql.join(
  GENERATIONS.map((g) => sql`(${g})`),
  sql`, `,
)}) as g(generation)`;

/**
 * Members per generation (an index-only scan of users_generation_idx), leaving out the system
 * account that authors the starter prompts: it belongs to no generation.
 */
export async function memberCounts(db: DbOrTx) {
  const [counts, system] = await Promise.all([
    queryRows<{ generation: string; n: number }>(
      db,
      sql`select generation, count(*)::int as n from users group by generation`,
    ),
    queryRows<{ generation: string }>(
      db,
      sql`select generation from users where lower(email) = lower(${SYSTEM_AUTHOR.email})`,
    ),
  ]);
  return counts.map((c) => ({
    generation: c.generation,
    n: c.n - system.filter((s) => s.generation === c.generation).length,
  }));
}

export interface RecentPostRow {
  generation: string;
  id: number;
  content: string;
  aiModel: string | null;
  rating: number | null;
  likes: number;
  comments: number;
  createdAt: Date | string;
  authorId: number;
  username: string;
  avatar: string | null;
}

/**
 * The newest public posts of each generation's members: for each generation, the posts are read
 * newest first through posts_created_idx until `perGeneration` match, so the cost does not grow
 * with the table. Anonymous posts never appear (they would reveal their author's generation).
 */
export function recentPosts(db: DbOrTx, perGeneration: number) {
  return queryRows<RecentPostRow>(
    db,
    sql`select g.generation, r.* from ${generationList}
      cross join lateral (
        select p.id, p.content, p.ai_model as "aiModel", p.rating, p.likes, p.comments,
          p.created_at as "createdAt", u.id as "authorId", u.username, u.avatar
        from posts p join users u on u.id = p.author_id
        where u.generation = g.generation and not p.is_anonymous and ${visibleSql.post("p")}
        order by p.created_at desc, p.id desc
        limit ${perGeneration}
      ) r
      order by g.generation, r."createdAt" desc, r.id desc`,
  );
}

/** Most used hashtags in each generation's `sample` most recent public posts. */
export function topHashtags(db: DbOrTx, sample: number, perGeneration: number) {
  return queryRows<{ generation: string; hashtag: string; posts: number }>(
    db,
    sql`select generation, hashtag, posts from (
        select c.generation, coalesce(h.display, c.tag_key) as hashtag, c.posts,
          row_number() over (partition by c.generation order by c.posts desc, c.tag_key asc) as rank
        from (
          select g.generation, k as tag_key, count(*)::int as posts
          from ${generationList}
          cross join lateral (
            select p.tag_keys from posts p join users u on u.id = p.author_id
            where u.generation = g.generation and not p.is_anonymous and ${visibleSql.post("p")}
            order by p.created_at desc
            limit ${sample}
          ) r
          cross join lateral unnest(r.tag_keys) as k
          group by g.generation, k
        ) c
        left join hashtags h on h.tag_key = c.tag_key
      ) ranked
      where rank <= ${perGeneration}
      order by generation, posts desc, hashtag asc`,
  );
}

/**
 * Each generation's highest rated models: average of its members' ratings, only models with at
 * least `minRatings` of them; ratings given anonymously are left out. Read from
 * model_generation_ratings (kept by the triggers of migration 0010): a few rows per model.
 */
export function favoriteModels(db: DbOrTx, minRatings: number, perGeneration: number) {
  return queryRows<{
    generation: string;
    id: number;
    slug: string;
    name: string;
    averageRating: number;
    ratings: number;
  }>(
    db,
    sql`select generation, id, slug, name, "averageRating", ratings from (
        select a.generation, m.id, m.slug, m.name, a.total::float8 / a.ratings as "averageRating", a.ratings,
          row_number() over (
            partition by a.generation order by a.total::float8 / a.ratings desc, a.ratings desc, m.name asc
          ) as rank
        from model_generation_ratings a
        join ai_models m on m.id = a.model_id
        where a.ratings >= ${minRatings}
      ) ranked
      where rank <= ${perGeneration}
      order by generation, "averageRating" desc, ratings desc`,
  );
}
