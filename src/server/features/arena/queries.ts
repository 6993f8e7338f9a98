import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { ArenaChoice } from "../../../common/arena";
import { type DbOrTx, queryRows } from "../../db/connect";
import { aiModels, arenaBattles, arenaRecomputeLease, arenaResults, arenaVotes } from "../../db/schema";
import { notAuthoredBy } from "../blocks/public";

export type BattleRow = typeof arenaBattles.$inferSelect;
export type BattleValues = typeof arenaBattles.$inferInsert;

export interface ModelRef {
  id: number;
  name: string;
  slug: string;
}

export async function modelRefs(db: DbOrTx, ids: number[]): Promise<Map<number, ModelRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: aiModels.id, name: aiModels.name, slug: aiModels.slug })
    .from(aiModels)
    .where(inArray(aiModels.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export function listModels(db: DbOrTx) {
  return (
    db
      .select({ id: aiModels.id, name: aiModels.name, slug: aiModels.slug, category: aiModels.category })
      .from(aiModels)
      // A retired model is offered for no new battle (decision 0116).
      .where(isNull(aiModels.retiredAt))
      .orderBy(sql`lower(${aiModels.name})`, aiModels.id)
  );
}

export async function insertBattle(db: DbOrTx, values: BattleValues): Promise<BattleRow> {
  const [row] = await db.insert(arenaBattles).values(values).returning();
  return row!;
}

export async function findBattle(db: DbOrTx, id: number): Promise<BattleRow | undefined> {
  const [row] = await db.select().from(arenaBattles).where(eq(arenaBattles.id, id)).limit(1);
  return row;
}

export function battlesBy(db: DbOrTx, submitterId: number) {
  return db
    .select()
    .from(arenaBattles)
    .where(eq(arenaBattles.submitterId, submitterId))
    .orderBy(desc(arenaBattles.id))
    .limit(50);
}

/**
 * Deletes a battle: `submitterId` set, only the submitter's and only while it has no votes (a vote
 * arriving at the same moment holds the row until it commits, then the count is 1); null: an
 * administrator's removal, whatever its votes (they go with it).
 */
export async function deleteBattle(db: DbOrTx, id: number, submitterId: number | null): Promise<boolean> {
  const rows = await db
    .delete(arenaBattles)
    .where(
      submitterId === null
        ? eq(arenaBattles.id, id)
        : and(
            eq(arenaBattles.id, id),
            eq(arenaBattles.submitterId, submitterId),
            eq(arenaBattles.voteCount, 0),
          ),
    )
    .returning({ id: arenaBattles.id });
  return rows.length > 0;
}

/**
 * The next battle for a voter: shown, not theirs, not voted on by them, not by a member blocked
 * either way (`hiddenSubmitters`, decision 0092); fewest votes first (arena_battles_serve_idx in
 * order, the vote looked up by its primary key). `battleId`: that one only, on the same terms.
 */
export async function nextBattleFor(
  db: DbOrTx,
  voterId: number,
  hiddenSubmitters: readonly number[] = [],
  battleId?: number,
): Promise<BattleRow | undefined> {
  const [row] = await db
    .select()
    .from(arenaBattles)
    .where(
      and(
        sql`${arenaBattles.hiddenAt} IS NULL`,
        sql`${arenaBattles.submitterId} <> ${voterId}`,
        sql`NOT EXISTS (SELECT 1 FROM ${arenaVotes} v WHERE v.battle_id = ${arenaBattles.id} AND v.voter_id = ${voterId})`,
        notAuthoredBy(hiddenSubmitters, sql`${arenaBattles.submitterId}`),
        battleId === undefined ? undefined : eq(arenaBattles.id, battleId),
      ),
    )
    .orderBy(arenaBattles.voteCount, arenaBattles.id)
    .limit(1);
  return row;
}

/**
 * Records the vote once (the primary key decides between two at once); answers the battle's vote
 * count this vote made (the row lock orders concurrent votes), or null: already voted.
 */
export async function insertVote(
  db: DbOrTx,
  values: {
    battleId: number;
    voterId: number;
    choice: ArenaChoice;
    voterGeneration: string;
    createdAt: Date;
  },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(arenaVotes)
      .values(values)
      .onConflictDoNothing()
      .returning({ battleId: arenaVotes.battleId });
    if (inserted.length === 0) return null;
    const [row] = await tx
      .update(arenaBattles)
      .set({ voteCount: sql`${arenaBattles.voteCount} + 1` })
      .where(eq(arenaBattles.id, values.battleId))
      .returning({ votes: arenaBattles.voteCount });
    return row?.votes ?? 0;
  });
}

export async function voteSplit(db: DbOrTx, battleId: number): Promise<Record<ArenaChoice, number>> {
  const rows = await db
    .select({ choice: arenaVotes.choice, n: sql<number>`count(*)::int` })
    .from(arenaVotes)
    .where(eq(arenaVotes.battleId, battleId))
    .groupBy(arenaVotes.choice);
  const split = { a: 0, b: 0, tie: 0, bad: 0 };
  for (const r of rows) if (r.choice in split) split[r.choice as ArenaChoice] = r.n;
  return split;
}

/**
 * One pair's counted votes in one view (decision 0109): `lo` is the lower model id; its wins, the
 * higher id's wins, and the ties ("both bad" included). `view` is overall, category, tag or
 * generation, `g` the group ("" overall).
 */
export interface PairTotalRow {
  view: "overall" | "category" | "tag" | "generation";
  g: string;
  lo: number;
  hi: number;
  winsLo: number;
  winsHi: number;
  ties: number;
}

/**
 * The votes the boards count (decision 0095), totalled per view, pair and outcome in SQL
 * (decision 0109): battles shown; at most `cap` votes of one member on one submitter's battles
 * (the earliest); and, when `delayDays` > 0, only voters whose account is that old and who did
 * something else here (posted, commented, shared a prompt, wrote in a forum or submitted a
 * battle), checked once per voter. Demo accounts are seeded, not signed up: they wait for nothing.
 * The votes are read once (a sequential scan: every vote is needed); the cap's ranking reads
 * arena_votes_rank_idx; the views are sums over the first grouping, which is small.
 */
export function countedPairTotals(db: DbOrTx, opts: { cap: number; delayDays: number; now: Date }) {
  const since = new Date(opts.now.getTime() - opts.delayDays * 86_400_000).toISOString();
  const probation =
    opts.delayDays > 0
      ? sql`AND v.voter_id IN (
            SELECT u.id FROM users u
            WHERE u.is_demo = 1 OR (u.created_at <= ${since}::timestamptz AND (
              EXISTS (SELECT 1 FROM posts p WHERE p.author_id = u.id)
              OR EXISTS (SELECT 1 FROM post_comments c WHERE c.author_id = u.id)
              OR EXISTS (SELECT 1 FROM prompts pr WHERE pr.author_id = u.id)
              OR EXISTS (SELECT 1 FROM forum_threads ft WHERE ft.author_id = u.id)
              OR EXISTS (SELECT 1 FROM forum_replies fr WHERE fr.author_id = u.id)
              OR EXISTS (SELECT 1 FROM arena_battles ab WHERE ab.submitter_id = u.id))))`
      : sql``;
  const sums = sql`sum(c.wins_lo)::int AS "winsLo", sum(c.wins_hi)::int AS "winsHi", sum(c.ties)::int AS ties`;
  return queryRows<PairTotalRow>(
    db,
    sql`WITH ranked AS (
          SELECT b.model_a_id, b.model_b_id, b.category, b.tags, v.choice, v.voter_generation,
                 row_number() OVER (PARTITION BY v.voter_id, b.submitter_id ORDER BY v.created_at, v.battle_id) AS nth
          FROM arena_votes v JOIN arena_battles b ON b.id = v.battle_id
          WHERE b.hidden_at IS NULL ${probation}
        ), cells AS MATERIALIZED (
          SELECT least(r.model_a_id, r.model_b_id) AS lo, greatest(r.model_a_id, r.model_b_id) AS hi,
                 r.category, r.tags, r.voter_generation AS generation,
                 count(*) FILTER (WHERE r.choice IN ('a', 'b') AND (r.choice = 'a') = (r.model_a_id < r.model_b_id)) AS wins_lo,
                 count(*) FILTER (WHERE r.choice IN ('a', 'b') AND (r.choice = 'a') <> (r.model_a_id < r.model_b_id)) AS wins_hi,
                 count(*) FILTER (WHERE r.choice IN ('tie', 'bad')) AS ties
          FROM ranked r
          WHERE r.nth <= ${opts.cap}::int
          GROUP BY 1, 2, 3, 4, 5
        )
        SELECT 'overall' AS view, '' AS g, c.lo, c.hi, ${sums} FROM cells c GROUP BY c.lo, c.hi
        UNION ALL
        SELECT 'category', c.category, c.lo, c.hi, ${sums} FROM cells c GROUP BY c.category, c.lo, c.hi
        UNION ALL
        SELECT 'generation', c.generation, c.lo, c.hi, ${sums} FROM cells c GROUP BY c.generation, c.lo, c.hi
        UNION ALL
        SELECT 'tag', t.tag, c.lo, c.hi, ${sums}
        FROM cells c CROSS JOIN LATERAL unnest(c.tags) AS t(tag) GROUP BY t.tag, c.lo, c.hi
        ORDER BY 1, 2, 3, 4`,
  );
}

/** Takes the recompute lease for `ms` (one recompute at a time across instances); false: another holds it. */
export async function takeLease(db: DbOrTx, now: Date, ms: number): Promise<boolean> {
  const rows = await db
    .update(arenaRecomputeLease)
    .set({ lockedUntil: new Date(now.getTime() + ms) })
    .where(
      and(
        eq(arenaRecomputeLease.id, 1),
        sql`${arenaRecomputeLease.lockedUntil} < ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: arenaRecomputeLease.id });
  return rows.length > 0;
}

export async function releaseLease(db: DbOrTx): Promise<void> {
  await db
    .update(arenaRecomputeLease)
    .set({ lockedUntil: new Date(0) })
    .where(eq(arenaRecomputeLease.id, 1));
}

/**
 * Replaces every stored view at once (one transaction: readers see all old or all new), and the
 * models' overall ratings the directory sorts by (decision 0102; null: not in the Arena).
 */
export async function storeResults(
  db: DbOrTx,
  computedAt: Date,
  views: Array<{ key: string; payload: unknown }>,
  ratings: ReadonlyArray<{ id: number; rating: number }> = [],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(arenaResults);
    if (views.length > 0) {
      await tx
        .insert(arenaResults)
        .values(views.map((v) => ({ viewKey: v.key, computedAt, payload: v.payload })));
    }
    const ids = ratings.map((r) => r.id);
    await tx.execute(
      sql`UPDATE ai_models SET arena_rating = NULL
          WHERE arena_rating IS NOT NULL AND NOT (id = ANY(${`{${ids.join(",")}}`}::int[]))`,
    );
    if (ratings.length > 0) {
      await tx.execute(
        sql`UPDATE ai_models m SET arena_rating = x.rating
            FROM unnest(${`{${ids.join(",")}}`}::int[], ${`{${ratings.map((r) => r.rating).join(",")}}`}::float8[]) AS x(id, rating)
            WHERE m.id = x.id AND m.arena_rating IS DISTINCT FROM x.rating`,
      );
    }
  });
}

/** Several stored views by their primary keys (a model's standing reads the overall and generation boards). */
export function readResults(db: DbOrTx, keys: string[]) {
  return db
    .select({
      viewKey: arenaResults.viewKey,
      computedAt: arenaResults.computedAt,
      payload: arenaResults.payload,
    })
    .from(arenaResults)
    .where(inArray(arenaResults.viewKey, keys));
}

export async function modelBySlug(db: DbOrTx, slug: string): Promise<ModelRef | undefined> {
  const [row] = await db
    .select({ id: aiModels.id, name: aiModels.name, slug: aiModels.slug })
    .from(aiModels)
    .where(eq(aiModels.slug, slug))
    .limit(1);
  return row;
}

/** The public read: one view by its primary key. */
export async function readResult(
  db: DbOrTx,
  key: string,
): Promise<{ computedAt: Date; payload: unknown } | undefined> {
  const [row] = await db
    .select({ computedAt: arenaResults.computedAt, payload: arenaResults.payload })
    .from(arenaResults)
    .where(eq(arenaResults.viewKey, key))
    .limit(1);
  return row;
}

/**
 * Members whose decisive votes on battles with one model favor it at least `share` of the time,
 * over at least `minVotes` such votes (the admins' anomaly list; reads every decisive vote).
 */
export function anomalies(db: DbOrTx, minVotes: number, share: number) {
  return queryRows<{
    voterId: number;
    username: string;
    modelId: number;
    votes: number;
    favoring: number;
  }>(
    db,
    sql`WITH decisive AS (
          SELECT v.voter_id, b.model_a_id, b.model_b_id,
                 CASE WHEN v.choice = 'a' THEN b.model_a_id ELSE b.model_b_id END AS winner
          FROM arena_votes v JOIN arena_battles b ON b.id = v.battle_id
          WHERE v.choice IN ('a', 'b')
        ), per AS (
          SELECT d.voter_id, x.model_id, count(*)::int AS votes,
                 (count(*) FILTER (WHERE d.winner = x.model_id))::int AS favoring
          FROM decisive d CROSS JOIN LATERAL (VALUES (d.model_a_id), (d.model_b_id)) x(model_id)
          GROUP BY d.voter_id, x.model_id
        )
        SELECT per.voter_id AS "voterId", u.username, per.model_id AS "modelId", per.votes, per.favoring
        FROM per JOIN users u ON u.id = per.voter_id
        WHERE per.votes >= ${minVotes}::int AND per.favoring >= ${share}::float8 * per.votes
        ORDER BY per.votes DESC, per.voter_id, per.model_id
        LIMIT 100`,
  );
}
