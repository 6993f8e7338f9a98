import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeSearchText } from "../../../common/search";
import { queryRows } from "../../db/connect";
import { createTestApp, randomTag, type TestApp } from "../../test/harness";

/**
 * Issue 25 item 14: model names are found however they are spelt, in the feed search, the
 * global search and the model directory (common/search.ts, migration 0016).
 */
let t: TestApp;
const tag = randomTag(8);
const ids: Record<"gpt" | "llama" | "claude", number> = { gpt: 0, llama: 0, claude: 0 };

beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
  const author = await t.register();
  const texts = {
    gpt: `GPT-4o wrote my unit tests ${tag}`,
    llama: `Running Llama 3 locally on a laptop ${tag}`,
    claude: `Claude explained monads to me ${tag}`,
  };
  for (const [key, content] of Object.entries(texts)) {
    const res = await t.inject({ method: "POST", url: "/api/posts", as: author, payload: { content } });
    expect(res.statusCode, res.body).toBe(201);
    ids[key as keyof typeof ids] = res.json().id;
  }
});
afterAll(async () => t?.close());

async function feed(q: string): Promise<number[]> {
  const res = await t.inject({ method: "GET", url: "/api/posts/search", query: { q } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((p: { id: number }) => p.id);
}

async function global(q: string): Promise<number[]> {
  const res = await t.inject({ method: "GET", url: "/api/search", query: { q } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().posts.map((p: { id: number }) => p.id);
}

const spellings = {
  gpt: ["gpt4", "gpt-4", "GPT 4o", "gpt4o", "GPT-4o"],
  llama: ["llama3", "Llama 3", "llama-3"],
  claude: ["claud", "Claude"],
};

describe("search normalises model names", () => {
  it("finds a post in the feed search however its model is spelt", async () => {
    for (const [key, words] of Object.entries(spellings)) {
      for (const word of words) expect(await feed(word), word).toContain(ids[key as keyof typeof ids]);
    }
    expect(await feed("gpt4")).not.toContain(ids.llama);
    expect(await feed(`gpt4 ${tag}`)).toEqual([ids.gpt]);
  });

  it("finds it in the global search the same way", async () => {
    for (const [key, words] of Object.entries(spellings)) {
      for (const word of words) expect(await global(word), word).toContain(ids[key as keyof typeof ids]);
    }
  });

  it("finds the model in the directory search", async () => {
    for (const [search, name] of [
      ["gpt4", "GPT-4o"],
      ["gpt4o", "GPT-4o"],
      ["GPT 4o", "GPT-4o"],
      ["llama3", "Llama 3.1 405B"],
      ["claud", "Claude 3.5 Sonnet"],
    ] as const) {
      const res = await t.inject({ method: "GET", url: "/api/ai-models", query: { search } });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json().map((m: { name: string }) => m.name),
        search,
      ).toContain(name);
    }
  });

  it("normalises in the database exactly as common/search.ts does", async () => {
    const samples = [
      "GPT-4o",
      "gpt4o",
      "GPT 4o",
      "llama3",
      "Claude-3.5-Sonnet",
      "a1b2-c3",
      "x--y",
      "-4o",
      "naïve é5",
      "4o-mini",
    ];
    for (const text of samples) {
      const [row] = await queryRows<{ n: string }>(
        t.ctx.db,
        sql`SELECT agora_search_normalize(${text}) AS n`,
      );
      expect(row?.n, text).toBe(normalizeSearchText(text));
    }
  });
});
