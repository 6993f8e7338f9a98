import { type SQL, sql } from "drizzle-orm";
import { normalizeSearchText, prefixQueryText } from "../../../common/search";
import { intArray } from "../../db/batch";
import { type DbOrTx, queryRows } from "../../db/connect";
import { visibleSql } from "../moderation/public";

/** `%`, `_` and `\` match themselves in ILIKE. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The term as PostgreSQL full-text queries over the normalised text (common/search.ts: "gpt4"
 * and "GPT-4o" meet as "gpt 4…"), built so that no input can make them fail:
 * `websearch_to_tsquery` accepts anything (quotes, -negation, "or"), and the prefix query is
 * assembled only from letter/digit words (so typing "transf" finds "transformer").
 */
export function tsQueries(term: string): { web: SQL; prefix: SQL } {
  const prefix = prefixQueryText(term);
  return {
    web: sql`websearch_to_tsquery('english', ${normalizeSearchText(term)})`,
    prefix: prefix ? sql`to_tsquery('english', ${prefix})` : sql`''::tsquery`,
  };
}

export interface PostHit {
  id: number;
  content: string;
  ai_model: string | null;
  likes: number;
  comments: number;
  created_at: Date | string;
  is_anonymous: boolean;
  author_id: number;
  username: string;
  avatar: string | null;
}

/**
 * How many matches, newest first, are ranked at most. A common word matches a large share of
 * a million posts; ranking every match (and reading every matching row) is what made search
 * slow. Relevance is therefore "best among the newest CANDIDATES matches", which is what a
 * search box on a feed wants.
 */
export const CANDIDATES = 200;
/** How many of the newest rows are looked through (twice: first a few, then more) before the GIN index. */
export const DENSE_WINDOW = 2000;
export const WIDE_WINDOW = 20_000;
/**
 * Global search: a word with at least this many matches among the newest DENSE_WINDOW rows is
 * not rare, so the GIN path (which reads every match) is never taken for it — a word common in
 * older posts but thin in the newest ones (0.7 s through the GIN path at a million posts) is
 * looked up in the newest WIDE_WINDOW rows instead.
 */
export const RARE_BELOW = 5;
/**
 * The GIN path reads at most this many matches. A word the newest rows lack can still be common
 * in older ones (a burst of other posts pushed it down: 142,556 matches, a sequential scan of a
 * million posts and 600 MB read per search at 1M posts); past this many the word was not rare,
 * and which of its matches are ranked is the index's order, not the newest.
 */
export const SPARSE_MAX = 5000;

/**
 * The ids of the newest CANDIDATES visible rows of `table` whose `search` vector matches, by
 * the cheapest of three paths — chosen at run time, not by the planner's estimate (which it
 * cannot make for a rare word and gets wrong both ways):
 * - dense: the newest DENSE_WINDOW rows, walking the primary key backwards (a common word
 *   fills the candidates there);
 * - wide (`wide` true: the feed's search, where a word is often combined with a hashtag and
 *   matches a few percent of the rows): only when dense found fewer than CANDIDATES, the newest
 *   WIDE_WINDOW rows;
 * - sparse: only when wide found fewer too (global search: when dense found fewer than
 *   RARE_BELOW — a rare word), every match through the GIN index
 *   (few rows, by definition; at most SPARSE_MAX), newest CANDIDATES kept. Each later path holds all of the
 *   earlier ones' matches.
 * One-time filters on the earlier paths' counts skip the later scans entirely.
 */
function candidates(table: "posts" | "prompts", match: SQL, wide: boolean): SQL {
  const t = sql.raw(table);
  // For a bare word (global search) wide is only for a word that is neither common (dense
  // filled the candidates) nor rare (fewer than RARE_BELOW matches in dense: sparse); reading
  // 20,000 rows' vectors for a rare word would make it slow.
  const denseCount = sql`(SELECT count(*) FROM dense)`;
  const wideWhen = wide
    ? sql`${denseCount} < ${CANDIDATES}`
    : sql`${denseCount} < ${CANDIDATES} AND ${denseCount} >= ${RARE_BELOW}`;
  const sparseWhen = wide
    ? sql`${denseCount} < ${CANDIDATES} AND (SELECT count(*) FROM wide) < ${CANDIDATES}`
    : sql`${denseCount} < ${RARE_BELOW}`;
  // The windows keep the table's name as their alias, so `match` may use qualified columns.
  const shown = table === "posts" ? visibleSql.post(table) : visibleSql.prompt(table);
  return sql`dense AS MATERIALIZED (
      SELECT id FROM (SELECT * FROM ${t} ORDER BY id DESC LIMIT ${DENSE_WINDOW}) ${t}
      WHERE (${match}) AND ${shown}
      ORDER BY id DESC LIMIT ${CANDIDATES}),
    wide AS MATERIALIZED (
      SELECT id FROM (SELECT * FROM ${t} ORDER BY id DESC LIMIT ${WIDE_WINDOW}) ${t}
      WHERE (${match}) AND ${shown} AND ${wideWhen}
      ORDER BY id DESC LIMIT ${CANDIDATES}),
    sparse AS MATERIALIZED (
      SELECT id FROM ${t}
      WHERE (${match}) AND ${shown} AND ${sparseWhen}
      LIMIT ${SPARSE_MAX}),
    candidates AS (
      SELECT id FROM dense
      UNION
      SELECT id FROM wide
      UNION
      SELECT id FROM (SELECT id FROM sparse ORDER BY id DESC LIMIT ${CANDIDATES}) s)`;
}

/** `(SELECT id ...)` of the newest CANDIDATES visible rows matching `match` (see `candidates`). */
export function newestMatches(table: "posts" | "prompts", match: SQL, wide = false): SQL {
  return sql`(WITH ${candidates(table, match, wide)} SELECT id FROM candidates)`;
}

/** Posts by relevance (the posts feature's weighted `search` tsvector and its GIN index). */
export function searchPosts(
  db: DbOrTx,
  term: string,
  limit: number,
  hidden: readonly number[] = [],
): Promise<PostHit[]> {
  const { web, prefix } = tsQueries(term);
  return queryRows<PostHit>(
    db,
    sql`WITH ${candidates("posts", sql`search @@ ${web} OR search @@ ${prefix}`, false)}
        SELECT p.id, p.content, p.ai_model, p.likes, p.comments, p.created_at, p.is_anonymous,
               p.author_id, u.username, u.avatar
        FROM (SELECT p.id, p.content, p.ai_model, p.likes, p.comments, p.created_at, p.is_anonymous,
                     p.author_id, 2 * ts_rank_cd(p.search, ${web}) + ts_rank_cd(p.search, ${prefix}) AS rank
              FROM candidates c JOIN posts p ON p.id = c.id
              ${hidden.length ? sql`WHERE (p.is_anonymous OR p.author_id <> ALL(${intArray(hidden)}::int[]))` : sql``}
              ORDER BY rank DESC, p.id DESC
              LIMIT ${limit}) p
        JOIN users u ON u.id = p.author_id
        ORDER BY p.rank DESC, p.id DESC`,
  );
}

export interface PromptHit {
  id: number;
  title: string;
  description: string;
  category: string;
  likes_count: number;
  username: string;
  avatar: string | null;
}

/** Prompts by relevance on their stored `search` vector (migration 0011), newest CANDIDATES matches. */
export function searchPrompts(
  db: DbOrTx,
  term: string,
  limit: number,
  hidden: readonly number[] = [],
): Promise<PromptHit[]> {
  const { web, prefix } = tsQueries(term);
  return queryRows<PromptHit>(
    db,
    sql`WITH ${candidates("prompts", sql`search @@ ${web} OR search @@ ${prefix}`, false)}
        SELECT p.id, p.title, p.description, p.category, p.likes_count, u.username, u.avatar
        FROM (SELECT p.id, p.title, p.description, p.category, p.likes_count, p.author_id,
                     2 * ts_rank_cd(p.search, ${web}) + ts_rank_cd(p.search, ${prefix}) AS rank
              FROM candidates c JOIN prompts p ON p.id = c.id
              ${hidden.length ? sql`WHERE p.author_id <> ALL(${intArray(hidden)}::int[])` : sql``}
              ORDER BY rank DESC, p.likes_count DESC, p.id DESC
              LIMIT ${limit}) p
        JOIN users u ON u.id = p.author_id
        ORDER BY p.rank DESC, p.likes_count DESC, p.id DESC`,
  );
}

export interface UserHit {
  id: number;
  username: string;
  avatar: string | null;
  bio: string;
  generation: string;
  followers_count: number;
}

/** Members a short term's prefix match reads at most, before they are ranked. */
export const SHORT_TERM_CANDIDATES = 200;

/**
 * Whether pg_trgm can look the term up: a LIKE pattern gives trigrams only from three letters or
 * digits in a row.
 */
const hasTrigram = (name: string) => /[\p{L}\p{N}]{3}/u.test(name);

/**
 * Members by trigram similarity of the username (the `users_username_trgm_idx` GIN index
 * serves both the substring match and the `%` similarity operator); exact and prefix
 * matches first. A term without three letters or digits in a row ("ai", "a-b") would read every
 * username that way (decision 0151): it finds the usernames starting with it instead, at most
 * SHORT_TERM_CANDIDATES of them read from `users_username_prefix_idx`, ranked the same way.
 */
export function searchUsers(
  db: DbOrTx,
  term: string,
  limit: number,
  hidden: readonly number[] = [],
): Promise<UserHit[]> {
  const name = term.replace(/^@/, "").slice(0, 60);
  if (!/[\p{L}\p{N}]/u.test(name)) return Promise.resolve([]);
  const contains = `%${escapeLike(name)}%`;
  const starts = `${escapeLike(name.toLowerCase())}%`;
  const notHidden = hidden.length ? sql`AND id <> ALL(${intArray(hidden)}::int[])` : sql``;
  const ranked = sql`ORDER BY (lower(username) = lower(${name})) DESC,
                 (lower(username) LIKE ${starts}) DESC,
                 similarity(username, ${name}) DESC,
                 followers_count DESC, id
        LIMIT ${limit}`;
  if (!hasTrigram(name)) {
    return queryRows<UserHit>(
      db,
      sql`SELECT id, username, avatar, bio, generation, followers_count
          FROM (SELECT id, username, avatar, bio, generation, followers_count
                FROM users
                WHERE lower(username) LIKE ${starts} ${notHidden}
                LIMIT ${SHORT_TERM_CANDIDATES}) prefixed
          ${ranked}`,
    );
  }
  return queryRows<UserHit>(
    db,
    sql`SELECT id, username, avatar, bio, generation, followers_count
        FROM users
        WHERE (username ILIKE ${contains} OR username % ${name})
          ${notHidden}
        ${ranked}`,
  );
}
