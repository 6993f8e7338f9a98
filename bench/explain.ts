/**
 * Query plans of the hot reads (issue 12): builds the app on the bench database, sends each hot
 * request through `app.inject`, captures the SQL statements Drizzle runs for it (the session's
 * logger), and prints `EXPLAIN (ANALYZE, BUFFERS)` of each SELECT as markdown.
 *
 *   BENCH_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/agora_bench
 *   npm run bench:explain > /tmp/plans.md
 */
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { SESSION_COOKIE } from "../src/common/constants";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/agora_bench";

async function main(): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
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

  const hot: { name: string; url: string; auth?: boolean }[] = [
    { name: "Home feed, first page, signed in", url: "/api/posts?limit=20", auth: true },
    {
      name: "Model directory (Language Models, top rated)",
      url: "/api/ai-models?category=Language%20Models&sort=rating",
    },
    { name: "Trending topics, 24 hours", url: "/api/trending/topics?timeframe=24h" },
    { name: "Trending topics, 30 days", url: "/api/trending/topics?timeframe=30d" },
    { name: "Notifications, signed in", url: "/api/notifications?limit=20", auth: true },
    { name: "Global search, common word", url: "/api/search?q=model", auth: true },
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
  await app.close();
  await client.query("DELETE FROM sessions WHERE token_hash = $1", [hash]);
  await client.end();
  console.log(out.join("\n"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
