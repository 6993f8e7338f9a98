import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";
import { visibleSql } from "../moderation/public";

export interface VersionRow {
  id: number;
  model_id: number;
  name: string;
  release_date: string;
  notes: string;
  created_at: Date | string;
}

const COLUMNS = sql`id, model_id, name, to_char(release_date, 'YYYY-MM-DD') AS release_date, notes, created_at`;

/** The model of a page address (ai_models' unique slug). */
export async function findModelBySlug(db: DbOrTx, slug: string): Promise<{ id: number } | null> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT id FROM ai_models WHERE slug = ${slug}`);
  return rows[0] ?? null;
}

/** The model, held (FOR KEY SHARE) until the transaction ends: it cannot be deleted meanwhile. */
export async function holdModel(db: DbOrTx, id: number): Promise<{ id: number; name: string } | null> {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM ai_models WHERE id = ${id} FOR KEY SHARE`,
  );
  return rows[0] ?? null;
}

/** A model's versions, newest release first (model_versions_model_release_idx). */
export function listVersions(db: DbOrTx, modelId: number): Promise<VersionRow[]> {
  return queryRows<VersionRow>(
    db,
    sql`SELECT ${COLUMNS} FROM model_versions WHERE model_id = ${modelId}
         ORDER BY release_date DESC, id DESC LIMIT 200`,
  );
}

export async function findVersion(db: DbOrTx, id: number): Promise<VersionRow | null> {
  const rows = await queryRows<VersionRow>(db, sql`SELECT ${COLUMNS} FROM model_versions WHERE id = ${id}`);
  return rows[0] ?? null;
}

/**
 * The version `id` when it is a version of model `modelId`, held (FOR KEY SHARE) until the
 * transaction ends, so a review or battle recording it cannot lose it to a concurrent delete.
 */
export async function holdVersionOf(
  db: DbOrTx,
  id: number,
  modelId: number,
): Promise<{ id: number; name: string } | null> {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM model_versions WHERE id = ${id} AND model_id = ${modelId} FOR KEY SHARE`,
  );
  return rows[0] ?? null;
}

/**
 * Shown ratings per version and star (model_ratings_version_id_idx): a rating whose feed post is
 * hidden pending review counts nowhere. `counts[0]` one-star … `counts[4]` five-star.
 */
export async function starCounts(db: DbOrTx, versionIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(versionIds.map((id) => [id, [0, 0, 0, 0, 0]]));
  if (versionIds.length === 0) return out;
  const rows = await queryRows<{ version_id: number; rating: number; n: number }>(
    db,
    sql`SELECT r.version_id, r.rating::int AS rating, count(*)::int AS n FROM model_ratings r
         WHERE r.version_id IN (${sql.join(
           versionIds.map((id) => sql`${id}`),
           sql`, `,
         )}) AND ${visibleSql.rating("r")}
         GROUP BY r.version_id, r.rating`,
  );
  for (const r of rows) {
    const counts = out.get(r.version_id);
    if (counts && r.rating >= 1 && r.rating <= 5) counts[r.rating - 1] = Number(r.n);
  }
  return out;
}

export async function insertVersion(
  db: DbOrTx,
  v: { modelId: number; name: string; releaseDate: string; notes: string; at: Date },
): Promise<VersionRow> {
  const rows = await queryRows<VersionRow>(
    db,
    sql`INSERT INTO model_versions (model_id, name, release_date, notes, created_at, updated_at)
        VALUES (${v.modelId}, ${v.name}, ${v.releaseDate}::date, ${v.notes}, ${v.at}, ${v.at})
        RETURNING ${COLUMNS}`,
  );
  return rows[0]!;
}

/** Edits version `id` (row-locked by the UPDATE); null when there is none. */
export async function updateVersion(
  db: DbOrTx,
  id: number,
  v: { name: string; releaseDate: string; notes: string; at: Date },
): Promise<VersionRow | null> {
  const rows = await queryRows<VersionRow>(
    db,
    sql`UPDATE model_versions SET name = ${v.name}, release_date = ${v.releaseDate}::date, notes = ${v.notes},
          updated_at = ${v.at}
        WHERE id = ${id} RETURNING ${COLUMNS}`,
  );
  return rows[0] ?? null;
}

/** Deletes version `id`: its reviews and battles keep their rows, their version ids set to null. */
export async function deleteVersion(db: DbOrTx, id: number): Promise<VersionRow | null> {
  const rows = await queryRows<VersionRow>(
    db,
    sql`DELETE FROM model_versions WHERE id = ${id} RETURNING ${COLUMNS}`,
  );
  return rows[0] ?? null;
}
