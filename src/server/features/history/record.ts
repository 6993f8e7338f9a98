import { sql } from "drizzle-orm";
import type { StoredHistoryKind } from "../../../common/history";
import { type DbOrTx, queryRows } from "../../db/connect";

/** One edit as the editing feature saw it: the text fields before and after (decision 0105). */
export interface RevisionInput {
  kind: StoredHistoryKind;
  targetId: number;
  before: Record<string, string>;
  after: Record<string, string>;
  /** When and by whom the text before the edit was written: revision 1 on the first kept edit. */
  originalAt: Date;
  originalBy: number | null;
  editedAt: Date;
  editedBy: number;
}

/** The same text in every field (a no-op edit keeps no revision). */
export function sameFields(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if ((a[k] ?? "") !== (b[k] ?? "")) return false;
  return true;
}

/**
 * The text as the item's own column holds it: a lone UTF-16 surrogate (which JSON can carry but
 * PostgreSQL's jsonb refuses) becomes U+FFFD, as the driver's UTF-8 encoding makes it in a text column.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const asStoredText = (fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.replace(LONE_SURROGATE, "\uFFFD")]));

const insert = (
  tx: DbOrTx,
  r: RevisionInput,
  rev: number,
  fields: Record<string, string>,
  at: Date,
  by: number | null,
) =>
  queryRows(
    tx,
    sql`INSERT INTO revisions (kind, target_id, rev, fields, edited_at, edited_by)
        VALUES (${r.kind}, ${r.targetId}, ${rev}, ${JSON.stringify(asStoredText(fields))}::jsonb, ${at}, ${by})`,
  );

/**
 * Keeps an edit's revision; call it in the edit's transaction after the item's UPDATE, whose row
 * lock orders concurrent edits of one item. The first kept edit also keeps the text before it
 * as revision 1. Answers false (and writes nothing) when no field changed.
 */
export async function recordRevision(tx: DbOrTx, r: RevisionInput): Promise<boolean> {
  if (sameFields(r.before, r.after)) return false;
  const [last] = await queryRows<{ rev: number }>(
    tx,
    sql`SELECT rev FROM revisions WHERE kind = ${r.kind} AND target_id = ${r.targetId} ORDER BY rev DESC LIMIT 1`,
  );
  let rev = last ? Number(last.rev) : 0;
  if (rev === 0) {
    await insert(tx, r, 1, r.before, r.originalAt, r.originalBy);
    rev = 1;
  }
  await insert(tx, r, rev + 1, r.after, r.editedAt, r.editedBy);
  return true;
}
