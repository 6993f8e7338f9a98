import { type SQL, sql } from "drizzle-orm";
import { FOLLOWER_WEIGHT } from "../../../common/trending";
import { type DbOrTx, queryRows } from "../../db/connect";
import { visibleSql } from "../moderation/public";
import { type Segment, windowSegments } from "./windows";

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Posts per topic in one piece of a window, from the aggregate that answers it. The aggregates
 * keep a tag's bucket in shard rows (migration 0013), summed by `topicCounts`; a shard row may be
 * negative, so only empty rows are skipped.
 */
function segmentCounts(seg: Segment, win: "cur" | "prev"): SQL {
  if (seg.kind === "raw") {
    return sql`select ${win}::text as win, k as tag_key, count(*)::int as n
      from posts p cross join lateral unnest(p.tag_keys) as k
      where p.created_at >= ${ts(seg.from)} and p.created_at < ${ts(seg.to)} and ${visibleSql.post("p")}
      group by k`;
  }
  if (seg.kind === "hour") {
    return sql`select ${win}::text as win, tag_key, posts as n from hashtag_hourly
      where hour >= ${ts(seg.from)} and hour < ${ts(seg.to)} and posts <> 0`;
  }
  return sql`select ${win}::text as win, tag_key, posts as n from hashtag_daily
    where day >= ${ts(seg.from)} and day < ${ts(seg.to)} and posts <> 0`;
}

export interface TopicCountRow {
  id: number;
  display: string;
  cur: number;
  prev: number;
}

/**
 * Topics ranked by posts in [start, end), with their posts in the previous window of the same
 * length [start - (end - start), start). Ties: fewer posts before (faster growth) first, then A-Z.
 */
export async function topicCounts(
  db: DbOrTx,
  start: Date,
  end: Date,
  limit: number,
): Promise<TopicCountRow[]> {
  const prevStart = new Date(start.getTime() - (end.getTime() - start.getTime()));
  const parts = [
    ...windowSegments(start, end).map((s) => segmentCounts(s, "cur")),
    ...windowSegments(prevStart, start).map((s) => segmentCounts(s, "prev")),
  ];
  if (parts.length === 0) return [];
  return queryRows<TopicCountRow>(
    db,
    sql`select h.id, h.display, c.cur, c.prev
      from (
        select t.tag_key,
          sum(case when t.win = 'cur' then t.n else 0 end)::int as cur,
          sum(case when t.win = 'prev' then t.n else 0 end)::int as prev
        from (${sql.join(parts, sql` union all `)}) t
        group by t.tag_key
        having sum(case when t.win = 'cur' then t.n else 0 end) > 0
      ) c
      join hashtags h on h.tag_key = c.tag_key
      order by c.cur desc, c.prev asc, lower(h.display) asc, h.id asc
      limit ${limit}`,
  );
}

export interface HotPostRow {
  id: number;
  authorId: number;
  username: string;
  isAnonymous: boolean;
  aiModel: string | null;
  content: string;
  tags: string[];
  likes: number;
  comments: number;
  views: number;
  createdAt: Date | string;
  score: number;
}

/**
 * Posts of [start, end) by the hot score of common/trending.ts `hotScore`:
 * (likes + 2·comments + views/10) / (ageHours + 2)^1.5 at `now`. The window is read through
 * posts_created_idx; ties go to the newer post.
 */
export function hotPosts(
  db: DbOrTx,
  start: Date,
  end: Date,
  now: Date,
  limit: number,
): Promise<HotPostRow[]> {
  // Scored in float8 (numeric arithmetic is several times slower over a 30-day window), ranked
  // on the posts alone, and only the winners are joined to their authors.
  return queryRows<HotPostRow>(
    db,
    sql`select p.id, p.author_id as "authorId", u.username, p.is_anonymous as "isAnonymous",
        p.ai_model as "aiModel", p.content, p.tags, p.likes, p.comments, p.views,
        p.created_at as "createdAt", top.score
      from (
        select p.id, (p.likes + 2 * p.comments + p.views / 10.0::float8)
          / power(greatest(date_part('epoch', ${ts(now)} - p.created_at) / 3600.0::float8, 0::float8) + 2, 1.5::float8)
          as score, p.created_at
        from posts p
        where p.created_at >= ${ts(start)} and p.created_at < ${ts(end)} and ${visibleSql.post("p")}
        order by score desc, p.created_at desc, p.id desc
        limit ${limit}
      ) top
      join posts p on p.id = top.id
      join users u on u.id = p.author_id
      order by top.score desc, top.created_at desc, top.id desc`,
  );
}

export interface RisingCreatorRow {
  id: number;
  username: string;
  avatar: string | null;
  generation: string;
  followersCount: number;
  followersGained: number;
  likesReceived: number;
  score: number;
}

/** Likes received and followers gained per member in one piece of a window. */
function activitySegment(seg: Segment): SQL {
  if (seg.kind === "raw") {
    return sql`select p.author_id as uid, count(*)::int as likes, 0 as follows
        from post_likes l join posts p on p.id = l.post_id
        where l.created_at >= ${ts(seg.from)} and l.created_at < ${ts(seg.to)}
          and not p.is_anonymous and l.user_id <> p.author_id
        group by p.author_id
      union all
      select followee_id, 0, count(*)::int from follows
        where created_at >= ${ts(seg.from)} and created_at < ${ts(seg.to)}
        group by followee_id`;
  }
  const table = seg.kind === "hour" ? sql`creator_activity_hourly` : sql`creator_activity_daily`;
  const column = seg.kind === "hour" ? sql`hour` : sql`day`;
  return sql`select user_id as uid, likes, follows from ${table}
    where ${column} >= ${ts(seg.from)} and ${column} < ${ts(seg.to)}`;
}

/**
 * Members by what they gained in [start, end): new followers (weighted FOLLOWER_WEIGHT) plus
 * likes on their public posts from others. Likes on anonymous posts never count: crediting them
 * would reveal who wrote them. Read from the activity aggregates of migration 0010.
 */
export async function risingCreators(
  db: DbOrTx,
  start: Date,
  end: Date,
  limit: number,
): Promise<RisingCreatorRow[]> {
  const parts = windowSegments(start, end).map(activitySegment);
  if (parts.length === 0) return [];
  return queryRows<RisingCreatorRow>(
    db,
    sql`select u.id, u.username, u.avatar, u.generation, u.followers_count as "followersCount",
        c.fg as "followersGained", c.lr as "likesReceived", c.score
      from (
        select uid, sum(follows)::int as fg, sum(likes)::int as lr,
          (${FOLLOWER_WEIGHT} * sum(follows) + sum(likes))::int as score
        from (${sql.join(parts, sql` union all `)}) a
        group by uid
        having ${FOLLOWER_WEIGHT} * sum(follows) + sum(likes) > 0
        order by score desc, uid asc
        limit ${limit}
      ) c
      join users u on u.id = c.uid
      order by c.score desc, u.id asc
      limit ${limit}`,
  );
}

/** Which of `ids` the viewer follows (follows primary key). */
export async function followedAmong(db: DbOrTx, viewerId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select followee_id as id from follows where follower_id = ${viewerId}
      and followee_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Set(rows.map((r) => r.id));
}

export interface TrendingBattleRow {
  id: number;
  submitterId: number;
  prompt: string;
  category: string;
  tags: string[];
  votes: number;
  totalVotes: number;
}

/**
 * Arena battles by their votes in [start, end) (decision 0110), shown ones only; ties go to the
 * newer battle. The window's votes are read through arena_votes_created_idx (index-only), only
 * the winners are joined to their battles.
 */
export function trendingBattles(
  db: DbOrTx,
  start: Date,
  end: Date,
  limit: number,
): Promise<TrendingBattleRow[]> {
  return queryRows<TrendingBattleRow>(
    db,
    sql`select b.id, b.submitter_id as "submitterId", left(b.prompt, 400) as prompt, b.category, b.tags,
        w.votes, b.vote_count as "totalVotes"
      from (
        select v.battle_id, count(*)::int as votes
        from arena_votes v
        where v.created_at >= ${ts(start)} and v.created_at < ${ts(end)}
        group by v.battle_id
      ) w
      join arena_battles b on b.id = w.battle_id
      where b.hidden_at is null
      order by w.votes desc, b.id desc
      limit ${limit}`,
  );
}
