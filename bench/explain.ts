/**
 * Query plans of the hot reads (issue 12): builds the app on the bench database, sends each hot
 * request through `app.inject`, captures the SQL statements Drizzle runs for it (the session's
 * logger), and prints `EXPLAIN (ANALYZE, BUFFERS)` of each SELECT as markdown.
 *
 *   BENCH_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/agora_bench
 *   BENCH_EXPLAIN_DOCS  default 1: also replace the plans in bench/results/query-plans.md (between
 *                       the `<!-- bench:explain -->` and `<!-- /bench:explain -->` markers); 0: print only
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SESSION_COOKIE } from "../src/common/constants";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/agora_bench";

async function main(): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("SET jit = off"); // as the app's pool (src/server/db/connect.ts)
  const member = (
    await client.query(
      "SELECT u.id FROM users u WHERE username LIKE 'bench\\_%' ORDER BY (SELECT count(*) FROM notifications n WHERE n.user_id = u.id) DESC LIMIT 1",
    )
  ).rows[0]?.id as number | undefined;
  if (!member) throw new Error("No bench members: run `npm run bench:data` first");
  const token = randomBytes(32).toString("base64url");
  const hash = createHash("sha256").update(token).digest("base64url");
  await client.query(
    "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')",
    [hash, member],
  );

  const app = await buildApp(
    loadConfig({ NODE_ENV: "production", DATABASE_URL: url, SEED_DEMO: "0", LOG_LEVEL: "warn" }),
  );
  const captured: { sql: string; params: unknown[] }[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: Drizzle's session is internal API
  const session = (app.ctx.db as any).session;
  const logger = { logQuery: (sql: string, params: unknown[]) => captured.push({ sql, params }) };
  session.logger = logger;
  session.options = { ...(session.options ?? {}), logger };

  // The targets bench/api.ts uses: the most reviewed models, the busiest thread, feed page 50.
  const q1 = async <T>(sql: string): Promise<T> => (await client.query(sql)).rows[0] as T;
  const topModels = (
    await client.query("SELECT id, slug FROM ai_models ORDER BY review_count DESC, id LIMIT 3")
  ).rows as { id: number; slug: string }[];
  const thread = await q1<{ id: number; forum_id: number }>(
    "SELECT id, forum_id FROM forum_threads ORDER BY reply_count DESC, id LIMIT 1",
  );
  let cursor: number | undefined;
  for (let page = 1; page < 50; page++) {
    const res = await app.inject({
      method: "GET",
      url: `/api/posts?limit=20${cursor ? `&cursor=${cursor}` : ""}`,
    });
    const posts = res.json() as { id: number }[];
    if (!Array.isArray(posts) || posts.length === 0) break;
    cursor = (posts[posts.length - 1] as { id: number }).id;
  }

  const hot: { name: string; url: string; auth?: boolean }[] = [
    { name: "Landing posts, signed out", url: "/api/posts?limit=3" },
    { name: "Community stats (landing)", url: "/api/stats" },
    { name: "Home feed, first page, signed in", url: "/api/posts?limit=20", auth: true },
    { name: "Home feed, Following tab, signed in", url: "/api/posts?limit=20&tab=following", auth: true },
    {
      name: "Home feed, page 50 by cursor, signed in",
      url: `/api/posts?limit=20&cursor=${cursor ?? 0}`,
      auth: true,
    },
    {
      name: "Model directory (Language Models, top rated)",
      url: "/api/ai-models?category=Language%20Models&sort=rating",
    },
    { name: "Model detail", url: `/api/ai-models/${topModels[0]?.slug ?? "none"}` },
    { name: "Compare of 3", url: `/api/ai-models/compare?models=${topModels.map((m) => m.id).join(",")}` },
    { name: "Prompts by category", url: "/api/prompts?category=coding" },
    // A common word (a page in the window) and a word no prompt holds (the GIN path): decision 0152.
    { name: "Prompt library search, common word", url: "/api/prompts?search=cache" },
    { name: "Prompt library search, rare word, by likes", url: "/api/prompts?search=quokka&sort=likes" },
    { name: "Forums list", url: "/api/forums" },
    { name: "Forum threads page", url: `/api/forums/${thread.forum_id}/threads` },
    { name: "Forum thread", url: `/api/threads/${thread.id}` },
    { name: "Forum thread replies", url: `/api/threads/${thread.id}/replies?limit=20` },
    { name: "Notifications, signed in", url: "/api/notifications?limit=20", auth: true },
    { name: "Unread notifications, signed in", url: "/api/notifications?limit=20&filter=unread", auth: true },
    { name: "Unread count, signed in", url: "/api/notifications/unread-count", auth: true },
    { name: "Trending topics, 24 hours", url: "/api/trending/topics?timeframe=24h" },
    { name: "Trending topics, 30 days", url: "/api/trending/topics?timeframe=30d" },
    { name: "Trending posts, 24 hours", url: "/api/trending/posts?timeframe=24h" },
    { name: "Trending posts, 30 days", url: "/api/trending/posts?timeframe=30d" },
    { name: "Global search, common word", url: "/api/search?q=model", auth: true },
    { name: "Global search, rare word", url: "/api/search?q=serendipity", auth: true },
  ];
  const out: string[] = [];
  for (const h of hot) {
    captured.length = 0;
    const res = await app.inject({
      method: "GET",
      url: h.url,
      headers: h.auth ? { cookie: `${SESSION_COOKIE}=${token}` } : {},
    });
    out.push(`#### ${h.name} — \`GET ${h.url}\` (${res.statusCode})`, "");
    for (const q of captured) {
      if (!/^\s*(select|with)\b/i.test(q.sql) || /from "sessions"/i.test(q.sql)) continue;
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params as unknown[]);
      out.push("```sql", q.sql.replace(/\s+/g, " ").trim(), "```", "```");
      out.push(...plan.rows.map((r) => r["QUERY PLAN"] as string), "```", "");
    }
  }
  const counts = (
    await client.query(
      "SELECT (SELECT count(*) FROM users)::int AS members, (SELECT count(*) FROM posts)::int AS posts, (SELECT count(*) FROM prompts)::int AS prompts, (SELECT count(*) FROM notifications)::int AS notifications, current_setting('server_version') AS pg",
    )
  ).rows[0] as Record<string, string | number>;
  await app.close();
  await client.query("DELETE FROM sessions WHERE token_hash = $1", [hash]);
  await client.end();
  const body = out.join("\n");
  console.log(body);

  if ((process.env.BENCH_EXPLAIN_DOCS ?? "1") !== "0") {
    const docs = path.join(import.meta.dirname, "results/query-plans.md");
    const text = fs.readFileSync(docs, "utf8");
    const open = "<!-- bench:explain -->";
    const close = "<!-- /bench:explain -->";
    const from = text.indexOf(open);
    const to = text.indexOf(close);
    if (from < 0 || to < from)
      throw new Error(`bench/results/query-plans.md has no ${open} ... ${close} section`);
    const header = [
      `Produced by \`npm run bench:explain\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC:`,
      `${counts.members} members, ${counts.posts} posts, ${counts.prompts} prompts, ${counts.notifications}`,
      `notifications; PostgreSQL ${counts.pg}, ${os.cpus().length} CPUs, load average`,
      `${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" / ")} (timings are of a shared machine; the`,
      "plan shapes and buffer counts are what to read). Signed in as the bench member with the most",
      "notifications; the session lookup is left out.",
      "",
    ].join("\n");
    fs.writeFileSync(docs, `${text.slice(0, from + open.length)}\n${header}\n${body}\n${text.slice(to)}`);
    console.error("replaced the plans in bench/results/query-plans.md");
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
