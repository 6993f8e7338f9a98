/**
 * The Arena's share of the benchmark data set (issue 22, decision 0109): 60 directory models,
 * 100,000 battles and 1,000,000 votes at scale 1, written set-wise by a few INSERT ... SELECT FROM
 * generate_series statements (no rows cross the wire), deterministic for a seed.
 *
 * - Battles: submitters in turn over the members (each member submits some, so each passes the
 *   probation's "did something else here"), two different models, a category, 0 to 2 task tags.
 * - Votes: about ten per battle, each by a different member, won with the Bradley–Terry
 *   probability of fixed model strengths; 10% ties and 3% "both bad".
 */
import { ARENA_TAGS } from "../src/common/arena";
import type { BenchDb } from "./lib";

export const ARENA_MODELS = 60;

export function arenaVolumes(scale: number) {
  const n = (base: number) => Math.max(1, Math.round(base * scale));
  return { models: ARENA_MODELS, battles: n(100_000), votes: n(1_000_000) };
}

const literal = (xs: readonly string[]) =>
  `ARRAY[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(", ")}]`;

/** Fills the arena tables of a migrated database with members; answers the row counts. */
export async function fillArena(
  client: BenchDb,
  opts: { battles: number; votes: number; seed: number },
): Promise<{ models: number; battles: number; votes: number }> {
  const step = async (label: string, sql: string) => {
    const started = Date.now();
    await client.query(sql);
    console.log(`  ${label.padEnd(28)} ${Date.now() - started} ms`);
  };
  // setseed makes random() repeat across runs (one session, the same statements in order).
  await client.query(`SELECT setseed(${(opts.seed % 1000) / 1000})`);
  const have = (await client.query("SELECT count(*)::int AS n FROM ai_models")).rows[0]!.n as number;
  if (have < ARENA_MODELS) {
    await step(
      "arena models",
      `INSERT INTO ai_models (slug, name, company, description, category, pricing)
       SELECT 'arena-bench-' || i, 'Arena bench ' || i, 'Bench', 'A benchmark model', 'Language Models', 'Free'
       FROM generate_series(1, ${ARENA_MODELS - have}) i`,
    );
  }
  await step(
    "arena battles",
    `CREATE TEMP TABLE bench_arena_models AS
       SELECT (row_number() OVER (ORDER BY id))::int - 1 AS k, id FROM ai_models ORDER BY id LIMIT ${ARENA_MODELS};
     CREATE TEMP TABLE bench_arena_users AS
       SELECT (row_number() OVER (ORDER BY id))::int - 1 AS k, id, generation FROM users;
     INSERT INTO arena_battles (submitter_id, prompt, category, tags, model_a_id, model_b_id,
                                response_a, response_b, used_on_a, used_on_b, created_at)
     SELECT su.id, 'Benchmark prompt ' || x.i, (${literal(["Language Models", "Code Generation", "Image Generation", "Research Tools"])})[1 + (x.i % 4)],
            (${literal(ARENA_TAGS)})[1:x.ntags] , ma.id, mb.id,
            'Answer A to prompt ' || x.i, 'Answer B to prompt ' || x.i, DATE '2026-01-01', DATE '2026-01-01',
            now() - (x.i || ' seconds')::interval
     FROM (
       SELECT i, floor(random() * ${ARENA_MODELS})::int AS a, floor(random() * ${ARENA_MODELS - 1})::int AS b,
              floor(random() * 3)::int AS ntags
       FROM generate_series(1, ${opts.battles}) i
     ) x
     JOIN bench_arena_users su ON su.k = x.i % (SELECT count(*) FROM bench_arena_users)
     JOIN bench_arena_models ma ON ma.k = x.a
     JOIN bench_arena_models mb ON mb.k = CASE WHEN x.b >= x.a THEN x.b + 1 ELSE x.b END
     ORDER BY x.i;`,
  );
  // Vote j goes to battle j mod B, by member (31·battle + 997·round) mod U: distinct per battle.
  await step(
    "arena votes",
    `WITH b AS (
       SELECT (row_number() OVER (ORDER BY id))::int - 1 AS k, id, model_a_id, model_b_id, created_at
       FROM arena_battles
     ), u AS (SELECT count(*)::int AS n FROM bench_arena_users)
     INSERT INTO arena_votes (battle_id, voter_id, choice, voter_generation, created_at)
     SELECT b.id, vu.id,
            CASE WHEN x.r < 0.10 THEN 'tie' WHEN x.r < 0.13 THEN 'bad'
                 WHEN random() < 1 / (1 + exp((mb.k - ma.k) * 0.06)) THEN 'a' ELSE 'b' END,
            vu.generation, b.created_at + (x.j % 86400 || ' seconds')::interval
     FROM (
       SELECT j, (j % ${opts.battles}) AS bk, (j / ${opts.battles}) AS round, random() AS r
       FROM generate_series(0, ${opts.votes - 1}) j
     ) x
     CROSS JOIN u
     JOIN b ON b.k = x.bk
     JOIN bench_arena_models ma ON ma.id = b.model_a_id
     JOIN bench_arena_models mb ON mb.id = b.model_b_id
     JOIN bench_arena_users vu ON vu.k = ((x.bk::bigint * 31 + x.round::bigint * 997) % u.n)
     ON CONFLICT DO NOTHING;
     UPDATE arena_battles ab SET vote_count = c.n
     FROM (SELECT battle_id, count(*)::int AS n FROM arena_votes GROUP BY battle_id) c
     WHERE c.battle_id = ab.id;
     DROP TABLE bench_arena_models;
     DROP TABLE bench_arena_users;`,
  );
  const counts = (
    await client.query(
      `SELECT (SELECT count(DISTINCT m) FROM arena_battles, LATERAL (VALUES (model_a_id), (model_b_id)) v(m))::int AS models,
              (SELECT count(*) FROM arena_battles)::int AS battles,
              (SELECT count(*) FROM arena_votes)::int AS votes`,
    )
  ).rows[0]!;
  return { models: counts.models, battles: counts.battles, votes: counts.votes };
}
