/**
 * Benchmark data set (issue 12): fills a PostgreSQL database, deterministically from a seed, with
 * the issue's volumes multiplied by BENCH_SCALE (1 = 100k members, 1M posts, 5M likes, ...).
 *
 *   BENCH_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/agora_bench (dropped and
 *                       re-created: the name must contain "bench")
 *   BENCH_SCALE         default 1
 *   BENCH_TARGET=pglite fills the embedded PGlite database of DATA_DIR=BENCH_DATA_DIR instead
 *                       (default /tmp/agora-pglite-bench, wiped: the path must contain "bench")
 *   BENCH_SEED          default 12
 *
 * Rows go in as large multi-row INSERT ... SELECT FROM unnest($1::int[], ...) batches with
 * triggers off (session_replication_role = replica). Posts are inserted with their exact like
 * and comment counts (drawn beforehand); the other denormalised counters and the discovery
 * aggregates are then recomputed set-wise (UPDATE ... FROM (SELECT count ...)), the post
 * counters are verified, then VACUUM (ANALYZE).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { runSeed } from "../src/server/db/seed";
import { recomputeBoards } from "../src/server/features/arena/recompute";
import { arenaVolumes, fillArena } from "./arena-data";
import {
  type BenchDb,
  benchDataDir,
  FADED_TAG,
  benchTarget,
  fillUsernameSkeletons,
  openBenchDb,
} from "./lib";

export const DEFAULT_BENCH_URL = "postgres://postgres@127.0.0.1:5432/agora_bench";
const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_URL;
const scale = Number(process.env.BENCH_SCALE ?? "1");
const seed = Number(process.env.BENCH_SEED ?? "12");
const BATCH = 20_000;
const DAY = 86_400_000;

if (!(scale > 0)) throw new Error("BENCH_SCALE must be a positive number");

const n = (base: number) => Math.max(1, Math.round(base * scale));
export const volumes = {
  users: n(100_000),
  posts: n(1_000_000),
  likes: n(5_000_000),
  comments: n(300_000),
  follows: n(500_000),
  forums: n(2_000),
  threads: n(100_000),
  replies: n(500_000),
  prompts: n(50_000),
  ratings: n(200_000),
  notifications: n(2_000_000),
};

/** mulberry32: a small, fast, seeded PRNG (deterministic across runs and machines). */
function prng(s: number): () => number {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(seed);
const int = (max: number) => Math.floor(rand() * max); // 0..max-1
/**
 * How long ago a like, comment or reply was made to something made `createdAgo` ms ago: within a
 * day after it, and never in the future. (Clamping "up to a day after" at now stamped every
 * reaction to the last day's posts with the generation time: 600,000 likes in one instant, which
 * made a trending window over the last hour read 12 % of all likes.)
 */
const reactionAgo = (createdAgo: number) => {
  const ago = Math.floor(createdAgo);
  return ago - int(Math.min(ago, DAY) + 1);
};
/** Skewed pick in 1..max: a few members/posts get most of the activity (as on real sites). */
const skewed = (max: number) => 1 + Math.floor(max * rand() ** 2.5);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;

const WORDS =
  "model prompt agent reasoning context token latency benchmark vision audio code python rust open weights fine tune dataset eval safety alignment chat assistant image video music research paper inference gpu cluster cost quality speed creative writing summary translation memory tool search retrieval embedding vector cache ship launch demo idea question answer tips workflow".split(
    " ",
  );
const TAGS = [
  "AI",
  "LLM",
  "Prompting",
  "OpenSource",
  "ChatGPT",
  "Claude",
  "Gemini",
  "Llama",
  "Midjourney",
  "StableDiffusion",
  "Agents",
  "RAG",
  "Coding",
  "Research",
  "Ethics",
  "Vision",
  "Audio",
  "Robotics",
  "Startups",
  "Education",
  "Art",
  "Music",
  "Benchmarks",
  "Safety",
];
const GENERATIONS = ["genz", "millennial", "genx", "boomer"] as const;
const FORUM_MODELS = ["chatgpt", "claude", "gemini", "llama", "midjourney", "stable-diffusion", "general"];
const PROMPT_CATEGORIES = ["writing", "coding", "business", "creative", "analysis", "education"];
const PROMPT_MODELS = ["chatgpt", "claude", "gemini", "any"];
const DIFFICULTIES = ["beginner", "intermediate", "advanced"];
const NOTIFICATION_TYPES = [
  ["like", "liked your post"],
  ["comment", "commented on your post"],
  ["follow", "started following you"],
  ["reply", "replied to your thread"],
  ["mention", "mentioned you"],
] as const;

/**
 * Plans by member number (no PRNG draw, so the rest of the data set does not move): every 10th
 * member pays for Pro and every 40th (offset) for Premium — unlimited posts, the members whose
 * sessions `npm run bench:api` uses — every 25th (offset) for Basic; the rest Free. The first
 * UNLIMITED_FIRST members are all on Pro, so every scale has as many members for the sessions
 * (bench:scale holds their number equal across scales: only the data's size changes).
 */
const UNLIMITED_FIRST = 1_000;
const benchTier = (k: number) =>
  k % 10 === 0 || k <= UNLIMITED_FIRST ? "pro" : k % 40 === 5 ? "premium" : k % 25 === 3 ? "basic" : "free";

/** The tables filled below (their secondary indexes are built after the load). */
const FILLED_TABLES = [
  "users",
  "posts",
  "post_likes",
  "post_comments",
  "follows",
  "forums",
  "forum_threads",
  "forum_replies",
  "forum_members",
  "prompts",
  "model_ratings",
  "notifications",
  "hashtag_hourly",
  "hashtag_daily",
  "creator_stats",
  "creator_activity_hourly",
  "creator_activity_daily",
];

const sentence = (min: number, max: number) => {
  const len = min + int(max - min + 1);
  const words: string[] = [];
  for (let i = 0; i < len; i++) words.push(pick(WORDS));
  const s = words.join(" ");
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** `type` is the element type sent as a parameter array; `as` casts it (e.g. a text literal to text[]). */
type Column = { name: string; type: string; as?: string };
/** Inserts `count` rows produced by `row(i)` in batches of BATCH as INSERT ... SELECT unnest(...). */
async function load(
  client: BenchDb,
  table: string,
  columns: Column[],
  count: number,
  row: (i: number) => unknown[],
  suffix = "",
): Promise<void> {
  const started = Date.now();
  const casts = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(", ");
  const names = columns.map((c) => c.name).join(", ");
  const aliases = columns.map((_, i) => `c${i}`).join(", ");
  const selects = columns.map((c, i) => (c.as ? `c${i}::${c.as}` : `c${i}`)).join(", ");
  const sql = `INSERT INTO ${table} (${names}) SELECT ${selects} FROM unnest(${casts}) AS u(${aliases}) ${suffix}`;
  for (let start = 0; start < count; start += BATCH) {
    const end = Math.min(count, start + BATCH);
    const cols: unknown[][] = columns.map(() => []);
    for (let i = start; i < end; i++) {
      const values = row(i);
      for (let c = 0; c < columns.length; c++) (cols[c] as unknown[]).push(values[c]);
    }
    await client.query(sql, cols);
  }
  const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
  console.log(`  ${table.padEnd(16)} ${String(rows[0]!.n).padStart(9)} rows  ${Date.now() - started} ms`);
}

async function recreateDatabase(): Promise<void> {
  if (benchTarget === "pglite") {
    if (!/bench/.test(benchDataDir)) {
      throw new Error(`Refusing to wipe "${benchDataDir}": BENCH_DATA_DIR must contain "bench"`);
    }
    fs.rmSync(benchDataDir, { recursive: true, force: true });
    return;
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/bench/.test(name) || !/^[\w-]+$/.test(name)) {
    throw new Error(`Refusing to recreate "${name}": the benchmark database name must contain "bench"`);
  }
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}

/** The app's configuration on the database being filled. */
const appConfig = () =>
  loadConfig({
    NODE_ENV: "production",
    ...(benchTarget === "pglite" ? { DATA_DIR: benchDataDir } : { DATABASE_URL: url }),
    SEED_DEMO: "0",
    LOG_LEVEL: "warn",
  });

/** Migrations (through buildApp) and the reference seed (catalog, plans, forums, flags...). */
async function migrateAndSeed(): Promise<void> {
  const app = await buildApp(appConfig());
  await runSeed(app.ctx, { demo: false });
  await app.close();
}

/**
 * The Arena's boards as a live site has them (the server recomputes them every
 * ARENA_RECOMPUTE_SECONDS, the first time that long after it starts): without this, the board
 * rows of a run shorter than that read empty boards (a 69-byte answer against 24.8 kB at 1M), and
 * the scale table compared those.
 */
async function computeArenaBoards(): Promise<void> {
  const app = await buildApp(appConfig());
  try {
    if (!(await recomputeBoards(app.ctx))) throw new Error("the Arena's recompute lease was taken");
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const where = benchTarget === "pglite" ? `PGlite ${benchDataDir}` : url.replace(/\/\/[^@]*@/, "//");
  console.log(`bench:data scale=${scale} seed=${seed} -> ${where}`);
  console.log(volumes);
  await recreateDatabase();
  await migrateAndSeed();
  console.log(`  migrations + reference seed ${Date.now() - t0} ms`);

  const client = await openBenchDb(url);
  await client.query("SET session_replication_role = replica"); // no triggers (aggregates rebuilt below)
  await client.query("SET synchronous_commit = off");
  // Room for the big GROUP BYs of the aggregates and the index builds, in memory instead of on disk.
  await client.query("SET work_mem = '256MB'").catch(() => {});
  await client.query("SET maintenance_work_mem = '512MB'").catch(() => {});
  // Secondary indexes of the filled tables are dropped and re-created after the load: building a
  // GIN index (posts' search vector and tags, prompts', trigram) once is many times faster than
  // maintaining it row by row. Unique indexes stay (ON CONFLICT and the data's own checks need them).
  const dropped = (
    await client.query(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename = ANY($1::text[])
         AND i.indexdef NOT LIKE 'CREATE UNIQUE %'`,
      [FILLED_TABLES],
    )
  ).rows as { indexname: string; indexdef: string }[];
  for (const ix of dropped) await client.query(`DROP INDEX "${ix.indexname}"`);
  const now = Date.now();
  const ts = (msAgo: number) => new Date(now - msAgo).toISOString();

  const base = (await client.query("SELECT coalesce(max(id), 0)::int AS m FROM users")).rows[0]!.m as number;
  const U = volumes.users;
  const uid = (k: number) => base + k; // k in 1..U
  const passwordHash = `scrypt$bench$${createHash("sha256").update("bench").digest("hex")}`;
  await load(
    client,
    "users",
    [
      { name: "id", type: "int" },
      { name: "username", type: "text" },
      { name: "email", type: "text" },
      { name: "password_hash", type: "text" },
      { name: "bio", type: "text" },
      { name: "generation", type: "text" },
      { name: "subscription_tier", type: "text" },
      { name: "created_at", type: "timestamptz" },
    ],
    U,
    (i) => [
      uid(i + 1),
      `bench_${i + 1}`,
      `bench_${i + 1}@bench.invalid`,
      passwordHash,
      rand() < 0.5 ? sentence(3, 12) : "",
      pick(GENERATIONS),
      benchTier(i + 1),
      ts(90 * DAY + int(275 * DAY)),
    ],
  );
  await client.query("SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))");

  const models = (await client.query("SELECT id, name FROM ai_models ORDER BY id")).rows as {
    id: number;
    name: string;
  }[];
  const P = volumes.posts;
  if (U >= 2 ** 20) throw new Error("BENCH_SCALE too large: at most 1,048,575 members");
  // Likes and comments are drawn first, so each post is inserted with its exact counters (no
  // UPDATE rewriting a million posts afterwards). A like is one (post, member) pair: pairs are
  // encoded as post * 2^20 + member index, sorted and de-duplicated.
  const likePairs = new Float64Array(volumes.likes);
  for (let i = 0; i < volumes.likes; i++) likePairs[i] = (P + 1 - skewed(P)) * 2 ** 20 + int(U); // newer posts get more likes
  likePairs.sort();
  let likeCount = 0;
  for (let i = 0; i < likePairs.length; i++) {
    if (i === 0 || likePairs[i] !== likePairs[i - 1]) likePairs[likeCount++] = likePairs[i] as number;
  }
  const likesPerPost = new Int32Array(P + 2);
  for (let i = 0; i < likeCount; i++) {
    const post = Math.floor((likePairs[i] as number) / 2 ** 20);
    likesPerPost[post] = (likesPerPost[post] ?? 0) + 1;
  }
  const commentPosts = new Int32Array(volumes.comments);
  const commentsPerPost = new Int32Array(P + 2);
  for (let i = 0; i < volumes.comments; i++) {
    const post = P + 1 - skewed(P);
    commentPosts[i] = post;
    commentsPerPost[post] = (commentsPerPost[post] ?? 0) + 1;
  }

  await load(
    client,
    "posts",
    [
      { name: "id", type: "int" },
      { name: "author_id", type: "int" },
      { name: "content", type: "text" },
      { name: "ai_model", type: "text" },
      { name: "rating", type: "int" },
      { name: "tags", type: "text", as: "text[]" },
      { name: "tag_keys", type: "text", as: "text[]" },
      { name: "is_anonymous", type: "boolean" },
      { name: "views", type: "int" },
      { name: "likes", type: "int" },
      { name: "comments", type: "int" },
      { name: "created_at", type: "timestamptz" },
      // The ranks a post is inserted with (its trigger is off here): decision 0103's formula as
      // post_hot_score (migration 0039) computes it, and Top's likes.
      { name: "hot_score", type: "float8" },
      { name: "ranked_likes", type: "int" },
    ],
    P,
    (i) => {
      const tags = [...new Set(Array.from({ length: int(4) }, () => pick(TAGS)))];
      // A faded trend: FADED_TAG on one post in 16 of the oldest 80 %, on none since (a hashtag
      // page whose tag the newest posts lack: decision 0135).
      if (i < 0.8 * P && i % 16 === 0) tags.push(FADED_TAG);
      const rated = models.length > 0 && rand() < 0.25;
      const model = rated || rand() < 0.3 ? (pick(models)?.name ?? null) : null;
      // ids ascend with time (newest last), spread over 90 days
      const ago = Math.floor(((P - i) / P) * 90 * DAY) + int(60_000);
      const views = int(500);
      const likes = likesPerPost[i + 1] ?? 0;
      const comments = commentsPerPost[i + 1] ?? 0;
      const hotScore = Math.log10(1 + likes + 2 * comments + views / 10) + (now - ago) / 1000 / 45_000;
      return [
        i + 1,
        uid(skewed(U)),
        // "serendipity": the rare word of the search benchmark (about 1 post in 2,000)
        `${sentence(6, 40)}${rand() < 0.0005 ? " serendipity" : ""} ${tags.map((t) => `#${t}`).join(" ")}`.trim(),
        model,
        rated && model ? 1 + int(5) : null,
        `{${tags.join(",")}}`,
        `{${tags.map((t) => t.toLowerCase()).join(",")}}`,
        rand() < 0.05,
        views,
        likes,
        comments,
        ts(ago),
        hotScore,
        likes,
      ];
    },
  );
  await client.query("SELECT setval(pg_get_serial_sequence('posts', 'id'), (SELECT max(id) FROM posts))");

  await load(
    client,
    "post_likes",
    [
      { name: "post_id", type: "int" },
      { name: "user_id", type: "int" },
      { name: "created_at", type: "timestamptz" },
    ],
    likeCount,
    (i) => {
      const pair = likePairs[i] as number;
      const post = Math.floor(pair / 2 ** 20);
      const ago = reactionAgo(((P - post) / P) * 90 * DAY);
      return [post, uid(1 + (pair % 2 ** 20)), ts(ago)];
    },
  );

  await load(
    client,
    "post_comments",
    [
      { name: "post_id", type: "int" },
      { name: "author_id", type: "int" },
      { name: "content", type: "text" },
      { name: "is_anonymous", type: "boolean" },
      { name: "created_at", type: "timestamptz" },
    ],
    volumes.comments,
    (i) => {
      const post = commentPosts[i] as number;
      const ago = reactionAgo(((P - post) / P) * 90 * DAY);
      return [post, uid(1 + int(U)), sentence(3, 25), rand() < 0.03, ts(ago)];
    },
  );

  await load(
    client,
    "follows",
    [
      { name: "follower_id", type: "int" },
      { name: "followee_id", type: "int" },
      { name: "created_at", type: "timestamptz" },
    ],
    volumes.follows,
    () => {
      const a = 1 + int(U);
      let b = skewed(U);
      if (b === a) b = (b % U) + 1;
      return [uid(a), uid(b), ts(int(90 * DAY))];
    },
    "ON CONFLICT DO NOTHING",
  );

  const forumBase = (await client.query("SELECT coalesce(max(id), 0)::int AS m FROM forums")).rows[0]!
    .m as number;
  const F = volumes.forums;
  await load(
    client,
    "forums",
    [
      { name: "id", type: "int" },
      { name: "name", type: "text" },
      { name: "description", type: "text" },
      { name: "ai_model", type: "text" },
      { name: "created_by", type: "int" },
      { name: "created_at", type: "timestamptz" },
    ],
    F,
    (i) => [
      forumBase + i + 1,
      `Bench forum ${i + 1} ${pick(WORDS)}`,
      sentence(6, 20),
      pick(FORUM_MODELS),
      uid(1 + int(U)),
      ts(90 * DAY + int(90 * DAY)),
    ],
  );
  await client.query("SELECT setval(pg_get_serial_sequence('forums', 'id'), (SELECT max(id) FROM forums))");
  const T = volumes.threads;
  await load(
    client,
    "forum_threads",
    [
      { name: "id", type: "int" },
      { name: "forum_id", type: "int" },
      { name: "author_id", type: "int" },
      { name: "title", type: "text" },
      { name: "content", type: "text" },
      { name: "created_at", type: "timestamptz" },
    ],
    T,
    (i) => [
      i + 1,
      forumBase + skewed(F),
      uid(1 + int(U)),
      sentence(3, 10),
      sentence(10, 60),
      ts(Math.floor(((T - i) / T) * 90 * DAY)),
    ],
  );
  await client.query(
    "SELECT setval(pg_get_serial_sequence('forum_threads', 'id'), (SELECT max(id) FROM forum_threads))",
  );
  await load(
    client,
    "forum_replies",
    [
      { name: "thread_id", type: "int" },
      { name: "author_id", type: "int" },
      { name: "content", type: "text" },
      { name: "created_at", type: "timestamptz" },
    ],
    volumes.replies,
    () => {
      const thread = T + 1 - skewed(T);
      const ago = reactionAgo(((T - thread) / T) * 90 * DAY);
      return [thread, uid(1 + int(U)), sentence(5, 40), ts(ago)];
    },
  );

  await load(
    client,
    "prompts",
    [
      { name: "author_id", type: "int" },
      { name: "title", type: "text" },
      { name: "description", type: "text" },
      { name: "content", type: "text" },
      { name: "category", type: "text" },
      { name: "ai_model", type: "text" },
      { name: "difficulty", type: "text" },
      { name: "tags", type: "text", as: "text[]" },
      { name: "created_at", type: "timestamptz" },
    ],
    volumes.prompts,
    () => [
      uid(skewed(U)),
      sentence(3, 8),
      sentence(6, 20),
      sentence(20, 80),
      pick(PROMPT_CATEGORIES),
      pick(PROMPT_MODELS),
      pick(DIFFICULTIES),
      `{${pick(TAGS).toLowerCase()},${pick(TAGS).toLowerCase()}}`,
      ts(int(90 * DAY)),
    ],
  );

  if (models.length > 0) {
    await load(
      client,
      "model_ratings",
      [
        { name: "model_id", type: "int" },
        { name: "user_id", type: "int" },
        { name: "rating", type: "smallint" },
        { name: "review", type: "text" },
        { name: "created_at", type: "timestamptz" },
      ],
      volumes.ratings,
      () => [
        (models[Math.floor(models.length * rand() ** 1.5)] as { id: number }).id,
        uid(1 + int(U)),
        1 + int(5),
        rand() < 0.3 ? sentence(5, 30) : null,
        ts(int(90 * DAY)),
      ],
      "ON CONFLICT DO NOTHING",
    );
  }

  await load(
    client,
    "notifications",
    [
      { name: "user_id", type: "int" },
      { name: "type", type: "text" },
      { name: "message", type: "text" },
      { name: "url", type: "text" },
      { name: "related_user_id", type: "int" },
      { name: "actor_ids", type: "text", as: "int[]" },
      { name: "actor_count", type: "int" },
      { name: "is_read", type: "boolean" },
      { name: "created_at", type: "timestamptz" },
    ],
    volumes.notifications,
    (i) => {
      const [type, message] = pick(NOTIFICATION_TYPES);
      const actor = uid(1 + int(U));
      const ago = Math.floor(((volumes.notifications - i) / volumes.notifications) * 90 * DAY);
      return [
        uid(skewed(U)),
        type,
        message,
        type === "follow" ? `/profile/${actor}` : `/posts/${1 + int(P)}`,
        actor,
        `{${actor}}`,
        1,
        ago > 2 * DAY || rand() < 0.5,
        ts(ago),
      ];
    },
  );

  const step = async (label: string, sql: string) => {
    const s = Date.now();
    await client.query(sql);
    console.log(`  ${label.padEnd(26)} ${Date.now() - s} ms`);
  };
  // Still without triggers: the aggregates the triggers keep are rebuilt set-wise below.
  console.log("counters and aggregates");
  await step(
    "forum members",
    "INSERT INTO forum_members (forum_id, user_id, joined_at) SELECT forum_id, author_id, min(created_at) FROM forum_threads GROUP BY 1, 2 ON CONFLICT DO NOTHING",
  );
  await step(
    "users follow counters",
    `UPDATE users u SET followers_count = c.n FROM (SELECT followee_id AS id, count(*)::int AS n FROM follows GROUP BY 1) c WHERE u.id = c.id;
     UPDATE users u SET following_count = c.n FROM (SELECT follower_id AS id, count(*)::int AS n FROM follows GROUP BY 1) c WHERE u.id = c.id`,
  );
  await step(
    "threads replies",
    `UPDATE forum_threads t SET reply_count = c.n, last_activity_at = c.last, last_reply_author_id = c.author
     FROM (SELECT DISTINCT ON (thread_id) thread_id, count(*) OVER (PARTITION BY thread_id)::int AS n,
             created_at AS last, author_id AS author
           FROM forum_replies ORDER BY thread_id, id DESC) c
     WHERE t.id = c.thread_id`,
  );
  await step(
    "threads without replies",
    "UPDATE forum_threads SET last_activity_at = created_at WHERE reply_count = 0",
  );
  await step(
    "forums counters",
    `UPDATE forums f SET thread_count = c.threads, post_count = c.threads + c.replies, last_activity_at = c.last,
       member_count = coalesce((SELECT count(*)::int FROM forum_members m WHERE m.forum_id = f.id), 0)
     FROM (SELECT forum_id, count(*)::int AS threads, sum(reply_count)::int AS replies, max(last_activity_at) AS last
           FROM forum_threads GROUP BY 1) c
     WHERE f.id = c.forum_id`,
  );
  await step(
    "models ratings",
    `UPDATE ai_models m SET rating = round(c.avg::numeric, 2)::double precision, review_count = c.n
     FROM (SELECT model_id, avg(rating) AS avg, count(*)::int AS n FROM model_ratings GROUP BY 1) c
     WHERE m.id = c.model_id`,
  );
  await step(
    "discovery aggregates",
    `TRUNCATE hashtag_hourly, hashtag_daily, creator_stats, creator_activity_hourly, creator_activity_daily;
     INSERT INTO hashtag_hourly (hour, tag_key, posts)
       SELECT date_trunc('hour', p.created_at, 'UTC'), k, count(*)::int
       FROM posts p CROSS JOIN LATERAL (SELECT DISTINCT unnest(p.tag_keys) AS k) s GROUP BY 1, 2;
     INSERT INTO hashtag_daily (day, tag_key, posts)
       SELECT date_trunc('day', p.created_at, 'UTC'), k, count(*)::int
       FROM posts p CROSS JOIN LATERAL (SELECT DISTINCT unnest(p.tag_keys) AS k) s GROUP BY 1, 2;
     INSERT INTO hashtags (tag_key, display)
       SELECT DISTINCT ON (x.k) x.k, x.t
       FROM (SELECT p.id, u.k, u.t FROM posts p CROSS JOIN LATERAL unnest(p.tag_keys, p.tags) AS u(k, t)) x
       WHERE x.k IS NOT NULL ORDER BY x.k, x.id
     ON CONFLICT (tag_key) DO NOTHING;
     TRUNCATE post_tags;
     INSERT INTO post_tags (tag_key, post_id)
       SELECT DISTINCT k, p.id FROM posts p CROSS JOIN LATERAL unnest(p.tag_keys) AS k WHERE k IS NOT NULL;
     INSERT INTO creator_stats (user_id, likes_received)
       SELECT author_id, sum(likes)::int FROM posts WHERE NOT is_anonymous GROUP BY author_id;
     INSERT INTO creator_activity_hourly (hour, user_id, likes, follows)
       SELECT hour, uid, sum(likes)::int, sum(follows)::int FROM (
         SELECT date_trunc('hour', l.created_at, 'UTC') AS hour, p.author_id AS uid, 1 AS likes, 0 AS follows
           FROM post_likes l JOIN posts p ON p.id = l.post_id WHERE NOT p.is_anonymous AND l.user_id <> p.author_id
         UNION ALL
         SELECT date_trunc('hour', f.created_at, 'UTC'), f.followee_id, 0, 1 FROM follows f
       ) a GROUP BY hour, uid;
     INSERT INTO creator_activity_daily (day, user_id, likes, follows)
       SELECT date_trunc('day', hour, 'UTC'), user_id, sum(likes)::int, sum(follows)::int
       FROM creator_activity_hourly GROUP BY 1, 2;`,
  );
  await step(`${dropped.length} secondary indexes`, dropped.map((ix) => `${ix.indexdef};`).join("\n"));
  // The Arena's battles and votes (issue 22; 1M votes over 60 models at scale 1): bench:api's
  // board rows read them, and `BENCH_ARENA_FILL=0 npm run bench:arena` times a recompute on them.
  {
    const s = Date.now();
    const arena = arenaVolumes(scale);
    const filled = await fillArena(client, { battles: arena.battles, votes: arena.votes, seed });
    console.log(`  ${"arena".padEnd(26)} ${Date.now() - s} ms (${JSON.stringify(filled)})`);
  }
  // The landing page's counters (migration 0011, in shards since 0013), kept by triggers that
  // were off above: one row per key.
  await step(
    "site counters",
    `DELETE FROM site_counters;
     INSERT INTO site_counters (key, shard, total, rated)
       SELECT 'members', 0, count(*), 0 FROM users
       UNION ALL SELECT 'posts', 0, count(*), count(*) FILTER (WHERE rating IS NOT NULL) FROM posts
       UNION ALL SELECT 'prompts', 0, count(*), 0 FROM prompts;`,
  );
  // Models' ratings per rater generation (migration 0010's aggregate, read by model detail).
  await step(
    "ratings by generation",
    `DELETE FROM model_generation_ratings;
     INSERT INTO model_generation_ratings (model_id, generation, total, ratings)
       SELECT r.model_id, u.generation, sum(r.rating)::int, count(*)::int
       FROM model_ratings r JOIN users u ON u.id = r.user_id
       WHERE NOT r.anonymous
       GROUP BY r.model_id, u.generation;`,
  );
  const wrong = (
    await client.query(
      `SELECT count(*)::int AS n FROM posts p
       LEFT JOIN (SELECT post_id, count(*)::int AS n FROM post_likes GROUP BY 1) l ON l.post_id = p.id
       LEFT JOIN (SELECT post_id, count(*)::int AS n FROM post_comments GROUP BY 1) c ON c.post_id = p.id
       WHERE p.likes <> coalesce(l.n, 0) OR p.comments <> coalesce(c.n, 0)`,
    )
  ).rows[0]!.n as number;
  if (wrong > 0) throw new Error(`${wrong} posts have wrong like/comment counters`);
  {
    const s = Date.now();
    const { filled, clashes } = await fillUsernameSkeletons(client);
    console.log(
      `  ${"username skeletons".padEnd(26)} ${Date.now() - s} ms (${filled} filled, ${clashes} clashes)`,
    );
  }
  await client.query("SET session_replication_role = DEFAULT");
  // VACUUM too, not only ANALYZE: the state autovacuum gives a live database within minutes
  // (visibility map set for index-only scans, no GIN pending lists to scan on every query).
  await step("VACUUM (ANALYZE)", "VACUUM (ANALYZE)");
  await client.end();
  {
    const s = Date.now();
    await computeArenaBoards();
    console.log(`  ${"arena boards".padEnd(26)} ${Date.now() - s} ms`);
  }
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`bench:data done in ${seconds} s (scale ${scale})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
