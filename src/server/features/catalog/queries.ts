import { type SQL, sql } from "drizzle-orm";
import type { CatalogStatus, CatalogModelValues } from "../../../common/catalog";
import { type DbOrTx, queryRows } from "../../db/connect";

/** A model as the editor reads it (every editable fact; numbers and days as the app shows them). */
export interface CatalogRow {
  id: number;
  slug: string;
  name: string;
  company: string;
  description: string;
  long_description: string;
  category: string;
  pricing: string;
  pricing_details: string | null;
  price_input_per_m: number | null;
  price_output_per_m: number | null;
  context_window: number | null;
  license: string | null;
  open_weights: boolean;
  features: string[];
  use_cases: string[];
  model_size: string | null;
  training_data: string | null;
  has_api: boolean;
  is_open_source: boolean;
  is_verified: boolean;
  website: string | null;
  release_date: string | null;
  benchmark_details: Record<string, number>;
  sources: string[];
  last_verified_at: string | null;
  retired_at: Date | string | null;
  updated_at: Date | string;
}

export interface CatalogListRow {
  id: number;
  slug: string;
  name: string;
  company: string;
  category: string;
  last_verified_at: string | null;
  retired_at: Date | string | null;
}

const FULL = sql`SELECT id, slug, name, company, description, long_description, category, pricing,
    pricing_details, price_input_per_m::float8 AS price_input_per_m,
    price_output_per_m::float8 AS price_output_per_m, context_window, license, open_weights,
    features, use_cases, model_size, training_data, has_api, is_open_source, is_verified, website,
    to_char(release_date, 'YYYY-MM-DD') AS release_date, benchmark_details, sources,
    to_char(last_verified_at, 'YYYY-MM-DD') AS last_verified_at, retired_at, updated_at
  FROM ai_models`;

const LIST = sql`SELECT id, slug, name, company, category,
    to_char(last_verified_at, 'YYYY-MM-DD') AS last_verified_at, retired_at
  FROM ai_models`;

export async function findCatalogModel(db: DbOrTx, id: number, lock = false): Promise<CatalogRow | null> {
  const rows = await queryRows<CatalogRow>(
    db,
    sql`${FULL} WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0] ?? null;
}

/** Old slugs leading to the model (ai_model_slug_redirects_model_idx). */
export async function redirectsOf(db: DbOrTx, id: number): Promise<string[]> {
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`SELECT slug FROM ai_model_slug_redirects WHERE model_id = ${id} ORDER BY created_at, slug`,
  );
  return rows.map((r) => r.slug);
}

/**
 * Serialises every change of slugs (creates, renames) for the rest of the transaction: a slug is
 * one model's current slug or one old slug, never both, and two admins cannot take the same one.
 */
export async function lockSlugs(tx: DbOrTx): Promise<void> {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext('agora:ai_model_slugs'))`);
}

/** Which model holds `slug`, as its current slug or as an old one (ai_models_slug_idx, the redirects' key). */
export async function slugHolder(
  db: DbOrTx,
  slug: string,
): Promise<{ modelId: number; current: boolean } | null> {
  const rows = await queryRows<{ model_id: number; current: boolean }>(
    db,
    sql`SELECT id AS model_id, true AS current FROM ai_models WHERE slug = ${slug}
        UNION ALL
        SELECT model_id, false AS current FROM ai_model_slug_redirects WHERE slug = ${slug}
        LIMIT 1`,
  );
  const row = rows[0];
  return row ? { modelId: row.model_id, current: row.current } : null;
}

/** `base`, or `base-2`, `base-3`, … : the first slug neither a model's nor an old one. */
export async function freeSlug(db: DbOrTx, base: string): Promise<string> {
  const like = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const taken = await queryRows<{ slug: string }>(
    db,
    sql`SELECT slug FROM ai_models WHERE slug = ${base} OR slug LIKE ${like}
        UNION SELECT slug FROM ai_model_slug_redirects WHERE slug = ${base} OR slug LIKE ${like}`,
  );
  const used = new Set(taken.map((t) => t.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** The listed or retired model with this name key, other than `exceptId` (ai_models_name_key_idx). */
export async function modelWithNameKey(
  db: DbOrTx,
  key: string,
  exceptId: number | null,
): Promise<{ id: number; name: string; slug: string } | null> {
  const rows = await queryRows<{ id: number; name: string; slug: string }>(
    db,
    sql`SELECT id, name, slug FROM ai_models
      WHERE regexp_replace(lower(name), '[^a-z0-9]+', '', 'g') = ${key}
        ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`}
      LIMIT 1`,
  );
  return rows[0] ?? null;
}

/** The columns an edit sets, from validated values (benchmarkScore derived by the caller). */
function factColumns(v: CatalogModelValues, benchmarkScore: number | null): SQL[] {
  return [
    sql`name = ${v.name}`,
    sql`company = ${v.company}`,
    sql`description = ${v.description}`,
    sql`long_description = ${v.longDescription}`,
    sql`category = ${v.category}`,
    sql`pricing = ${v.pricing}`,
    sql`pricing_details = ${v.pricingDetails}`,
    sql`price_input_per_m = ${v.priceInputPerM}`,
    sql`price_output_per_m = ${v.priceOutputPerM}`,
    sql`context_window = ${v.contextWindow}`,
    sql`license = ${v.license}`,
    sql`open_weights = ${v.openWeights}`,
    sql`features = ${textArray(v.features)}`,
    sql`use_cases = ${textArray(v.useCases)}`,
    sql`model_size = ${v.modelSize}`,
    sql`training_data = ${v.trainingData}`,
    sql`has_api = ${v.hasApi}`,
    sql`is_open_source = ${v.isOpenSource}`,
    sql`is_verified = ${v.isVerified}`,
    sql`website = ${v.website}`,
    sql`release_date = ${v.releaseDate}::date`,
    sql`benchmark_details = ${JSON.stringify(v.benchmarkDetails)}::jsonb`,
    sql`benchmark_score = ${benchmarkScore}`,
    sql`sources = ${textArray(v.sources)}`,
    sql`last_verified_at = ${v.lastVerifiedAt}::date`,
  ];
}

/** A text[] parameter (an empty list too). */
const textArray = (items: readonly string[]) =>
  items.length === 0
    ? sql`'{}'::text[]`
    : sql`ARRAY[${sql.join(
        items.map((i) => sql`${i}`),
        sql`, `,
      )}]::text[]`;

/** Inserts a model (the one insert of a new model: the editor and a published request, decision 0116). */
export async function insertModel(
  db: DbOrTx,
  slug: string,
  v: CatalogModelValues,
  benchmarkScore: number | null,
  now: Date,
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO ai_models (slug, name, company, description, long_description, category, pricing,
          pricing_details, price_input_per_m, price_output_per_m, context_window, license, open_weights,
          features, use_cases, model_size, training_data, has_api, is_open_source, is_verified, website,
          release_date, benchmark_details, benchmark_score, sources, last_verified_at, created_at, updated_at)
        VALUES (${slug}, ${v.name}, ${v.company}, ${v.description}, ${v.longDescription}, ${v.category},
          ${v.pricing}, ${v.pricingDetails}, ${v.priceInputPerM}, ${v.priceOutputPerM}, ${v.contextWindow},
          ${v.license}, ${v.openWeights}, ${textArray(v.features)}, ${textArray(v.useCases)}, ${v.modelSize},
          ${v.trainingData}, ${v.hasApi}, ${v.isOpenSource}, ${v.isVerified}, ${v.website},
          ${v.releaseDate}::date, ${JSON.stringify(v.benchmarkDetails)}::jsonb, ${benchmarkScore},
          ${textArray(v.sources)}, ${v.lastVerifiedAt}::date, ${now}, ${now})
        RETURNING id`,
  );
  return rows[0]!.id;
}

export async function updateModel(
  db: DbOrTx,
  id: number,
  slug: string,
  v: CatalogModelValues,
  benchmarkScore: number | null,
  now: Date,
): Promise<void> {
  await queryRows(
    db,
    sql`UPDATE ai_models SET slug = ${slug}, ${sql.join(factColumns(v, benchmarkScore), sql`, `)},
          updated_at = ${now}
        WHERE id = ${id}`,
  );
}

/** The old slug now leads to the model; taking back an old slug of its own drops that redirect. */
export async function moveSlug(db: DbOrTx, id: number, from: string, to: string, now: Date): Promise<void> {
  await queryRows(db, sql`DELETE FROM ai_model_slug_redirects WHERE slug = ${to} AND model_id = ${id}`);
  await queryRows(
    db,
    sql`INSERT INTO ai_model_slug_redirects (slug, model_id, created_at) VALUES (${from}, ${id}, ${now})`,
  );
}

export async function setRetired(db: DbOrTx, id: number, at: Date | null, now: Date): Promise<void> {
  await queryRows(db, sql`UPDATE ai_models SET retired_at = ${at}, updated_at = ${now} WHERE id = ${id}`);
}

export async function setVerified(db: DbOrTx, id: number, day: string, now: Date): Promise<void> {
  await queryRows(
    db,
    sql`UPDATE ai_models SET last_verified_at = ${day}::date, updated_at = ${now} WHERE id = ${id}`,
  );
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The editor's list by name, keyset on (lower(name), id) (ai_models_name_idx); a search matches
 * a substring of the name or company (ai_models_name_trgm_idx).
 */
export function listCatalog(
  db: DbOrTx,
  f: { search?: string; status: CatalogStatus; limit: number; cursor?: number },
): Promise<CatalogListRow[]> {
  const conditions: SQL[] = [];
  if (f.status === "listed") conditions.push(sql`retired_at IS NULL`);
  if (f.status === "retired") conditions.push(sql`retired_at IS NOT NULL`);
  if (f.search) conditions.push(sql`name_text LIKE ${`%${escapeLike(f.search.toLowerCase())}%`}`);
  if (f.cursor !== undefined) {
    conditions.push(
      sql`(lower(name), id) > (SELECT lower(c.name), c.id FROM ai_models c WHERE c.id = ${f.cursor})`,
    );
  }
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  return queryRows<CatalogListRow>(db, sql`${LIST} ${where} ORDER BY lower(name), id LIMIT ${f.limit + 1}`);
}

const VERIFIED_KEY = sql`coalesce(last_verified_at, DATE '0001-01-01')`;

/**
 * The review queue (decision 0117): listed models verified before `before` (or never), never
 * verified first, then the oldest; keyset on (day, id) (ai_models_review_idx).
 */
export function reviewQueue(
  db: DbOrTx,
  f: { before: string; limit: number; cursor?: number },
): Promise<CatalogListRow[]> {
  const after =
    f.cursor === undefined
      ? sql``
      : sql`AND (${VERIFIED_KEY}, id) > (SELECT coalesce(c.last_verified_at, DATE '0001-01-01'), c.id
              FROM ai_models c WHERE c.id = ${f.cursor})`;
  return queryRows<CatalogListRow>(
    db,
    sql`${LIST} WHERE retired_at IS NULL AND ${VERIFIED_KEY} < ${f.before}::date ${after}
        ORDER BY ${VERIFIED_KEY}, id LIMIT ${f.limit + 1}`,
  );
}
