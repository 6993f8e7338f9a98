import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ viewFlushMs: 3_600_000 });
  await t.seed();
});
afterAll(async () => {
  await t.close();
});
it("logs", async () => {
  // biome-ignore lint/suspicious/noExplicitAny: x
  const session = (t.ctx.db as any).session;
  const texts: string[] = [];
  const rec = { logQuery: (q: string) => void texts.push(q) };
  session.logger = rec;
  session.options = { ...session.options, logger: rec };
  const a = await t.register();
  const b = await t.register();
  const p = await t.inject({
    method: "POST",
    url: "/api/posts",
    payload: { content: "warm up post here" },
    as: a,
  });
  const id = (p.json() as { id: number }).id;
  await t.inject({
    method: "POST",
    url: `/api/posts/${id}/comments`,
    payload: { content: "warm comment here" },
    as: b,
  });
  await t.inject({ method: "POST", url: `/api/posts/${id}/like`, as: b });
  await new Promise((r) => setTimeout(r, 100));
  for (const [name, req] of [
    [
      "POST",
      { method: "POST", url: "/api/posts", payload: { content: "Benchmark post 1234 about models" }, as: a },
    ],
    [
      "COMMENT",
      {
        method: "POST",
        url: `/api/posts/${id}/comments`,
        payload: { content: "Benchmark comment 55 thanks" },
        as: b,
      },
    ],
    ["LIKE", { method: "POST", url: `/api/posts/${id}/like`, as: a }],
  ] as const) {
    texts.length = 0;
    // biome-ignore lint/suspicious/noExplicitAny: x
    const r = await t.inject(req as any);
    await new Promise((r) => setTimeout(r, 100));
    console.log(
      `=== ${name} ${r.statusCode} ${texts.length} statements\n` +
        texts.map((q) => q.replace(/\s+/g, " ").slice(0, 160)).join("\n"),
    );
  }
  expect(1).toBe(1);
});
