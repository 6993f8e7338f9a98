import { eq, sql } from "drizzle-orm";
import { batched, batchedWrite, intArray, wordArray } from "../../db/batch";
import type { DbOrTx } from "../../db/connect";
import { preparedSql } from "../../db/prepared";
import {
  contentFingerprints,
  type ModerationSettingsRow,
  moderationActions,
  moderationSettings,
  posts,
} from "../../db/schema";

export async function readSettingsRow(db: DbOrTx): Promise<ModerationSettingsRow | undefined> {
  const [row] = await db.select().from(moderationSettings).where(eq(moderationSettings.id, 1)).limit(1);
  return row;
}

export async function insertAction(
  db: DbOrTx,
  values: { userId: number | null; action: string; reason: string; content: string; createdAt: Date },
): Promise<void> {
  await db.insert(moderationActions).values(values);
}

/**
 * Whether the member published this text (by fingerprint) since `since`. Asked before every
 * post, comment, thread and reply: concurrent checks share one statement (db/batch.ts).
 */
export function hasRecentFingerprint(
  db: DbOrTx,
  userId: number,
  kind: string,
  hash: string,
  since: Date,
): Promise<boolean> {
  return batched(db, "moderation_fingerprints", recentFingerprints)({ userId, kind, hash, since });
}

async function recentFingerprints(
  db: DbOrTx,
  checks: Array<{ userId: number; kind: string; hash: string; since: Date }>,
): Promise<boolean[]> {
  const rows = await fingerprintsSeen(db).all({
    users: intArray(checks.map((c) => c.userId)),
    kinds: wordArray(checks.map((c) => c.kind)),
    hashes: wordArray(checks.map((c) => c.hash)),
    since: wordArray(checks.map((c) => c.since.toISOString())),
  });
  const found = new Set(rows.map((r) => r.i));
  return checks.map((_, index) => found.has(index + 1));
}

const fingerprintsSeen = (db: DbOrTx) =>
  preparedSql<{ i: number }>(
    db,
    "moderation_fingerprints_seen",
    () => sql`SELECT q.i::int AS i
        FROM unnest(${sql.placeholder("users")}::int[], ${sql.placeholder("kinds")}::text[],
                    ${sql.placeholder("hashes")}::text[], ${sql.placeholder("since")}::timestamptz[])
             WITH ORDINALITY AS q(user_id, kind, hash, since, i)
        WHERE EXISTS (
          SELECT 1 FROM ${contentFingerprints} f
          WHERE f.user_id = q.user_id AND f.kind = q.kind AND f.hash = q.hash AND f.created_at > q.since
        )`,
  );

/**
 * Remembers an accepted text and forgets the member's fingerprints older than the window. Made
 * on every accepted post, comment, thread and reply: the members' texts accepted at the same
 * moment share one statement and its commit (`batchedWrite`, decision 0146).
 */
export function rememberFingerprint(
  db: DbOrTx,
  values: { userId: number; kind: string; hash: string; createdAt: Date },
  forgetBefore: Date,
): Promise<void> {
  return batchedWrite(db, "moderation_remember_fingerprints", rememberMany, (r: Remembered) =>
    [r.userId, r.kind, r.hash].join(":"),
  )({
    userId: values.userId,
    kind: values.kind,
    hash: values.hash,
    createdAt: values.createdAt.toISOString(),
    forgetBefore: forgetBefore.toISOString(),
  });
}

interface Remembered {
  userId: number;
  kind: string;
  hash: string;
  createdAt: string;
  forgetBefore: string;
}

async function rememberMany(db: DbOrTx, texts: Remembered[]): Promise<undefined[]> {
  await remember(db).all({
    users: intArray(texts.map((r) => r.userId)),
    kinds: wordArray(texts.map((r) => r.kind)),
    hashes: wordArray(texts.map((r) => r.hash)),
    createdAt: wordArray(texts.map((r) => r.createdAt)),
    forgetBefore: wordArray(texts.map((r) => r.forgetBefore)),
  });
  return texts.map(() => undefined);
}

const remember = (db: DbOrTx) =>
  preparedSql(
    db,
    "moderation_remember_fingerprints",
    () => sql`WITH v AS (
          SELECT * FROM unnest(${sql.placeholder("users")}::int[], ${sql.placeholder("kinds")}::text[],
                               ${sql.placeholder("hashes")}::text[], ${sql.placeholder("createdAt")}::timestamptz[],
                               ${sql.placeholder("forgetBefore")}::timestamptz[])
                 AS v(user_id, kind, hash, created_at, forget_before)
        ), forgotten AS (
          DELETE FROM ${contentFingerprints} f USING v
          WHERE f.user_id = v.user_id AND f.created_at < v.forget_before
        )
        INSERT INTO ${contentFingerprints} (user_id, kind, hash, created_at)
        SELECT user_id, kind, hash, created_at FROM v`,
  );

/**
 * How many posts the member made since `since`: the plan's posts-per-day check, made before every
 * post of a capped plan. Members posting at once share one statement (db/batch.ts), each count
 * through posts_author_created_idx.
 */
export function countPostsSince(db: DbOrTx, authorId: number, since: Date): Promise<number> {
  return batched(db, "moderation_posts_since", postsSinceMany)({ authorId, since });
}

async function postsSinceMany(db: DbOrTx, asks: Array<{ authorId: number; since: Date }>): Promise<number[]> {
  const rows = await postsSince(db).all({
    authors: intArray(asks.map((a) => a.authorId)),
    since: wordArray(asks.map((a) => a.since.toISOString())),
  });
  const byIndex = new Map(rows.map((r) => [r.i, r.n]));
  return asks.map((_, index) => byIndex.get(index + 1) ?? 0);
}

const postsSince = (db: DbOrTx) =>
  preparedSql<{ i: number; n: number }>(
    db,
    "moderation_posts_since",
    () => sql`SELECT q.i::int AS i,
          (SELECT count(*)::int FROM ${posts} p WHERE p.author_id = q.author_id AND p.created_at > q.since) AS n
        FROM unnest(${sql.placeholder("authors")}::int[], ${sql.placeholder("since")}::timestamptz[])
             WITH ORDINALITY AS q(author_id, since, i)`,
  );
