import { sql } from "drizzle-orm";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_LIMIT } from "../../../common/feeds";
import { queryRows } from "../../db/connect";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

type Custom = { id: string; updated: string };
/** rss-parser reads an Atom entry's author name into `author`. */
type CustomItem = Custom & { author?: string };
const parser: Parser<Custom, CustomItem> = new Parser({
  customFields: { feed: ["id", "updated"], item: ["updated"] },
});

let t: TestApp;
let author: TestMember;
let stealthy: TestMember;
const tag = `feedtag${randomTag(5).toLowerCase()}`;
let seq = 0;
const text = (prefix: string) => `${prefix} number ${++seq} ${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({ demo: false });
  author = await t.register();
  stealthy = await t.register();
});
afterAll(async () => t?.close());

async function post(as: TestMember, payload: Record<string, unknown>): Promise<{ id: number }> {
  const res = await t.inject({ method: "POST", url: "/api/posts", as, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function feed(url: string) {
  const res = await t.inject({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
  const parsed = await parser.parseString(res.body);
  // Atom's required elements: the feed's id, title and updated; each entry's id, title, updated,
  // link and author (the feed names none of its own).
  expect(parsed.id).toMatch(/^http/);
  expect(parsed.title).toBeTruthy();
  expect(Number.isNaN(Date.parse(parsed.updated))).toBe(false);
  for (const item of parsed.items) {
    expect(item.id).toMatch(/^http/);
    expect(item.title).toBeTruthy();
    expect(item.link).toMatch(/^http/);
    expect(Number.isNaN(Date.parse(item.updated))).toBe(false);
    expect(item.author).toBeTruthy();
  }
  return { xml: res.body, parsed };
}

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.ctx.db, query))[0] as T;

describe("the posts feeds", () => {
  it("list the latest posts, a stealth post as Anonymous, hidden ones absent, Markdown as escaped text", async () => {
    const shown = await post(author, {
      content: `**Bold** claim about <script>alert(1)</script> models #${tag} ${text("a")}`,
    });
    const stealth = await post(stealthy, {
      content: `${text("A stealth opinion")} #${tag}`,
      isAnonymous: true,
    });
    const hidden = await post(author, { content: `${text("Soon hidden")} #${tag}` });
    await t.exec(`UPDATE posts SET hidden_at = now() WHERE id = ${hidden.id}`);

    for (const url of ["/feeds/posts.xml", `/feeds/tags/${tag}.xml`]) {
      const { xml, parsed } = await feed(url);
      const links = parsed.items.map((i) => i.link);
      expect(links).toContain(`${t.ctx.config.appUrl}/post/${shown.id}`);
      expect(links).not.toContain(`${t.ctx.config.appUrl}/post/${hidden.id}`);
      const anon = parsed.items.find((i) => i.link?.endsWith(`/post/${stealth.id}`));
      expect(anon?.author).toBe("Anonymous");
      expect(xml).not.toContain(stealthy.username);
      expect(xml).not.toContain("Soon hidden");
      expect(xml).not.toContain("<script>");
      expect(xml).not.toContain("**Bold**");
      const mine = parsed.items.find((i) => i.link?.endsWith(`/post/${shown.id}`));
      expect(mine?.author).toBe(author.username);
      expect(mine?.content).toContain("&lt;script&gt;");
    }
    const tagged = await feed(`/feeds/tags/${tag.toUpperCase()}.xml`);
    expect(tagged.parsed.items).toHaveLength(2);
    expect(tagged.parsed.title).toContain(`#${tag.toUpperCase()}`);
  });

  it("keep to the latest 50 and answer a second visitor from the public cache", async () => {
    const { parsed } = await feed("/feeds/posts.xml");
    expect(parsed.items.length).toBeLessThanOrEqual(FEED_LIMIT);
    const again = await t.inject({ method: "GET", url: "/feeds/posts.xml" });
    expect(again.headers["x-public-cache"]).toBe("hit");
    expect(again.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
  });

  it("list a member's public posts, never their stealth ones", async () => {
    const own = await post(stealthy, { content: text("My own signed view") });
    const { xml, parsed } = await feed(`/feeds/members/${stealthy.id}.xml`);
    expect(parsed.items.map((i) => i.link)).toEqual([`${t.ctx.config.appUrl}/post/${own.id}`]);
    expect(xml).not.toContain("A stealth opinion");
  });
});

describe("the forum, thread, prompt and review feeds", () => {
  it("list a forum's threads and a thread's replies, hidden ones absent", async () => {
    const forum = await one<{ id: number }>(sql`SELECT id FROM forums ORDER BY id LIMIT 1`);
    await t.exec(
      `INSERT INTO forum_threads (forum_id, author_id, title, content) VALUES
       (${forum.id}, ${author.id}, 'Feeds thread shown', 'Thread _body_'),
       (${forum.id}, ${author.id}, 'Feeds thread hidden', 'Hidden body')`,
    );
    await t.exec(`UPDATE forum_threads SET hidden_at = now() WHERE title = 'Feeds thread hidden'`);
    const thread = await one<{ id: number }>(
      sql`SELECT id FROM forum_threads WHERE title = 'Feeds thread shown'`,
    );
    const hiddenThread = await one<{ id: number }>(
      sql`SELECT id FROM forum_threads WHERE title = 'Feeds thread hidden'`,
    );
    await t.exec(
      `INSERT INTO forum_replies (thread_id, author_id, content, hidden_at) VALUES
       (${thread.id}, ${stealthy.id}, 'A visible reply', NULL), (${thread.id}, ${author.id}, 'A hidden reply', now())`,
    );

    const forumFeed = await feed(`/feeds/forums/${forum.id}.xml`);
    const titles = forumFeed.parsed.items.map((i) => i.title);
    expect(titles).toContain("Feeds thread shown");
    expect(titles).not.toContain("Feeds thread hidden");

    const threadFeed = await feed(`/feeds/threads/${thread.id}.xml`);
    expect(threadFeed.parsed.items.map((i) => i.author)).toEqual([stealthy.username]);
    expect(threadFeed.xml).toContain("A visible reply");
    expect(threadFeed.xml).not.toContain("A hidden reply");

    expect((await t.inject({ method: "GET", url: `/feeds/threads/${hiddenThread.id}.xml` })).statusCode).toBe(
      404,
    );
  });

  it("list prompts of a category and a model's reviews, an anonymous review as Anonymous", async () => {
    await t.exec(
      `INSERT INTO prompts (author_id, title, content, category, ai_model, difficulty, hidden_at) VALUES
       (${author.id}, 'Feeds prompt shown', 'Explain [X]', 'coding', 'any', 'beginner', NULL),
       (${author.id}, 'Feeds prompt hidden', 'Explain [Y]', 'coding', 'any', 'beginner', now())`,
    );
    const prompts = await feed("/feeds/prompts/coding.xml");
    const titles = prompts.parsed.items.map((i) => i.title);
    expect(titles).toContain("Feeds prompt shown");
    expect(titles).not.toContain("Feeds prompt hidden");

    const model = await one<{ id: number; slug: string }>(
      sql`SELECT id, slug FROM ai_models ORDER BY id LIMIT 1`,
    );
    await t.exec(
      `INSERT INTO model_ratings (model_id, user_id, rating, review, anonymous) VALUES
       (${model.id}, ${author.id}, 4, 'Signed review text', false), (${model.id}, ${stealthy.id}, 2, 'Unsigned review text', true)`,
    );
    const reviews = await feed(`/feeds/models/${model.slug}/reviews.xml`);
    const unsigned = reviews.parsed.items.find((i) => i.content?.includes("Unsigned review text"));
    expect(unsigned?.author).toBe("Anonymous");
    expect(reviews.parsed.items.find((i) => i.content?.includes("Signed review text"))?.author).toBe(
      author.username,
    );
    expect(reviews.xml).not.toContain(stealthy.username);
  });
});

describe("bad addresses", () => {
  it.each([
    ["/feeds/forums/999999.xml", 404],
    ["/feeds/threads/999999.xml", 404],
    ["/feeds/members/999999.xml", 404],
    ["/feeds/members/9999999999.xml", 404],
    ["/feeds/models/no-such-model/reviews.xml", 404],
    ["/feeds/prompts/cooking.xml", 404],
    ["/feeds/forums/abc.xml", 400],
    ["/feeds/forums/1", 400],
    ["/feeds/threads/-1.xml", 400],
    ["/feeds/members/1.5.xml", 400],
    ["/feeds/tags/a%20b.xml", 400],
    ["/feeds/tags/x.json", 400],
    [`/feeds/tags/${"a".repeat(60)}.xml`, 400],
  ])("%s answers %i", async (url, status) => {
    const res = await t.inject({ method: "GET", url });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBeTruthy();
  });
});
