import { and, eq, gt, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/connect";
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

export async function hasRecentFingerprint(
  db: DbOrTx,
  userId: number,
  kind: string,
  hash: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: contentFingerprints.id })
    .from(contentFingerprints)
    .where(
      and(
        eq(contentFingerprints.userId, userId),
        eq(contentFingerprints.kind, kind),
        eq(contentFingerprints.hash, hash),
        gt(contentFingerprints.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Remembers an accepted text and forgets the member's fingerprints older than the window. */
export async function rememberFingerprint(
  db: DbOrTx,
  values: { userId: number; kind: string; hash: string; createdAt: Date },
  forgetBefore: Date,
): Promise<void> {
  // One statement (one round trip, one commit) on every accepted post, comment, thread and reply.
  await queryRows(
    db,
    sql`WITH forgotten AS (
          DELETE FROM ${contentFingerprints}
          WHERE ${contentFingerprints.userId} = ${values.userId}
            AND ${contentFingerprints.createdAt} < ${forgetBefore.toISOString()}::timestamptz
        )
        INSERT INTO ${contentFingerprints} (user_id, kind, hash, created_at)
        VALUES (${values.userId}, ${values.kind}, ${values.hash}, ${values.createdAt.toISOString()}::timestamptz)`,
  );
}

export async function countPostsSince(db: DbOrTx, authorId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), gt(posts.createdAt, since)));
  return row?.n ?? 0;
}
