import { type SQL, sql } from "drizzle-orm";
import type { ModelRequestSort, ModelRequestStatus } from "../../../common/model-requests";
import { type DbOrTx, queryRows } from "../../db/connect";

/** A request as the list reads it (with the viewer's upvote and the published model's slug). */
export interface RequestRow {
  id: number;
  requester_id: number;
  username: string | null;
  name: string;
  maker: string;
  link: string;
  why: string;
  status: ModelRequestStatus;
  upvotes: number;
  decline_reason: string | null;
  merged_into_id: number | null;
  draft_description: string;
  draft_category: string | null;
  draft_pricing: string | null;
  model_id: number | null;
  model_slug: string | null;
  upvoted: boolean;
  created_at: Date | string;
}

const SELECT = (viewerId: number | null) => sql`
  SELECT r.id, r.requester_id, u.username, r.name, r.maker, r.link, r.why, r.status, r.upvotes,
    r.decline_reason, r.merged_into_id, r.draft_description, r.draft_category, r.draft_pricing,
    r.model_id, m.slug AS model_slug, r.created_at,
    ${
      viewerId === null
        ? sql`false`
        : sql`EXISTS (SELECT 1 FROM model_request_upvotes v WHERE v.request_id = r.id AND v.user_id = ${viewerId})`
    } AS upvoted
  FROM model_requests r
  JOIN users u ON u.id = r.requester_id
  LEFT JOIN ai_models m ON m.id = r.model_id`;

export async function findRequest(
  db: DbOrTx,
  id: number,
  viewerId: number | null,
): Promise<RequestRow | null> {
  const rows = await queryRows<RequestRow>(db, sql`${SELECT(viewerId)} WHERE r.id = ${id}`);
  return rows[0] ?? null;
}

/**
 * One page in one order, by keyset: "new" on id; "top" on (upvotes, id) after the cursor's row
 * (model_requests_new_idx, model_requests_top_idx). `extra` filters out blocked members' requests.
 */
export function listRequests(
  db: DbOrTx,
  opts: {
    status: ModelRequestStatus;
    sort: ModelRequestSort;
    limit: number;
    cursor?: number;
    viewerId: number | null;
    extra?: SQL;
  },
): Promise<RequestRow[]> {
  const { status, sort, limit, cursor, viewerId, extra } = opts;
  const after =
    cursor === undefined
      ? sql``
      : sort === "new"
        ? sql`AND r.id < ${cursor}`
        : sql`AND (r.upvotes, r.id) < (SELECT c.upvotes, c.id FROM model_requests c WHERE c.id = ${cursor})`;
  const order = sort === "new" ? sql`r.id DESC` : sql`r.upvotes DESC, r.id DESC`;
  return queryRows<RequestRow>(
    db,
    sql`${SELECT(viewerId)} WHERE r.status = ${status} ${after} ${extra ? sql`AND ${extra}` : sql``}
      ORDER BY ${order} LIMIT ${limit + 1}`,
  );
}

/** The open or accepted request with this name key (model_requests_name_key_idx). */
export async function findLiveByKey(
  db: DbOrTx,
  key: string,
): Promise<{ id: number; name: string; status: "open" | "accepted" } | null> {
  const rows = await queryRows<{ id: number; name: string; status: "open" | "accepted" }>(
    db,
    sql`SELECT id, name, status FROM model_requests WHERE name_key = ${key} AND status IN ('open', 'accepted') LIMIT 1`,
  );
  return rows[0] ?? null;
}

/** The directory's model with this name key (ai_models_name_key_idx). */
export async function findModelByKey(
  db: DbOrTx,
  key: string,
): Promise<{ slug: string; name: string } | null> {
  const rows = await queryRows<{ slug: string; name: string }>(
    db,
    sql`SELECT slug, name FROM ai_models
      WHERE regexp_replace(lower(name), '[^a-z0-9]+', '', 'g') = ${key} LIMIT 1`,
  );
  return rows[0] ?? null;
}

/** Locks the request's row for a decision or an upvote. */
export async function lockRequest(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; requester_id: number; status: ModelRequestStatus; name: string } | null> {
  const rows = await queryRows<{
    id: number;
    requester_id: number;
    status: ModelRequestStatus;
    name: string;
  }>(db, sql`SELECT id, requester_id, status, name FROM model_requests WHERE id = ${id} FOR UPDATE`);
  return rows[0] ?? null;
}

/** Recounts a request's upvotes from its rows (exact under concurrency: the row is locked). */
export async function recountUpvotes(db: DbOrTx, id: number): Promise<number> {
  const rows = await queryRows<{ upvotes: number }>(
    db,
    sql`UPDATE model_requests SET upvotes =
        (SELECT count(*)::int FROM model_request_upvotes WHERE request_id = ${id})
      WHERE id = ${id} RETURNING upvotes`,
  );
  return rows[0]?.upvotes ?? 0;
}

export async function upvoterIds(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`SELECT user_id FROM model_request_upvotes WHERE request_id = ${id}`,
  );
  return rows.map((r) => r.user_id);
}
