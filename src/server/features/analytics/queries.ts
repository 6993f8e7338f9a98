import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";
import { visibleSql } from "../moderation/public";

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** Comments hidden pending review are no engagement (issue 25 item 2); the author's own posts all count. */
const shownComment = visibleSql.commentItself("c");

/**
 * A member's analytics count what OTHER members and visitors did: their own views, likes and
 * comments on their posts are left out. Each count reads one author's posts (posts_author_id_idx)
 * and the per-post time indexes of migration 0010.
 */
export async function totals(db: DbOrTx, authorId: number, from: Date, to: Date) {
  const self = `u:${authorId}`;
  const [row] = await queryRows<{ views: number; likes: number; comments: number; posts: number }>(
    db,
    sql`select
      (select count(*)::int from post_views v join posts p on p.id = v.post_id
        where p.author_id = ${authorId} and v.hour >= ${ts(from)} and v.hour < ${ts(to)} and v.viewer_key <> ${self}) as views,
      (select count(*)::int from post_likes l join posts p on p.id = l.post_id
        where p.author_id = ${authorId} and l.created_at >= ${ts(from)} and l.created_at < ${ts(to)} and l.user_id <> ${authorId}) as likes,
      (select count(*)::int from post_comments c join posts p on p.id = c.post_id
        where p.author_id = ${authorId} and c.created_at >= ${ts(from)} and c.created_at < ${ts(to)} and c.author_id <> ${authorId} and ${shownComment}) as comments,
      (select count(*)::int from posts p
        where p.author_id = ${authorId} and p.created_at >= ${ts(from)} and p.created_at < ${ts(to)}) as posts`,
  );
  return row ?? { views: 0, likes: 0, comments: 0, posts: 0 };
}

/** Views, likes, comments and new followers per UTC day of [from, to). */
export function daily(db: DbOrTx, authorId: number, from: Date, to: Date) {
  const self = `u:${authorId}`;
  return queryRows<{ day: string; kind: "views" | "likes" | "comments" | "followers"; n: number }>(
    db,
    sql`select to_char(d at time zone 'UTC', 'YYYY-MM-DD') as day, kind, n from (
      select date_trunc('day', v.hour, 'UTC') as d, 'views' as kind, count(*)::int as n
        from post_views v join posts p on p.id = v.post_id
        where p.author_id = ${authorId} and v.hour >= ${ts(from)} and v.hour < ${ts(to)} and v.viewer_key <> ${self}
        group by 1
      union all
      select date_trunc('day', l.created_at, 'UTC'), 'likes', count(*)::int
        from post_likes l join posts p on p.id = l.post_id
        where p.author_id = ${authorId} and l.created_at >= ${ts(from)} and l.created_at < ${ts(to)} and l.user_id <> ${authorId}
        group by 1
      union all
      select date_trunc('day', c.created_at, 'UTC'), 'comments', count(*)::int
        from post_comments c join posts p on p.id = c.post_id
        where p.author_id = ${authorId} and c.created_at >= ${ts(from)} and c.created_at < ${ts(to)} and c.author_id <> ${authorId} and ${shownComment}
        group by 1
      union all
      select date_trunc('day', f.created_at, 'UTC'), 'followers', count(*)::int
        from follows f
        where f.followee_id = ${authorId} and f.created_at >= ${ts(from)} and f.created_at < ${ts(to)}
        group by 1
    ) x`,
  );
}

/** Followers now, and those gained since `from` (follows_followee_idx). */
export async function followers(db: DbOrTx, authorId: number, from: Date, to: Date) {
  const [row] = await queryRows<{ total: number; gained: number }>(
    db,
    sql`select (select followers_count from users where id = ${authorId}) as total,
      (select count(*)::int from follows where followee_id = ${authorId}
        and created_at >= ${ts(from)} and created_at < ${ts(to)}) as gained`,
  );
  return { total: row?.total ?? 0, gained: row?.gained ?? 0 };
}

/** The member's posts with the most activity in the period (then the newest), with lifetime counts. */
export function postBreakdown(db: DbOrTx, authorId: number, from: Date, to: Date, limit: number) {
  const self = `u:${authorId}`;
  return queryRows<{
    id: number;
    content: string;
    createdAt: Date | string;
    isAnonymous: boolean;
    views: number;
    likes: number;
    comments: number;
    totalViews: number;
    totalLikes: number;
    totalComments: number;
  }>(
    db,
    sql`select p.id, p.content, p.created_at as "createdAt", p.is_anonymous as "isAnonymous",
        v.n as views, l.n as likes, c.n as comments,
        p.views as "totalViews", p.likes as "totalLikes", p.comments as "totalComments"
      from posts p
      cross join lateral (select count(*)::int as n from post_views v
        where v.post_id = p.id and v.hour >= ${ts(from)} and v.hour < ${ts(to)} and v.viewer_key <> ${self}) v
      cross join lateral (select count(*)::int as n from post_likes l
        where l.post_id = p.id and l.created_at >= ${ts(from)} and l.created_at < ${ts(to)} and l.user_id <> ${authorId}) l
      cross join lateral (select count(*)::int as n from post_comments c
        where c.post_id = p.id and c.created_at >= ${ts(from)} and c.created_at < ${ts(to)} and c.author_id <> ${authorId} and ${shownComment}) c
      where p.author_id = ${authorId}
      order by (v.n + l.n + c.n) desc, p.created_at desc, p.id desc
      limit ${limit}`,
  );
}

/**
 * Distinct members who liked or commented on the member's posts in the period, by generation.
 * Anonymous comments are left out: their authors chose not to be seen.
 */
export function audience(db: DbOrTx, authorId: number, from: Date, to: Date) {
  return queryRows<{ generation: string; members: number }>(
    db,
    sql`select u.generation, count(*)::int as members from (
        select l.user_id as uid from post_likes l join posts p on p.id = l.post_id
          where p.author_id = ${authorId} and l.created_at >= ${ts(from)} and l.created_at < ${ts(to)} and l.user_id <> ${authorId}
        union
        select c.author_id from post_comments c join posts p on p.id = c.post_id
          where p.author_id = ${authorId} and c.created_at >= ${ts(from)} and c.created_at < ${ts(to)}
            and c.author_id <> ${authorId} and ${shownComment} and not c.is_anonymous
      ) e join users u on u.id = e.uid
      group by u.generation`,
  );
}

// ---- first-party usage analytics ---------------------------------------------------------------

export async function recordPageView(db: DbOrTx, day: string, path: string): Promise<void> {
  await db.execute(
    sql`insert into usage_page_daily (day, path, views) values (${day}::date, ${path}, 1)
      on conflict (day, path) do update set views = usage_page_daily.views + 1`,
  );
}

export async function recordVisitor(db: DbOrTx, day: string, visitor: string): Promise<void> {
  await db.execute(
    sql`insert into usage_visitors (day, visitor) values (${day}::date, ${visitor}) on conflict do nothing`,
  );
}

export async function recordReferrer(db: DbOrTx, day: string, host: string): Promise<void> {
  await db.execute(
    sql`insert into usage_referrer_daily (day, host, visits) values (${day}::date, ${host}, 1)
      on conflict (day, host) do update set visits = usage_referrer_daily.visits + 1`,
  );
}

export async function recordActiveMember(db: DbOrTx, day: string, userId: number): Promise<void> {
  await db.execute(
    sql`insert into usage_active_members (day, user_id) values (${day}::date, ${userId}) on conflict do nothing`,
  );
}

export async function siteDaily(db: DbOrTx, fromDay: string) {
  return queryRows<{ day: string; kind: "views" | "members" | "visitors"; n: number }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, kind, n from (
      select day, 'views' as kind, sum(views)::int as n from usage_page_daily where day >= ${fromDay}::date group by day
      union all
      select day, 'members', count(*)::int from usage_active_members where day >= ${fromDay}::date group by day
      union all
      select day, 'visitors', count(*)::int from usage_visitors where day >= ${fromDay}::date group by day
    ) x`,
  );
}

export async function siteDistinctMembers(db: DbOrTx, fromDay: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct user_id)::int as n from usage_active_members where day >= ${fromDay}::date`,
  );
  return row?.n ?? 0;
}

export function siteTopPages(db: DbOrTx, fromDay: string, limit: number) {
  return queryRows<{ path: string; views: number }>(
    db,
    sql`select path, sum(views)::int as views from usage_page_daily where day >= ${fromDay}::date
      group by path order by views desc, path asc limit ${limit}`,
  );
}

export function siteTopReferrers(db: DbOrTx, fromDay: string, limit: number) {
  return queryRows<{ host: string; visits: number }>(
    db,
    sql`select host, sum(visits)::int as visits from usage_referrer_daily where day >= ${fromDay}::date
      group by host order by visits desc, host asc limit ${limit}`,
  );
}
