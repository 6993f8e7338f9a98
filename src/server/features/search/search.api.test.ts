import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prefixQueryText } from "../../../common/search";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";
import { escapeLike } from "./queries";

let t: TestApp;
let author: TestMember;
/** A made-up word, so results only come from this file's data. */
// Random letters without vowels (never a word the profanity filter refuses) and without the
// endings the English stemmer rewrites (y, s), so a typed prefix stems to itself.
const word = `zorbl${Array.from({ length: 5 }, () => "qwzxkvjrpb"[Math.floor(Math.random() * 10)]).join("")}`;

beforeAll(async () => {
  t = await createTestApp();
  author = await t.register();
});
afterAll(async () => t?.close());

async function search(q: string, as?: TestMember) {
  return t.inject({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}`, as });
}
async function newPost(as: TestMember, content: string, extra: Record<string, unknown> = {}) {
  const res = await t.inject({ method: "POST", url: "/api/posts", as, payload: { content, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}
async function newPrompt(as: TestMember, title: string, content: string, description = "") {
  const res = await t.inject({
    method: "POST",
    url: "/api/prompts",
    as,
    payload: { title, content, description },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

describe("global search", () => {
  it("ranks posts by full-text relevance and finds word prefixes", async () => {
    const weak = await newPost(
      author,
      `Yesterday I read a long article about many unrelated topics, and ${word} came up once near the end.`,
    );
    const strong = await newPost(author, `${word} tips: ${word} prompting makes ${word} answers better.`);
    const res = await search(word);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["posts", "prompts", "users"]);
    expect(body.posts.map((p: { id: number }) => p.id)).toEqual([strong.id, weak.id]);
    expect(body.posts[0].author).toEqual({ id: author.id, username: author.username, avatar: null });
    // Typing the start of a word already finds it.
    const partial = (await search(word.slice(0, 7))).json();
    expect(partial.posts.map((p: { id: number }) => p.id)).toContain(strong.id);
  });

  it("never reveals the author of an anonymous post", async () => {
    const secret = `${word}stealth`;
    const p = await newPost(author, `An anonymous thought about ${secret} and its effects`, {
      isAnonymous: true,
    });
    for (const viewer of [undefined, await t.register(), author]) {
      const res = await search(secret, viewer);
      const hit = res.json().posts.find((x: { id: number }) => x.id === p.id);
      expect(hit.author).toEqual({ id: null, username: "Anonymous", avatar: null });
      expect(JSON.stringify(res.json().posts)).not.toContain(author.username);
    }
  });

  it("ranks prompts with title matches above content matches", async () => {
    const inContent = await newPrompt(
      author,
      "Meeting helper",
      `Write minutes mentioning ${word}pr for the team.`,
    );
    const inTitle = await newPrompt(author, `${word}pr planner`, "Plan a week of study sessions.");
    const res = (await search(`${word}pr`)).json();
    expect(res.prompts.map((p: { id: number }) => p.id)).toEqual([inTitle.id, inContent.id]);
    expect(res.prompts[0]).toMatchObject({
      title: `${word}pr planner`,
      author: { username: author.username },
    });
  });

  it("finds members by username similarity: exact, then prefix, then similar", async () => {
    const exact = await t.register({ username: `${word}u` });
    const prefix = await t.register({ username: `${word}u_fan` });
    const inner = await t.register({ username: `the${word}ux` });
    const res = (await search(`${word}u`)).json();
    const ids = res.users.map((u: { id: number }) => u.id);
    expect(ids.slice(0, 3)).toEqual([exact.id, prefix.id, inner.id]);
    expect(Object.keys(res.users[0]).sort()).toEqual(
      ["avatar", "bio", "followersCount", "generation", "id", "username"].sort(),
    );
    expect(JSON.stringify(res.users)).not.toMatch(/email|password/);
    // "@name" works too, and a typo still finds the member by similarity.
    expect((await search(`@${word}u`)).json().users[0].id).toBe(exact.id);
    const typo = `${`${word}u`.slice(0, -2)}x${`${word}u`.slice(-1)}`;
    expect((await search(typo)).json().users.map((u: { id: number }) => u.id)).toContain(exact.id);
  });

  it("a term shorter than three letters finds the members whose username starts with it (decision 0151)", async () => {
    // Two letters no other member of this file's database starts with: "q" and one of "wxkvj".
    const two = `q${"wxkvj"[Math.floor(Math.random() * 5)]}`;
    const shorter = await t.register({ username: `${two}${word.slice(0, 4)}` });
    const longer = await t.register({ username: `${two}_${word}_fan` });
    const inner = await t.register({ username: `x${two}${word}` });
    const ids = (await search(two)).json().users.map((u: { id: number }) => u.id);
    // Both that start with it, the closer (shorter) first; not the one that only contains it.
    expect(ids).toEqual([shorter.id, longer.id]);
    expect(ids).not.toContain(inner.id);
    expect((await search(`@${two.toUpperCase()}`)).json().users.map((u: { id: number }) => u.id)).toEqual([
      shorter.id,
      longer.id,
    ]);
    // Three letters in a row: found anywhere in the username again.
    const three = (await search(`${two}${word.slice(0, 1)}`)).json().users.map((u: { id: number }) => u.id);
    expect(three).toEqual(expect.arrayContaining([shorter.id, inner.id]));
  });

  it("answers empty lists and 'limit' results at most", async () => {
    const res = await search("qqqqqqqqqqqq nothing matches this");
    expect(res.json()).toEqual({ posts: [], users: [], prompts: [] });
    const poster = await t.register();
    for (let i = 0; i < 4; i++) await newPost(poster, `Limit check ${word}lim number ${i} with enough words`);
    expect(
      (await t.inject({ method: "GET", url: `/api/search?q=${word}lim&limit=2` })).json().posts,
    ).toHaveLength(2);
  });

  it("refuses terms under 2 characters and never answers 500 for hostile input", async () => {
    for (const q of ["", " ", "a", " b "]) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe("Search term must be at least 2 characters");
    }
    expect((await t.inject({ method: "GET", url: "/api/search" })).statusCode).toBe(400);
    const long = await search("x".repeat(10 * 1024));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("Search term must be at most 200 characters");
    const hostile = [
      '"unclosed quote',
      '""',
      "a & b | !c",
      "!!",
      "()",
      ":*",
      "a:*",
      "foo <-> bar",
      "'; DROP TABLE users; --",
      "1 OR 1=1",
      "%_\\",
      "\\\\",
      "<script>alert(1)</script>",
      "🤖🤖",
      "🤖 robots",
      "naïve café",
      "-excluded term",
      "or or or",
      "the and of",
      "x".repeat(200),
      "日本語の検索",
      "a\u0000b",
      "\u202Eevil",
    ];
    for (const q of hostile) {
      const res = await search(q);
      expect([200, 400], q).toContain(res.statusCode);
      if (res.statusCode === 200)
        expect(Object.keys(res.json()).sort()).toEqual(["posts", "prompts", "users"]);
    }
    expect((await t.inject({ method: "GET", url: "/api/search?q=ab&limit=1000" })).statusCode).toBe(400);
    expect((await t.inject({ method: "GET", url: "/api/search?q=ab&q=cd" })).statusCode).toBeLessThan(500);
  });
});

describe("query builders", () => {
  it("builds prefix queries from letters and digits only, and escapes LIKE wildcards", () => {
    expect(prefixQueryText("GPT-4o rocks!")).toBe("gpt:* & 4o:* & rocks:*");
    expect(prefixQueryText("'; DROP --")).toBe("drop:*");
    expect(prefixQueryText("🤖 !!")).toBeNull();
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});
