import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";
import { SEARCH_WINDOW } from "./queries";

/**
 * The library's search past its window (decision 0152): a term the newest SEARCH_WINDOW prompts
 * of the list's order lack is read from the GIN indexes, and pages the same way.
 */
let t: TestApp;
let author: TestMember;
let viewer: TestMember;
const word = `old${randomTag(8)
  .toLowerCase()
  .replace(/[^a-z]/g, "q")}`;
const common = `new${randomTag(8)
  .toLowerCase()
  .replace(/[^a-z]/g, "q")}`;
const matches: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({ demo: false });
  author = await t.register();
  viewer = await t.register();
  // Three prompts with the rare word, the first two liked once and twice …
  for (let i = 0; i < 3; i++) {
    const res = await t.inject({
      method: "POST",
      url: "/api/prompts",
      as: author,
      payload: {
        title: `Archive ${i}`,
        content: `Summarise the ${word} notes of [PROJECT], part ${i}.`,
        description: "",
        category: "analysis",
        aiModel: "any",
        difficulty: "beginner",
        tags: [],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    matches.push(res.json().id);
  }
  await t.ctx.db.execute(sql`UPDATE prompts SET likes_count = 1 WHERE id = ${matches[0]!}`);
  await t.ctx.db.execute(sql`UPDATE prompts SET likes_count = 2 WHERE id = ${matches[1]!}`);
  // … then more newer prompts than the window holds, none with it, every one with the other word.
  await t.ctx.db.execute(sql`
    INSERT INTO prompts (author_id, title, description, content, category, ai_model, difficulty, tags)
    SELECT ${author.id}, 'Filler ' || n, '', 'Plan a ' || ${common} || ' sprint, variant ' || n || '.',
           'business', 'any', 'beginner', '{}'::text[]
    FROM generate_series(1, ${SEARCH_WINDOW + 50}) n`);
});
afterAll(async () => t?.close());

const ids = async (query: string) => {
  const res = await t.inject({ method: "GET", url: `/api/prompts?${query}`, as: viewer });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }[]).map((p) => p.id);
};

describe("search past the window", () => {
  it("finds a term only older prompts hold, newest first, page by page", async () => {
    expect(await ids(`search=${word}`)).toEqual([...matches].reverse());
    const first = await ids(`search=${word}&limit=2`);
    expect(first).toEqual([matches[2], matches[1]]);
    expect(await ids(`search=${word}&limit=2&cursor=${first[1]}`)).toEqual([matches[0]]);
  });

  it("in the likes order too, and with a filter", async () => {
    expect(await ids(`search=${word}&sort=likes`)).toEqual([matches[1], matches[0], matches[2]]);
    const first = await ids(`search=${word}&sort=likes&limit=1`);
    expect(await ids(`search=${word}&sort=likes&limit=5&cursor=${first[0]}`)).toEqual([
      matches[0],
      matches[2],
    ]);
    expect(await ids(`search=${word}&category=analysis&limit=2`)).toEqual([matches[2], matches[1]]);
    expect(await ids(`search=${word}&category=business`)).toEqual([]);
  });

  it("a term the window holds pages through it and past it without a gap", async () => {
    const seen: number[] = [];
    let cursor: number | undefined;
    for (;;) {
      const page = await ids(`search=${common}&limit=100${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page);
      if (page.length < 100) break;
      cursor = page.at(-1);
    }
    expect(seen.length).toBe(SEARCH_WINDOW + 50);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(seen.some((id) => matches.includes(id))).toBe(false);
  });
});
