import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";

/**
 * The term as PostgreSQL full-text queries, built so that no input can make them fail:
 * `websearch_to_tsquery` accepts anything (quotes, -negation, "or"), and the prefix query is
 * assembled only from letter/digit words (so typing "transf" finds "transformer").
 */
export function prefixQueryText(term: string): string | null {
  const words = (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (words.length === 0) return null;
  return words.map((w) => `${w.slice(0, 60)}:*`).join(" & ");
}

/** `%`, `_` and `\` match themselves in ILIKE. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

function tsQueries(term: string): { web: SQL; prefix: SQL } {
  const prefix = prefixQueryText(term);
  return {
    web: sql`websearch_to_tsquery('english', ${term})`,
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

/** Posts by relevance (the posts feature's weighted `search` tsvector and its GIN index). */
export function searchPosts(db: DbOrTx, term: string, limit: number): Promise<PostHit[]> {
  const { web, prefix } = tsQueries(term);
  return queryRows<PostHit>(
    db,
    sql`SELECT p.id, p.content, p.ai_model, p.likes, p.comments, p.created_at, p.is_anonymous,
               p.author_id, u.username, u.avatar
        FROM posts p JOIN users u ON u.id = p.author_id
        WHERE (p.search @@ ${web} OR p.search @@ ${prefix}) AND p.hidden_at IS NULL
        ORDER BY (2 * ts_rank_cd(p.search, ${web}) + ts_rank_cd(p.search, ${prefix})) DESC, p.id DESC
        LIMIT ${limit}`,
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

/** Must stay identical to the expression of `prompts_fts_idx` (migration 0008). */
const promptVector = sql`(setweight(to_tsvector('english', p.title), 'A') ||
  setweight(to_tsvector('english', p.description), 'B') ||
  setweight(to_tsvector('english', p.content), 'C'))`;

export function searchPrompts(db: DbOrTx, term: string, limit: number): Promise<PromptHit[]> {
  const { web, prefix } = tsQueries(term);
  return queryRows<PromptHit>(
    db,
    sql`SELECT p.id, p.title, p.description, p.category, p.likes_count, u.username, u.avatar
        FROM prompts p JOIN users u ON u.id = p.author_id
        WHERE (${promptVector} @@ ${web} OR ${promptVector} @@ ${prefix}) AND p.hidden_at IS NULL
        ORDER BY (2 * ts_rank_cd(${promptVector}, ${web}) + ts_rank_cd(${promptVector}, ${prefix})) DESC,
                 p.likes_count DESC, p.id DESC
        LIMIT ${limit}`,
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

/**
 * Members by trigram similarity of the username (the `users_username_trgm_idx` GIN index
 * serves both the substring match and the `%` similarity operator); exact and prefix
 * matches first.
 */
export function searchUsers(db: DbOrTx, term: string, limit: number): Promise<UserHit[]> {
  const name = term.replace(/^@/, "").slice(0, 60);
  if (!/[\p{L}\p{N}]/u.test(name)) return Promise.resolve([]);
  const contains = `%${escapeLike(name)}%`;
  const starts = `${escapeLike(name.toLowerCase())}%`;
  return queryRows<UserHit>(
    db,
    sql`SELECT id, username, avatar, bio, generation, followers_count
        FROM users
        WHERE username ILIKE ${contains} OR username % ${name}
        ORDER BY (lower(username) = lower(${name})) DESC,
                 (lower(username) LIKE ${starts}) DESC,
                 similarity(username, ${name}) DESC,
                 followers_count DESC, id
        LIMIT ${limit}`,
  );
}
