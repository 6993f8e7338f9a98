import { type SQL, sql } from "drizzle-orm";
import {
  HISTORY_MESSAGES,
  type HistoryKind,
  type HistoryPage,
  STORED_HISTORY_KIND,
} from "../../../common/history";
import type { PageQuery } from "../../../common/http";
import { queryRows } from "../../db/connect";
import type { AppContext, SessionUser } from "../../platform/context";
import { notFound } from "../../platform/errors";

/** The item's author, whether it is stealth, and whether moderation (or deletion) hides it. */
interface Target {
  author_id: number;
  anonymous: boolean;
  hidden: boolean;
}

/**
 * One read per kind: the item as its own page shows it. A hidden item (or one inside a hidden
 * post or thread) stays visible to its author and to administrators only, as on its page; a
 * deleted comment keeps nothing to show.
 */
function targetQuery(kind: HistoryKind, id: number): SQL {
  switch (kind) {
    case "posts":
      return sql`SELECT author_id, is_anonymous AS anonymous, hidden_at IS NOT NULL AS hidden FROM posts WHERE id = ${id}`;
    case "comments":
      return sql`SELECT c.author_id, c.is_anonymous AS anonymous,
            (c.hidden_at IS NOT NULL OR p.hidden_at IS NOT NULL) AS hidden
          FROM post_comments c JOIN posts p ON p.id = c.post_id
          WHERE c.id = ${id} AND c.deleted_at IS NULL`;
    case "threads":
      return sql`SELECT author_id, false AS anonymous, hidden_at IS NOT NULL AS hidden FROM forum_threads WHERE id = ${id}`;
    case "replies":
      return sql`SELECT r.author_id, false AS anonymous,
            (r.hidden_at IS NOT NULL OR t.hidden_at IS NOT NULL) AS hidden
          FROM forum_replies r JOIN forum_threads t ON t.id = r.thread_id WHERE r.id = ${id}`;
    case "prompts":
      return sql`SELECT author_id, false AS anonymous, hidden_at IS NOT NULL AS hidden FROM prompts WHERE id = ${id}`;
    case "reviews":
      return sql`SELECT r.user_id AS author_id, r.anonymous,
            EXISTS (SELECT 1 FROM posts hp WHERE hp.id = r.post_id AND hp.hidden_at IS NOT NULL) AS hidden
          FROM model_ratings r WHERE r.id = ${id}`;
  }
}

interface Row {
  rev: number;
  edited_at: Date | string;
  fields: Record<string, string> | string;
  username: string | null;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function createHistoryService(ctx: AppContext) {
  return {
    /**
     * The item's revisions newest first, keyset on the revision number. Visible exactly where the
     * item is; a stealth item's history names nobody, not even to its author (decision 0105).
     */
    async list(
      viewer: SessionUser | null,
      kind: HistoryKind,
      id: number,
      page: PageQuery,
    ): Promise<HistoryPage> {
      const [target] = await queryRows<Target>(ctx.db, targetQuery(kind, id));
      if (!target || (target.hidden && !viewer?.isAdmin && viewer?.id !== Number(target.author_id))) {
        throw notFound(HISTORY_MESSAGES.notFound);
      }
      const after = page.cursor ? sql`AND r.rev < ${page.cursor}` : sql``;
      const rows = await queryRows<Row>(
        ctx.db,
        sql`SELECT r.rev, r.edited_at, r.fields, u.username
            FROM revisions r LEFT JOIN users u ON u.id = r.edited_by
            WHERE r.kind = ${STORED_HISTORY_KIND[kind]} AND r.target_id = ${id} ${after}
            ORDER BY r.rev DESC LIMIT ${page.limit + 1}`,
      );
      const more = rows.length > page.limit;
      const items = rows.slice(0, page.limit).map((r) => ({
        rev: Number(r.rev),
        editedAt: iso(r.edited_at),
        editor: target.anonymous || !r.username ? null : { username: r.username },
        fields: typeof r.fields === "string" ? (JSON.parse(r.fields) as Record<string, string>) : r.fields,
      }));
      return { items, nextCursor: more ? (items.at(-1)?.rev ?? null) : null };
    },
  };
}
