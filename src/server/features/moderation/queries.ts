import { and, eq, gt, sql } from "drizzle-orm";
import { batched, intArray, wordArray } from "../../db/batch";
import type { DbOrTx } from "../../db/connect";
import { prepared, preparedSql } from "../../db/prepared";
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

/** Remembers an accepted text and forgets the member's fingerprints older than the window. */
export async function rememberFingerprint(
  db: DbOrTx,
  values: { userId: number; kind: string; hash: string; createdAt: Date },
  forgetBefore: Date,
): Promise<void> {
  // One prepared statement (one round trip, one commit) on every accepted post, comment, thread and reply.
  await remember(db).all({
    ...values,
    createdAt: values.createdAt.toISOString(),
    forgetBefore: forgetBefore.toISOString(),
  });
}

const remember = (db: DbOrTx) =>
  preparedSql(db, "moderation_remember_fingerprint", () => {
    const userId = sql`${sql.placeholder("userId")}::int`;
    return sql`WITH forgotten AS (
          DELETE FROM ${contentFingerprints}
          WHERE ${contentFingerprints.userId} = ${userId}
            AND ${contentFingerprints.createdAt} < ${sql.placeholder("forgetBefore")}::timestamptz
        )
        INSERT INTO ${contentFingerprints} (user_id, kind, hash, created_at)
        VALUES (${userId}, ${sql.placeholder("kind")}::text, ${sql.placeholder("hash")}::text,
                ${sql.placeholder("createdAt")}::timestamptz)`;
  });

/** The plan's posts-per-day check, made before every post of a capped plan. */
export async function countPostsSince(db: DbOrTx, authorId: number, since: Date): Promise<number> {
  const [row] = await postsSince(db).execute({ authorId, since });
  return row?.n ?? 0;
}

const postsSince = (db: DbOrTx) =>
  prepared(db, "moderation_posts_since", (db, name) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(
        and(eq(posts.authorId, sql.placeholder("authorId")), gt(posts.createdAt, sql.placeholder("since"))),
      )
      .prepare(name),
  );
