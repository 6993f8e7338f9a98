import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { FeedSort } from "../../../common/posts";
import { batched, batchedWrite, intArray, textArray, wordArray } from "../../db/batch";
import { type DbOrTx, queryRows } from "../../db/connect";
import { isoTime } from "../../db/iso-time";
import { NO_CURSOR, prepared, preparedSql } from "../../db/prepared";
import { postComments, postLikes, posts, postTags, postViews, users } from "../../db/schema";
import { visible, visibleSql } from "../moderation/public";
import { newestMatches, tsQueries } from "../search/public";

/** A post's own columns as the feed shows them. */
const postColumns = {
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
};

/** A post with its author's public fields (and, in selectPosts, whether the viewer liked it). */
const postFields = {
  ...postColumns,
  authorUsername: users.username,
  authorAvatar: users.avatar,
  authorGeneration: users.generation,
};

function selectPosts(db: DbOrTx, viewerId: number | Placeholder | null) {
  const isLiked =
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`;
  return db
    .select({ ...postFields, isLiked })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId));
}
/** `times`: the row's times as ISO text, when its statement made them (the presenter's, otherwise). */
export type PostWithAuthor = Awaited<ReturnType<typeof selectPosts>>[number] & {
  times?: { createdAt: string; updatedAt: string };
};

/**
 * A post with its author as a raw statement reads it (decision 0127): no Drizzle mapping per
 * row, and the times as ISO text made by PostgreSQL (`isoTime`), carried to the presenter.
 */
interface RawPostRow extends RawPostColumns {
  username: string;
  avatar: string | null;
  generation: string;
}

/** A post's own columns as a raw statement reads them (times as ISO text). */
interface RawPostColumns {
  id: number;
  author_id: number;
  content: string;
  ai_model: string | null;
  rating: number | null;
  image: string | null;
  tags: string[];
  is_anonymous: boolean;
  likes: number;
  comments: number;
  views: number;
  created_at: string;
  updated_at: string;
}

/**
 * A post's own fields from its raw columns (`hiddenAt` given: the feeds read shown posts only).
 * One object literal, which callers extend by assignment, never by spread: spreading it into a
 * new object took 6.5 µs a row against 0.4 (Node 20), a tenth of the server's time on the
 * Following tab.
 */
const postFromRaw = (r: RawPostColumns, hiddenAt: Date | null) => ({
  id: r.id,
  authorId: r.author_id,
  content: r.content,
  aiModel: r.ai_model,
  rating: r.rating,
  image: r.image,
  tags: r.tags,
  isAnonymous: r.is_anonymous,
  likes: r.likes,
  comments: r.comments,
  views: r.views,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  hiddenAt,
});

/** A shown post's columns (`p`) and its author's (`author`: the alias their columns come from). */
const rawPostColumns = (author: "u" | "best") =>
  sql`p.id, p.author_id, p.content, p.ai_model, p.rating, p.image, p.tags, p.is_anonymous,
    p.likes, p.comments, p.views, ${isoTime("p.created_at")} AS created_at, ${isoTime("p.updated_at")} AS updated_at,
    ${sql.raw(author)}.username, ${sql.raw(author)}.avatar, ${sql.raw(author)}.generation`;

/** A shown post from its raw row; `isLiked`: the viewer's like, when the statement read it. */
function fromRaw(r: RawPostRow, isLiked = false): PostWithAuthor {
  const post = postFromRaw(r, null) as PostWithAuthor;
  post.authorUsername = r.username;
  post.authorAvatar = r.avatar;
  post.authorGeneration = r.generation;
  post.isLiked = isLiked;
  post.times = { createdAt: r.created_at, updatedAt: r.updated_at };
  return post;
}

const tagCondition = (tag: string | undefined): SQL | undefined =>
  tag ? sql`${posts.tagKeys} @> ARRAY[${tag.toLowerCase()}]::text[]` : undefined;

/**
 * A feed page as every viewer sees it (nobody's likes: `likedAmong` adds the viewer's), newest
 * first; `cursor` is the last id seen (keyset pagination on the primary key). Items hidden
 * pending review (reports, issue 8) leave every list.
 */
export async function listPosts(
  db: DbOrTx,
  opts: { limit: number; cursor?: number; tag?: string },
  /** A member's blocks and mutes (blocks/public.ts): the page is theirs alone, not prepared. */
  exclude?: SQL,
): Promise<PostWithAuthor[]> {
  if (!opts.tag && !exclude) {
    // The home feed, the hottest read: a prepared statement (db/prepared.ts).
    const rows = await feedPage(db).all({ cursor: opts.cursor ?? NO_CURSOR, limit: opts.limit });
    return rows.map((r) => fromRaw(r));
  }
  if (opts.tag) return tagPage(db, { limit: opts.limit, cursor: opts.cursor, tag: opts.tag }, exclude);
  return selectPosts(db, null)
    .where(and(opts.cursor ? lt(posts.id, opts.cursor) : undefined, visible.post(), exclude))
    .orderBy(desc(posts.id))
    .limit(opts.limit);
}

/**
 * How many posts a hashtag's Hot or Top page reads in the sort's order before it turns to the
 * tag's index (decision 0129).
 */
export const TAG_PAGE_WINDOW = 5_000;

/**
 * How many of a tag's newest posts its Hot page ranks when the sort's first TAG_PAGE_WINDOW posts
 * hold too few of the tag's (decision 0135). Hot decays by a factor of ten every 12.5 hours, so a
 * post older than the tag's newest 2,000 outranks them only with 10^(Δt / 45,000 s) times their
 * engagement: never in practice, where the tag's 2,000 newest span more than a few hours.
 */
export const TAG_HOT_CANDIDATES = 2_000;

/**
 * A hashtag's page, newest first, by keyset on the id (decision 0135): the tag's rows of
 * `post_tags` walked backwards from the cursor, each post read by its primary key, until a page
 * of shown posts. The tag's GIN index gives its posts only as an unordered bitmap: a tag that the
 * newest posts lack was read whole and sorted (0.6–1.1 s for 60,000 posts); left to itself on
 * `tag_keys`, PostgreSQL walked the whole primary key for a rare one (decision 0129).
 */
function tagPage(
  db: DbOrTx,
  opts: { limit: number; cursor?: number | undefined; tag: string },
  exclude?: SQL,
): Promise<PostWithAuthor[]> {
  return selectPosts(db, null)
    .where(
      sql`${posts.id} IN (${newestTagged(
        sql`${opts.tag.toLowerCase()}`,
        opts.cursor,
        and(visible.post(), exclude),
        opts.limit,
      )})`,
    )
    .orderBy(desc(posts.id));
}

/**
 * The ids of the newest `limit` posts carrying the tag `key` (a lower-cased tag, or a column)
 * below `cursor` that pass `where` (conditions on `posts`), newest first: the tag's rows of
 * `post_tags` backwards from the cursor, each post then read by its primary key. The post is read
 * in a fenced sub-select (`OFFSET 0`): as a join, PostgreSQL merged the two in id order and walked
 * the posts' primary key down to the tag's newest post (200,000 rows for a faded tag).
 */
function newestTagged(key: SQL, cursor: number | undefined, where: SQL | undefined, limit: number): SQL {
  return sql`SELECT ${postTags.postId} FROM ${postTags}
              CROSS JOIN LATERAL (SELECT 1 FROM ${posts} WHERE ${posts.id} = ${postTags.postId}
                ${where ? sql`AND ${where}` : sql``} OFFSET 0) shown
              WHERE ${postTags.tagKey} = ${key} ${cursor ? sql`AND ${postTags.postId} < ${cursor}` : sql``}
              ORDER BY ${postTags.postId} DESC LIMIT ${limit}`;
}

/** How a sorted page is read: its order, and the keyset after the last post seen (by id). */
export interface FeedOrder {
  sort: FeedSort;
  /** Top's window start (null: all time). */
  since: Date | null;
}

const cursorRow = (cursor: number, column: "hot_score" | "ranked_likes") =>
  sql`(SELECT c.${sql.raw(column)}, c.id FROM posts c WHERE c.id = ${cursor})`;

/**
 * The sort's ORDER BY, its keyset condition after `cursor` (the last id seen, whose stored score
 * or likes the page continues from: decision 0103) and Top's window. Each order has its index:
 * the primary key, posts_hot_idx (hot_score, id), posts_top_idx (ranked_likes, id). Hot and Top
 * rank by the scores last refreshed from the counters (decision 0147), not the live counters.
 */
function sortParts(order: FeedOrder, cursor: number | undefined) {
  switch (order.sort) {
    case "hot":
      return {
        orderBy: [desc(posts.hotScore), desc(posts.id)],
        after: cursor ? sql`(${posts.hotScore}, ${posts.id}) < ${cursorRow(cursor, "hot_score")}` : undefined,
        window: undefined,
      };
    case "top":
      return {
        orderBy: [desc(posts.rankedLikes), desc(posts.id)],
        after: cursor
          ? sql`(${posts.rankedLikes}, ${posts.id}) < ${cursorRow(cursor, "ranked_likes")}`
          : undefined,
        window: order.since ? gte(posts.createdAt, order.since) : undefined,
      };
    default:
      return {
        orderBy: [desc(posts.id)],
        after: cursor ? lt(posts.id, cursor) : undefined,
        window: undefined,
      };
  }
}

/** A sorted page of the whole feed (or of a hashtag) for every viewer, as `listPosts` for New. */
export function listSortedPosts(
  db: DbOrTx,
  opts: { limit: number; cursor?: number; tag?: string },
  order: FeedOrder,
  exclude?: SQL,
): Promise<PostWithAuthor[]> {
  if (order.sort === "new") return listPosts(db, opts, exclude);
  if (opts.tag) return sortedTagPage(db, { ...opts, tag: opts.tag }, order, exclude);
  const { orderBy, after, window } = sortParts(order, opts.cursor);
  return selectPosts(db, null)
    .where(and(after, window, visible.post(), exclude))
    .orderBy(...orderBy)
    .limit(opts.limit);
}

/** The column a sort orders by, after its keyset: Hot's score, Top's (refreshed) likes, New's id. */
const scoreOf = (sort: FeedSort) =>
  sort === "hot" ? posts.hotScore : sort === "top" ? posts.rankedLikes : posts.id;

/**
 * The next TAG_PAGE_WINDOW posts in a sort's order (through its own index), with their score and
 * tags: the first, bounded step of a tag's page (decision 0129), filtered by the caller.
 */
function recentWindow(db: DbOrTx, order: FeedOrder, where: SQL | undefined) {
  return db
    .select({
      id: posts.id,
      score: sql`${scoreOf(order.sort)}`.as("score"),
      tags: sql`${posts.tagKeys}`.as("tags"),
    })
    .from(posts)
    .where(where)
    .orderBy(...sortParts(order, undefined).orderBy)
    .limit(TAG_PAGE_WINDOW);
}

/**
 * A hashtag's Hot or Top page in two bounded steps (decision 0129): the next TAG_PAGE_WINDOW
 * posts in the sort's order (its index), filtered by the tag; then, when that found fewer than a
 * page, the tag's posts after the last one found (or after the cursor, when none was: the window
 * held none of the tag's), sorted: for Hot, among the tag's newest TAG_HOT_CANDIDATES posts
 * (decision 0135: the GIN index read all 50,000 of a faded tag's, 0.5 s); for Top, all of them,
 * from the GIN index. Left to itself, PostgreSQL walked the sort's whole index for a rare tag
 * (3.6 s for Hot at 1M posts).
 */
async function sortedTagPage(
  db: DbOrTx,
  opts: { limit: number; cursor?: number | undefined; tag: string },
  order: FeedOrder,
  exclude?: SQL,
): Promise<PostWithAuthor[]> {
  const key = opts.tag.toLowerCase();
  const { orderBy, after, window } = sortParts(order, opts.cursor);
  const column = order.sort === "hot" ? "hot_score" : "ranked_likes";
  const score = scoreOf(order.sort);
  const walked = recentWindow(db, order, and(after, window, visible.post(), exclude));
  const found = await queryRows<{ id: number }>(
    db,
    sql`SELECT w.id FROM (${walked}) w WHERE w.tags @> ARRAY[${key}]::text[]
         ORDER BY w.score DESC, w.id DESC LIMIT ${opts.limit}`,
  );
  let ids = found.map((r) => r.id);
  if (ids.length < opts.limit) {
    const last = ids.at(-1);
    const from = last !== undefined ? sql`(${score}, ${posts.id}) < ${cursorRow(last, column)}` : after;
    const rest = and(from, window, visible.post(), exclude);
    // Hot: the tag's newest TAG_HOT_CANDIDATES posts (post_tags backwards, each post by its
    // primary key); Top: every post of the tag after the last one found (its GIN index).
    const tagged =
      order.sort === "hot"
        ? hotTagCandidates(sql`ARRAY[${key}]::text[]`, rest)
        : sql`SELECT ${posts.id} AS id, ${score} AS score FROM ${posts}
               WHERE ${posts.tagKeys} @> ARRAY[${key}]::text[] AND ${rest} OFFSET 0`;
    const more = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM (${tagged}) tagged ORDER BY score DESC, id DESC LIMIT ${opts.limit - ids.length}`,
    );
    ids = [...ids, ...more.map((r) => r.id)];
  }
  if (ids.length === 0) return [];
  return selectPosts(db, null)
    .where(inArray(posts.id, ids))
    .orderBy(...orderBy);
}

/**
 * Each tag's newest TAG_HOT_CANDIDATES posts (its rows of post_tags backwards, each post by its
 * primary key) that pass `where` (conditions on `posts`), with their Hot score: what a tag's Hot
 * page ranks when the hottest posts hold too few of the tag's (decision 0135).
 */
function hotTagCandidates(keys: SQL, where: SQL | undefined): SQL {
  return sql`SELECT DISTINCT p.id, p.score FROM unnest(${keys}) AS ft(k)
    CROSS JOIN LATERAL (
      SELECT ${postTags.postId} AS post_id FROM ${postTags} WHERE ${postTags.tagKey} = ft.k
       ORDER BY ${postTags.postId} DESC LIMIT ${TAG_HOT_CANDIDATES}
    ) t
    CROSS JOIN LATERAL (
      SELECT ${posts.id} AS id, ${posts.hotScore} AS score FROM ${posts}
       WHERE ${posts.id} = t.post_id ${where ? sql`AND ${where}` : sql``} OFFSET 0
    ) p`;
}

/**
 * The Following tab (decision 0104): posts of the members the viewer follows (named posts only:
 * a stealth post reached through its author would reveal who wrote it), and posts carrying a
 * followed hashtag or model (stealth ones too: they stay anonymous). Each source reads its own
 * best `limit` rows in the sort's order through its own index (each followed member's, the tags'
 * GIN, the model's), and the page is the best `limit` of their union: the same rows one OR query
 * would give, without walking the whole feed to find a quiet member's posts.
 *
 * The common page — newest first, members only, no block or mute — is `followingPageIds`.
 */
export async function followingPosts(
  db: DbOrTx,
  viewerId: number,
  opts: { limit: number; cursor?: number; tag?: string },
  order: FeedOrder,
  /** The hashtags and models the viewer follows, given as values: a source nobody follows is left
   * out, and the planner sees the real list (a sub-select it cannot see into made it walk every
   * post in the sort's order looking for matches: 1.2 s at 1M posts for an empty list). */
  topics: { tags: readonly string[]; models: readonly string[] },
  exclude?: SQL,
): Promise<PostWithAuthor[]> {
  const { tags, models } = topics;
  const { orderBy, after, window } = sortParts(order, opts.cursor);
  const common = and(after, window, tagCondition(opts.tag), visible.post(), exclude);
  const textArray = (values: readonly string[]) =>
    sql`ARRAY[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;
  const branches = models.length
    ? [
        sql`(${db
          .select({ id: posts.id })
          .from(posts)
          .where(and(sql`${posts.aiModel} = ANY(${textArray(models)})`, common))
          .orderBy(...orderBy)
          .limit(opts.limit)})`,
      ]
    : [];
  if (tags.length > 0 && order.sort === "new") {
    // The followed hashtags, newest first: each tag's newest `limit` shown posts from its rows of
    // post_tags (decision 0135), then the newest `limit` of those.
    branches.push(
      sql`(SELECT DISTINCT x.post_id AS id FROM unnest(${textArray(tags)}) AS ft(k)
           CROSS JOIN LATERAL (${newestTagged(sql`ft.k`, opts.cursor, common, opts.limit)}) x
           ORDER BY x.post_id DESC LIMIT ${opts.limit})`,
    );
  } else if (tags.length > 0) {
    // Hot and Top: the followed hashtags in two bounded steps as a hashtag's page in those orders
    // (decisions 0129 and 0135), in one statement: the next TAG_PAGE_WINDOW posts in the sort's
    // order, filtered by the tags; and only when that found fewer than a page (a one-time
    // filter), the best of the tags' candidates (Hot: each tag's newest posts; Top: every post of
    // theirs, from the GIN index). Left to itself, PostgreSQL walked the whole order for a rare
    // followed tag.
    const score = scoreOf(order.sort);
    const walked = recentWindow(db, order, common);
    const tagged =
      order.sort === "hot"
        ? hotTagCandidates(textArray(tags), common)
        : sql`SELECT ${posts.id} AS id, ${score} AS score FROM ${posts}
               WHERE ${posts.tagKeys} && ${textArray(tags)} AND ${common} OFFSET 0`;
    branches.push(
      sql`(WITH recent AS MATERIALIZED (
             SELECT w.id FROM (${walked}) w WHERE w.tags && ${textArray(tags)}
              ORDER BY w.score DESC, w.id DESC LIMIT ${opts.limit}
           )
           SELECT id FROM recent
           UNION
           (SELECT id FROM (${tagged}) tagged
            WHERE (SELECT count(*) FROM recent) < ${opts.limit}
            ORDER BY score DESC, id DESC LIMIT ${opts.limit}))`,
    );
  }
  // The members followed: each one's best `limit` posts through their own index, then the best
  // `limit` of those. One IN over every followee read all their posts through a bitmap (1,175 rows
  // and 1,248 pages for a member following four busy authors: 73 ms).
  const mine = db
    .select({ id: posts.id, hot: posts.hotScore, likes: posts.rankedLikes })
    .from(posts)
    .where(and(sql`${posts.authorId} = f.followee_id AND NOT ${posts.isAnonymous}`, common))
    .orderBy(...orderBy)
    .limit(opts.limit);
  const best = {
    new: sql`x.id DESC`,
    hot: sql`x.hot_score DESC, x.id DESC`,
    top: sql`x.ranked_likes DESC, x.id DESC`,
  }[order.sort];
  branches.unshift(
    sql`(SELECT x.id FROM follows f CROSS JOIN LATERAL (${mine}) x WHERE f.follower_id = ${viewerId} ORDER BY ${best} LIMIT ${opts.limit})`,
  );
  return selectPosts(db, null)
    .where(sql`${posts.id} IN (${sql.join(branches, sql` UNION `)})`)
    .orderBy(...orderBy)
    .limit(opts.limit);
}

export interface FollowingPage {
  viewerId: number;
  /** The last id seen (NO_CURSOR for the first page). */
  cursor: number;
  limit: number;
}

/**
 * A member's common Following page (newest first, members only, no block or mute:
 * `followingPosts` reads every other); members asking at once share one statement (db/batch.ts).
 * The member's likes are the caller's (the kept likes, decision 0150).
 */
export function followingPage(db: DbOrTx, page: FollowingPage): Promise<PostWithAuthor[]> {
  return batched(db, "posts_following", followingPages)(page);
}

async function followingPages(db: DbOrTx, pages: FollowingPage[]): Promise<PostWithAuthor[][]> {
  const rows = await followingStatement(db).all({
    viewers: intArray(pages.map((p) => p.viewerId)),
    cursors: intArray(pages.map((p) => p.cursor)),
    limits: intArray(pages.map((p) => p.limit)),
  });
  const out = pages.map((): PostWithAuthor[] => []);
  for (const r of rows) {
    out[r.page - 1]?.push(fromRaw(r));
  }
  return out;
}

interface FollowingRow extends RawPostRow {
  page: number;
}

/**
 * Per page (`v`): each followed member's newest named, shown posts before the cursor, by an
 * index-only scan of posts_author_named_idx (migration 0036), the best `lim` of those, and their
 * rows. A raw statement (rows as PostgreSQL sends them, times as text: decision 0127): every row
 * of a member's page is theirs alone, and mapping them through Drizzle and formatting their
 * dates took a fifth of the server's time on this page. The author's fields are read once per
 * member followed, not once per post.
 */
const followingStatement = (db: DbOrTx) =>
  preparedSql<FollowingRow>(
    db,
    "posts_following_rows",
    () => sql`SELECT v.page::int AS page, ${rawPostColumns("best")}
        FROM unnest(${sql.placeholder("viewers")}::int[], ${sql.placeholder("cursors")}::int[], ${sql.placeholder("limits")}::int[])
          WITH ORDINALITY AS v(viewer, cursor, lim, page)
        CROSS JOIN LATERAL (
          SELECT x.id, u.username, u.avatar, u.generation FROM follows f
          JOIN ${users} u ON u.id = f.followee_id
          CROSS JOIN LATERAL (
            SELECT fp.id FROM posts fp
            WHERE fp.author_id = f.followee_id AND NOT fp.is_anonymous AND ${visibleSql.post("fp")} AND fp.id < v.cursor
            ORDER BY fp.id DESC LIMIT v.lim
          ) x
          WHERE f.follower_id = v.viewer
          ORDER BY x.id DESC LIMIT v.lim
        ) best
        JOIN ${posts} p ON p.id = best.id
        ORDER BY v.page, p.id DESC`,
  );

/** The home feed's page, the hottest read: a raw prepared statement (decision 0127). */
const feedPage = (db: DbOrTx) =>
  preparedSql<RawPostRow>(
    db,
    "posts_feed_page_rows",
    () => sql`SELECT ${rawPostColumns("u")} FROM ${posts} p JOIN ${users} u ON u.id = p.author_id
      WHERE p.id < ${sql.placeholder("cursor")} AND ${visibleSql.post("p")}
      ORDER BY p.id DESC LIMIT ${sql.placeholder("limit")}`,
  );

/** Which of these posts the member liked (concurrent feed requests share one statement). */
export function likedAmong(db: DbOrTx, userId: number, postIds: readonly number[]): Promise<Set<number>> {
  if (postIds.length === 0) return Promise.resolve(new Set());
  return batched(db, "posts_liked", likedForMany)({ userId, postIds });
}

/** One statement for a batch: every (member, post) pair, each an index-only primary-key probe. */
async function likedForMany(
  db: DbOrTx,
  lookups: Array<{ userId: number; postIds: readonly number[] }>,
): Promise<Set<number>[]> {
  const users: number[] = [];
  const posts: number[] = [];
  for (const lookup of lookups) {
    for (const postId of lookup.postIds) {
      users.push(lookup.userId);
      posts.push(postId);
    }
  }
  const rows = await likedPairs(db).execute({ users: intArray(users), posts: intArray(posts) });
  const byUser = new Map<number, Set<number>>();
  for (const row of rows) {
    const liked = byUser.get(row.userId) ?? new Set<number>();
    liked.add(row.postId);
    byUser.set(row.userId, liked);
  }
  return lookups.map((lookup) => byUser.get(lookup.userId) ?? new Set());
}

const likedPairs = (db: DbOrTx) =>
  prepared(db, "posts_liked_pairs", (db, name) =>
    db
      .selectDistinct({ userId: postLikes.userId, postId: postLikes.postId })
      .from(
        sql`unnest(${sql.placeholder("users")}::int[], ${sql.placeholder("posts")}::int[]) AS pair(user_id, post_id)`,
      )
      .innerJoin(
        postLikes,
        and(sql`${postLikes.postId} = pair.post_id`, sql`${postLikes.userId} = pair.user_id`),
      )
      .prepare(name),
  );

/**
 * Full-text search over content and model name, best match first (GIN index on `search`),
 * ranked among the newest matches only, as global search does (`newestMatches`: a common word
 * matches a large share of a million posts).
 */
export function searchPosts(
  db: DbOrTx,
  viewerId: number | null,
  opts: { q: string; limit: number; tag?: string },
  exclude?: SQL,
): Promise<PostWithAuthor[]> {
  // The normalised words, each also as a prefix ("gpt4" finds "GPT-4o", common/search.ts).
  const { web, prefix } = tsQueries(opts.q);
  const match =
    and(sql`(${posts.search} @@ ${web} OR ${posts.search} @@ ${prefix})`, tagCondition(opts.tag)) ??
    sql`true`;
  return selectPosts(db, viewerId)
    .where(and(sql`${posts.id} IN ${newestMatches("posts", match, true)}`, visible.post(), exclude))
    .orderBy(
      sql`2 * ts_rank_cd(${posts.search}, ${web}) + ts_rank_cd(${posts.search}, ${prefix}) desc`,
      desc(posts.id),
    )
    .limit(opts.limit);
}

export async function findPost(
  db: DbOrTx,
  viewerId: number | null,
  id: number,
): Promise<PostWithAuthor | undefined> {
  if (viewerId === null) {
    // A visitor's post page (every shared link): a prepared statement (db/prepared.ts).
    const [row] = await visitorsPost(db).execute({ id });
    return row;
  }
  const [row] = await selectPosts(db, viewerId).where(eq(posts.id, id)).limit(1);
  return row;
}

const visitorsPost = (db: DbOrTx) =>
  prepared(db, "posts_by_id_visitor", (db, name) =>
    selectPosts(db, null)
      .where(eq(posts.id, sql.placeholder("id")))
      .limit(1)
      .prepare(name),
  );

/** Checked before every comment and comment list: concurrent checks share one statement. */
/** A post's author and whether it is hidden pending review (batched per event-loop turn). */
export function findPostOwner(
  db: DbOrTx,
  id: number,
): Promise<{ authorId: number; hidden: boolean; anonymous: boolean } | undefined> {
  return batched(db, "posts_owners", ownersOf)(id);
}

async function ownersOf(
  db: DbOrTx,
  ids: number[],
): Promise<Array<{ authorId: number; hidden: boolean; anonymous: boolean } | undefined>> {
  const rows = await ownersOfMany(db).execute({ ids: intArray(ids) });
  const byId = new Map(
    rows.map((r) => [r.id, { authorId: r.authorId, hidden: r.hidden, anonymous: r.anonymous }]),
  );
  return ids.map((id) => byId.get(id));
}

const ownersOfMany = (db: DbOrTx) =>
  prepared(db, "posts_owners_of", (db, name) =>
    db
      .select({
        id: posts.id,
        authorId: posts.authorId,
        hidden: sql<boolean>`${posts.hiddenAt} IS NOT NULL`,
        anonymous: posts.isAnonymous,
      })
      .from(posts)
      .where(sql`${posts.id} = any(${sql.placeholder("ids")}::int[])`)
      .prepare(name),
  );

/** A new post's fields. */
interface PostValues {
  authorId: number;
  content: string;
  aiModel: string | null;
  rating: number | null;
  image: string | null;
  tags: string[];
  isAnonymous: boolean;
  createdAt: Date;
}

export async function insertPost(
  db: DbOrTx,
  values: PostValues & { likes?: number; comments?: number; views?: number },
): Promise<number> {
  return (await insertPostRow(db, values)).id;
}

/** Inserts a post and answers its stored row (the author's fields are the caller's to add). */
export async function insertPostRow(db: DbOrTx, values: Parameters<typeof insertPost>[1]) {
  const [row] = await insertPostStatement(db).execute({
    ...values,
    likes: values.likes ?? 0,
    comments: values.comments ?? 0,
    views: values.views ?? 0,
    tagKeys: values.tags.map((t) => t.toLowerCase()),
  });
  return row!;
}

/**
 * A member's new post. Members posting at the same moment share one statement and its commit
 * (`batchedWrite`, decision 0146); a member's two posts go in turn. Answers the stored row, as
 * `insertPostRow` does.
 */
export function createPostRow(
  db: DbOrTx,
  values: PostValues,
): Promise<Awaited<ReturnType<typeof insertPostRow>>> {
  return batchedWrite(db, "posts_create", createPosts, (p: NewPost) => String(p.authorId))({
    ...values,
    createdAt: values.createdAt.toISOString(),
  });
}

type NewPost = Omit<PostValues, "createdAt"> & { createdAt: string };

async function createPosts(
  db: DbOrTx,
  batch: NewPost[],
): Promise<Awaited<ReturnType<typeof insertPostRow>>[]> {
  const rows = await createPostsStatement(db).all({
    authors: intArray(batch.map((p) => p.authorId)),
    contents: textArray(batch.map((p) => p.content)),
    models: textArray(batch.map((p) => p.aiModel)),
    ratings: intArray(batch.map((p) => p.rating)),
    images: textArray(batch.map((p) => p.image)),
    tags: JSON.stringify(batch.map((p) => p.tags)),
    anonymous: wordArray(batch.map((p) => String(p.isAnonymous))),
    createdAt: wordArray(batch.map((p) => p.createdAt)),
  });
  const byAuthor = new Map(rows.map((r) => [r.author_id, r]));
  return batch.map((p) => {
    const r = byAuthor.get(p.authorId);
    if (!r) throw new Error(`post of ${p.authorId} not stored`);
    return postFromRaw(r, r.hidden_at === null ? null : new Date(r.hidden_at));
  });
}

/** A batch's posts (each member once), tags as a JSON array of arrays (they differ in length). */
const createPostsStatement = (db: DbOrTx) =>
  preparedSql<RawPostColumns & { hidden_at: string | null }>(
    db,
    "posts_create",
    () => sql`WITH v AS (
          SELECT * FROM unnest(${sql.placeholder("authors")}::int[], ${sql.placeholder("contents")}::text[],
                               ${sql.placeholder("models")}::text[], ${sql.placeholder("ratings")}::int[],
                               ${sql.placeholder("images")}::text[], ${sql.placeholder("anonymous")}::boolean[],
                               ${sql.placeholder("createdAt")}::timestamptz[])
                 WITH ORDINALITY AS v(author_id, content, ai_model, rating, image, is_anonymous, created_at, i)
        ), t AS (
          SELECT v.i, ARRAY(SELECT jsonb_array_elements_text(${sql.placeholder("tags")}::jsonb -> (v.i::int - 1))) AS tags
          FROM v
        )
        INSERT INTO ${posts} (author_id, content, ai_model, rating, image, tags, tag_keys, is_anonymous, created_at, updated_at)
        SELECT v.author_id, v.content, v.ai_model, v.rating, v.image, t.tags,
               ARRAY(SELECT lower(x) FROM unnest(t.tags) WITH ORDINALITY AS u(x, n) ORDER BY n),
               v.is_anonymous, v.created_at, v.created_at
        FROM v JOIN t ON t.i = v.i ORDER BY v.i
        RETURNING id, author_id, content, ai_model, rating, image, tags, is_anonymous, likes, comments, views,
                  ${isoTime("created_at")} AS created_at, ${isoTime("updated_at")} AS updated_at,
                  ${isoTime("hidden_at")} AS hidden_at`,
  );

/** Every column the caller gives, as placeholders: one prepared statement for every new post. */
const insertPostStatement = (db: DbOrTx) =>
  prepared(db, "posts_insert", (db, name) => {
    const p = sql.placeholder;
    return db
      .insert(posts)
      .values({
        authorId: p("authorId"),
        content: p("content"),
        aiModel: p("aiModel"),
        rating: p("rating"),
        image: p("image"),
        tags: p("tags"),
        tagKeys: p("tagKeys"),
        isAnonymous: p("isAnonymous"),
        likes: p("likes"),
        comments: p("comments"),
        views: p("views"),
        createdAt: p("createdAt"),
        updatedAt: p("createdAt"),
      })
      .returning(postColumns)
      .prepare(name);
  });

/** The owner is part of the WHERE clause: only the author's row can change. */
export async function updatePostContent(
  db: DbOrTx,
  id: number,
  authorId: number,
  values: { content: string; tags: string[]; updatedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ ...values, tagKeys: values.tags.map((t) => t.toLowerCase()) })
    .where(and(eq(posts.id, id), eq(posts.authorId, authorId)))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** Likes, comments and views go with the post (ON DELETE CASCADE). */
export async function deletePost(
  db: DbOrTx,
  id: number,
  authorId: number,
): Promise<{ id: number; image: string | null } | undefined> {
  const [row] = await db
    .delete(posts)
    .where(and(eq(posts.id, id), eq(posts.authorId, authorId)))
    .returning({ id: posts.id, image: posts.image });
  return row;
}

export async function isImageInUse(db: DbOrTx, image: string): Promise<boolean> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.image, image)).limit(1);
  return row !== undefined;
}

/** Counts a view once per viewer per post per hour; answers whether it counted. */
export async function recordView(
  db: DbOrTx,
  postId: number,
  viewerKey: string,
  hour: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(postViews)
    .values({ postId, viewerKey, hour })
    .onConflictDoNothing()
    .returning({ postId: postViews.postId });
  if (inserted.length === 0) return false;
  await db
    .update(posts)
    .set({ views: sql`${posts.views} + 1` })
    .where(eq(posts.id, postId));
  return true;
}

// ---- likes: the like row and the counter change in one statement ----

/**
 * Likes or unlikes in one statement (one round trip, one commit): the member's like is removed
 * if present, otherwise added, and the post's counter moves with it. When neither happened, a
 * concurrent request of the same member liked it first: it is liked. `authorId` is null when
 * the post does not exist. The likes of members liking at the same moment share the statement
 * and its commit (`batchedWrite`, decision 0146); a member's two toggles of one post never do.
 */
export function toggleLikeRow(db: DbOrTx, postId: number, userId: number, now: Date): Promise<LikeToggled> {
  return batchedWrite(
    db,
    "posts_toggle_like",
    toggleLikes,
    (t: LikeToggle) => `${t.postId}:${t.userId}`,
  )({
    postId,
    userId,
    at: now.toISOString(),
  });
}

interface LikeToggle {
  postId: number;
  userId: number;
  at: string;
}
export interface LikeToggled {
  liked: boolean;
  added: boolean;
  likes: number;
  authorId: number | null;
}

async function toggleLikes(db: DbOrTx, toggles: LikeToggle[]): Promise<LikeToggled[]> {
  const rows = await toggleLikesStatement(db).all({
    posts: intArray(toggles.map((t) => t.postId)),
    users: intArray(toggles.map((t) => t.userId)),
    at: wordArray(toggles.map((t) => t.at)),
  });
  const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
  return toggles.map((_, i) => {
    const row = byIndex.get(i + 1);
    return {
      liked: !row?.removed,
      added: Boolean(row?.added),
      likes: row?.likes ?? 0,
      authorId: row?.author_id ?? null,
    };
  });
}

/**
 * A batch's toggles: each pair (post, member) appears once. A post liked and unliked in the same
 * batch moves by the sum; its new count is every toggle's answer. The final SELECT reads `posts`
 * as it was before the statement (one snapshot), so a post whose count moved answers from
 * `bumped`. A missing post is neither liked nor unliked (its author is null: not found). Posts
 * are updated in id order, as the views' flush does, so the two rarely wait on each other.
 */
const toggleLikesStatement = (db: DbOrTx) =>
  preparedSql<{
    i: number;
    removed: boolean;
    added: boolean;
    likes: number | null;
    author_id: number | null;
  }>(
    db,
    "posts_toggle_likes",
    () => sql`WITH v AS (
          SELECT * FROM unnest(${sql.placeholder("posts")}::int[], ${sql.placeholder("users")}::int[],
                               ${sql.placeholder("at")}::timestamptz[]) WITH ORDINALITY AS v(post_id, user_id, at, i)
        ), removed AS (
          DELETE FROM ${postLikes} l USING v WHERE l.post_id = v.post_id AND l.user_id = v.user_id
          RETURNING l.post_id, l.user_id
        ), added AS (
          INSERT INTO ${postLikes} (post_id, user_id, created_at)
          SELECT v.post_id, v.user_id, v.at FROM v
          WHERE EXISTS (SELECT 1 FROM ${posts} p WHERE p.id = v.post_id)
            AND NOT EXISTS (SELECT 1 FROM removed r WHERE r.post_id = v.post_id AND r.user_id = v.user_id)
          ORDER BY v.post_id, v.user_id
          ON CONFLICT DO NOTHING RETURNING post_id, user_id
        ), delta AS (
          SELECT post_id, sum(d)::int AS d
          FROM (SELECT post_id, 1 AS d FROM added UNION ALL SELECT post_id, -1 FROM removed) x
          GROUP BY post_id
        ), bumped AS (
          UPDATE ${posts} SET likes = greatest(${posts}.likes + delta.d, 0)
          FROM (SELECT post_id, d FROM delta WHERE d <> 0 ORDER BY post_id) delta
          WHERE ${posts}.id = delta.post_id
          RETURNING ${posts}.id, ${posts}.likes, ${posts}.author_id
        )
        SELECT v.i::int AS i,
               EXISTS (SELECT 1 FROM removed r WHERE r.post_id = v.post_id AND r.user_id = v.user_id) AS removed,
               EXISTS (SELECT 1 FROM added a WHERE a.post_id = v.post_id AND a.user_id = v.user_id) AS added,
               coalesce(b.likes, p.likes) AS likes, coalesce(b.author_id, p.author_id) AS author_id
        FROM v LEFT JOIN bumped b ON b.id = v.post_id LEFT JOIN ${posts} p ON p.id = v.post_id`,
  );

export async function bumpPostCounter(
  db: DbOrTx,
  postId: number,
  column: "likes" | "comments",
  delta: 1 | -1,
): Promise<{ likes: number; comments: number; authorId: number } | undefined> {
  const target = column === "likes" ? posts.likes : posts.comments;
  const [row] = await db
    .update(posts)
    .set({ [column]: sql`greatest(${target} + ${delta}, 0)` })
    .where(eq(posts.id, postId))
    .returning({ likes: posts.likes, comments: posts.comments, authorId: posts.authorId });
  return row;
}

// ---- comments ----

const commentFields = {
  id: postComments.id,
  postId: postComments.postId,
  parentId: postComments.parentId,
  authorId: postComments.authorId,
  content: postComments.content,
  isAnonymous: postComments.isAnonymous,
  createdAt: postComments.createdAt,
  editedAt: postComments.editedAt,
  deletedAt: postComments.deletedAt,
  authorUsername: users.username,
  authorAvatar: users.avatar,
  authorGeneration: users.generation,
};

function selectComments(db: DbOrTx) {
  return db.select(commentFields).from(postComments).innerJoin(users, eq(users.id, postComments.authorId));
}
export type CommentWithAuthor = Awaited<ReturnType<typeof selectComments>>[number];

/**
 * Oldest first, so a thread reads top to bottom; `cursor` is the last id seen. Replies come in
 * the same list (a reply is always newer than its parent) and the client nests them. Hidden
 * (moderated) comments are left out, and so are the replies of a hidden comment.
 */
export function listComments(
  db: DbOrTx,
  postId: number,
  opts: { limit: number; cursor?: number },
  exclude?: SQL,
): Promise<CommentWithAuthor[]> {
  return selectComments(db)
    .where(
      and(
        eq(postComments.postId, postId),
        opts.cursor ? gt(postComments.id, opts.cursor) : undefined,
        visible.comment(),
        exclude,
      ),
    )
    .orderBy(asc(postComments.id))
    .limit(opts.limit);
}

/** One comment with its author (hidden ones included: the caller decides). */
export async function findComment(
  db: DbOrTx,
  postId: number,
  commentId: number,
): Promise<(CommentWithAuthor & { hiddenAt: Date | null }) | undefined> {
  const [row] = await db
    .select({ ...commentFields, hiddenAt: postComments.hiddenAt })
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.authorId))
    .where(and(eq(postComments.id, commentId), eq(postComments.postId, postId)))
    .limit(1);
  return row;
}

/** Edits the text of the author's own live comment (owner in the WHERE clause). */
export async function updateComment(
  db: DbOrTx,
  postId: number,
  commentId: number,
  authorId: number,
  values: { content: string; editedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(postComments)
    .set(values)
    .where(
      and(
        eq(postComments.id, commentId),
        eq(postComments.postId, postId),
        eq(postComments.authorId, authorId),
        isNull(postComments.deletedAt),
        isNull(postComments.hiddenAt),
      ),
    )
    .returning({ id: postComments.id });
  return rows.length > 0;
}

/**
 * Deletes the author's comment (docs/decisions/0070): a top-level comment with replies keeps its
 * place as "[deleted]" (text emptied, row kept) so the thread stays readable; otherwise the row
 * goes, and a "[deleted]" parent left without replies goes with it. The post's counter follows
 * the rows removed (it counts rows, placeholders included). Answers whether the comment was found.
 */
export async function removeComment(
  tx: DbOrTx,
  postId: number,
  commentId: number,
  authorId: number,
  now: Date,
): Promise<boolean> {
  const mine = and(
    eq(postComments.id, commentId),
    eq(postComments.postId, postId),
    eq(postComments.authorId, authorId),
    isNull(postComments.deletedAt),
  );
  const [kept] = await tx
    .update(postComments)
    .set({ content: "", deletedAt: now, editedAt: null })
    .where(and(mine, sql`EXISTS (SELECT 1 FROM post_comments r WHERE r.parent_id = ${postComments.id})`))
    .returning({ id: postComments.id });
  if (kept) return true;
  const [gone] = await tx
    .delete(postComments)
    .where(mine)
    .returning({ id: postComments.id, parentId: postComments.parentId });
  if (!gone) return false;
  let removed = 1;
  if (gone.parentId !== null) {
    const parents = await tx
      .delete(postComments)
      .where(
        and(
          eq(postComments.id, gone.parentId),
          sql`${postComments.deletedAt} IS NOT NULL`,
          sql`NOT EXISTS (SELECT 1 FROM post_comments r WHERE r.parent_id = ${postComments.id})`,
        ),
      )
      .returning({ id: postComments.id });
    removed += parents.length;
  }
  await tx
    .update(posts)
    .set({ comments: sql`greatest(${posts.comments} - ${removed}, 0)` })
    .where(eq(posts.id, postId));
  return true;
}

/** A new comment's fields. */
interface CommentValues {
  postId: number;
  authorId: number;
  content: string;
  isAnonymous: boolean;
  createdAt: Date;
  parentId: number | null;
}

/**
 * Adds a comment and counts it on its post in one statement (one round trip, one commit);
 * answers the comment's id and the post's author (a missing post fails on the foreign key).
 */
export function insertComment(db: DbOrTx, values: CommentValues): Promise<{ id: number; ownerId: number }> {
  // Members commenting at the same moment share the statement and its commit (decision 0146);
  // a member's two comments on one post go in turn.
  return batchedWrite(
    db,
    "posts_add_comments",
    insertComments,
    (c: NewComment) => `${c.postId}:${c.authorId}`,
  )({
    ...values,
    createdAt: values.createdAt.toISOString(),
  });
}

type NewComment = Omit<CommentValues, "createdAt"> & { createdAt: string };

async function insertComments(
  db: DbOrTx,
  comments: NewComment[],
): Promise<{ id: number; ownerId: number }[]> {
  const rows = await addComments(db).all({
    posts: intArray(comments.map((c) => c.postId)),
    authors: intArray(comments.map((c) => c.authorId)),
    contents: textArray(comments.map((c) => c.content)),
    anonymous: wordArray(comments.map((c) => String(c.isAnonymous))),
    createdAt: wordArray(comments.map((c) => c.createdAt)),
    parents: intArray(comments.map((c) => c.parentId)),
  });
  const byPair = new Map(rows.map((r) => [`${r.post_id}:${r.author_id}`, r]));
  return comments.map((c) => {
    const row = byPair.get(`${c.postId}:${c.authorId}`);
    if (!row) throw new Error(`comment of ${c.authorId} on post ${c.postId} not stored`);
    return { id: row.id, ownerId: row.owner_id };
  });
}

/** A batch's comments (each member once per post), and each post's count moved by its own, in id order. */
const addComments = (db: DbOrTx) =>
  preparedSql<{ id: number; post_id: number; author_id: number; owner_id: number }>(
    db,
    "posts_add_comments",
    () => sql`WITH v AS (
          SELECT * FROM unnest(${sql.placeholder("posts")}::int[], ${sql.placeholder("authors")}::int[],
                               ${sql.placeholder("contents")}::text[], ${sql.placeholder("anonymous")}::boolean[],
                               ${sql.placeholder("createdAt")}::timestamptz[], ${sql.placeholder("parents")}::int[])
                 WITH ORDINALITY AS v(post_id, author_id, content, is_anonymous, created_at, parent_id, i)
        ), c AS (
          INSERT INTO ${postComments} (post_id, author_id, content, is_anonymous, created_at, parent_id)
          SELECT post_id, author_id, content, is_anonymous, created_at, parent_id FROM v ORDER BY i
          RETURNING id, post_id, author_id
        ), counted AS (
          UPDATE ${posts} SET comments = ${posts}.comments + n.n
          FROM (SELECT post_id, count(*)::int AS n FROM c GROUP BY post_id ORDER BY post_id) n
          WHERE ${posts}.id = n.post_id
          RETURNING ${posts}.id, ${posts}.author_id
        )
        SELECT c.id, c.post_id, c.author_id, counted.author_id AS owner_id
        FROM c JOIN counted ON counted.id = c.post_id`,
  );

/** Members by user name (case-insensitive), for `@mentions`. */
export async function findUserIdsByUsernames(db: DbOrTx, usernames: string[]): Promise<number[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`lower(${users.username}) in (${sql.join(
        usernames.map((u) => sql`${u}`),
        sql`, `,
      )})`,
    );
  return rows.map((r) => r.id);
}
