import { type SQL, sql } from "drizzle-orm";
import type { SavedItems } from "../../../common/ai-models";
import type { PageQuery } from "../../../common/http";
import { plainExcerpt } from "../../../common/markdown";
import { SAVED_MESSAGES, type SavedEntry, type SavedKind, type SavedPage } from "../../../common/saved";
import { intArray } from "../../db/batch";
import { queryRows } from "../../db/connect";
import type { AppContext, SessionUser } from "../../platform/context";
import { notFound } from "../../platform/errors";
import { presentSummary } from "../ai-models/public";
import { listBookmarkedModels } from "../ai-models/public";
import { notAuthoredBy, viewerFilter } from "../blocks/public";

/** The stored kind (singular) of each tab. */
const STORED: Record<SavedKind, "post" | "thread" | "prompt"> = {
  posts: "post",
  threads: "thread",
  prompts: "prompt",
};

const EXCERPT = 200;
/** Posts and prompts are Markdown: an excerpt (and a post's title, its first line) shows their words. */
const excerpt = (text: string, length = EXCERPT) => plainExcerpt(text, length);

interface Row {
  saved_id: number;
  saved_at: Date | string;
  id: number;
  title: string;
  body: string;
  forum_id: number | null;
  username: string | null;
  created_at: Date | string;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Does this item exist and is it visible (not hidden by moderation)? */
async function visible(ctx: AppContext, kind: SavedKind, id: number): Promise<boolean> {
  const table = kind === "posts" ? sql`posts` : kind === "threads" ? sql`forum_threads` : sql`prompts`;
  const rows = await queryRows<{ ok: number }>(
    ctx.db,
    sql`SELECT 1 AS ok FROM ${table} WHERE id = ${id} AND hidden_at IS NULL`,
  );
  return rows.length > 0;
}

export function createSavedService(ctx: AppContext) {
  const limiter = ctx.limiter({ name: "saved-items", points: 60, durationSec: 60 });
  const slowDown = "You are doing that too often: rate limit reached. Please wait a minute.";

  return {
    /** `cursor` is the id of the last model seen; the page continues after its bookmark. */
    async list(user: SessionUser, page: PageQuery): Promise<SavedItems> {
      const rows = await listBookmarkedModels(ctx.db, user.id, page.limit, page.cursor);
      return {
        models: rows.map((r) => ({ ...presentSummary(r), bookmarkedAt: r.bookmarkedAt.toISOString() })),
      };
    },

    /**
     * One tab, newest saved first, keyset on the saved row's id. Hidden (moderated) and deleted
     * items drop out by the join; so does named content of a member blocked either way (a stealth
     * post stays, and never names its author: decision 0092, 0099).
     */
    async listItems(user: SessionUser, kind: SavedKind, page: PageQuery): Promise<SavedPage> {
      const filter = await viewerFilter(ctx, user);
      const after = page.cursor ? sql`AND s.id < ${page.cursor}` : sql``;
      const and = (c: SQL | undefined) => (c ? sql`AND ${c}` : sql``);
      let query: SQL;
      if (kind === "posts") {
        query = sql`SELECT s.id AS saved_id, s.created_at AS saved_at, p.id, '' AS title, p.content AS body,
              NULL::int AS forum_id, CASE WHEN p.is_anonymous THEN NULL ELSE u.username END AS username,
              p.created_at
            FROM saved_items s JOIN posts p ON p.id = s.item_id JOIN users u ON u.id = p.author_id
            WHERE s.user_id = ${user.id} AND s.kind = 'post' ${after} AND p.hidden_at IS NULL
              ${and(notAuthoredBy(filter.hidden, "p.author_id", "p.is_anonymous"))}
            ORDER BY s.id DESC LIMIT ${page.limit + 1}`;
      } else if (kind === "threads") {
        query = sql`SELECT s.id AS saved_id, s.created_at AS saved_at, t.id, t.title, t.content AS body,
              t.forum_id, u.username, t.created_at
            FROM saved_items s JOIN forum_threads t ON t.id = s.item_id JOIN users u ON u.id = t.author_id
            WHERE s.user_id = ${user.id} AND s.kind = 'thread' ${after} AND t.hidden_at IS NULL
              ${and(notAuthoredBy(filter.hidden, "t.author_id"))}
            ORDER BY s.id DESC LIMIT ${page.limit + 1}`;
      } else {
        query = sql`SELECT s.id AS saved_id, s.created_at AS saved_at, p.id, p.title, p.description AS body,
              NULL::int AS forum_id, u.username, p.created_at
            FROM saved_items s JOIN prompts p ON p.id = s.item_id JOIN users u ON u.id = p.author_id
            WHERE s.user_id = ${user.id} AND s.kind = 'prompt' ${after} AND p.hidden_at IS NULL
              ${and(notAuthoredBy(filter.hidden, "p.author_id"))}
            ORDER BY s.id DESC LIMIT ${page.limit + 1}`;
      }
      const rows = await queryRows<Row>(ctx.db, query);
      const more = rows.length > page.limit;
      const items: SavedEntry[] = rows.slice(0, page.limit).map((r) => ({
        kind,
        id: r.id,
        title: kind === "posts" ? excerpt(r.body.split("\n")[0] ?? "", 80) : r.title,
        excerpt: excerpt(r.body),
        url:
          kind === "posts"
            ? `/post/${r.id}`
            : kind === "threads"
              ? `/forums/${r.forum_id}/threads/${r.id}`
              : `/prompts?prompt=${r.id}`,
        author: r.username ? { username: r.username } : null,
        createdAt: iso(r.created_at),
        savedAt: iso(r.saved_at),
        cursor: r.saved_id,
      }));
      return { items, nextCursor: more ? (items.at(-1)?.cursor ?? null) : null };
    },

    /** Which of these ids the member saved. */
    async which(user: SessionUser, kind: SavedKind, ids: number[]): Promise<{ ids: number[] }> {
      const rows = await queryRows<{ item_id: number }>(
        ctx.db,
        sql`SELECT item_id FROM saved_items
            WHERE user_id = ${user.id} AND kind = ${STORED[kind]} AND item_id = ANY(${intArray(ids)}::int[])`,
      );
      return { ids: rows.map((r) => Number(r.item_id)) };
    },

    /** Saves or unsaves; idempotent and safe under concurrency (the unique index). */
    async set(user: SessionUser, kind: SavedKind, id: number, saved: boolean): Promise<{ saved: boolean }> {
      await limiter.consume(`u:${user.id}`, slowDown);
      if (saved) {
        if (!(await visible(ctx, kind, id))) throw notFound(SAVED_MESSAGES.notFound);
        await queryRows(
          ctx.db,
          sql`INSERT INTO saved_items (user_id, kind, item_id, created_at)
              VALUES (${user.id}, ${STORED[kind]}, ${id}, ${ctx.now()})
              ON CONFLICT (user_id, kind, item_id) DO NOTHING`,
        );
      } else {
        await queryRows(
          ctx.db,
          sql`DELETE FROM saved_items WHERE user_id = ${user.id} AND kind = ${STORED[kind]} AND item_id = ${id}`,
        );
      }
      return { saved };
    },
  };
}
