/**
 * A feed page after a cursor kept by the posts it shows (decision 0153): members read it from
 * memory until a write names one of its posts, or ENTITY_CACHE_TTL_MS at most; the first page
 * stays a second old at most.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENTITY_CACHE_TTL_MS, PUBLIC_CACHE_TTL_MS } from "../../platform/public-cache";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
let clock: number;
let alice: TestMember;
let bob: TestMember;
let carol: TestMember;
let dave: TestMember;
const ids: number[] = [];
/** Who wrote ids[i] (a free plan posts five a day: two authors in turn). */
const authorOf: TestMember[] = [];

beforeAll(async () => {
  t = await createTestApp();
  clock = Date.now();
  t.setNow(new Date(clock));
  [alice, bob, carol, dave] = [
    await t.register(),
    await t.register(),
    await t.register(),
    await t.register(),
  ];
  for (let i = 0; i < 8; i++) {
    const author = i % 2 === 0 ? alice : dave;
    authorOf.push(author);
    const res = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: author,
      payload: { content: `Kept page post ${i} ${randomTag(10)}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
});
afterAll(async () => t?.close());

type Card = { id: number; content: string; likes: number; isLiked: boolean };
const later = (ms: number) => {
  clock += ms;
  t.setNow(new Date(clock));
};
async function page(url: string, as: TestMember): Promise<Card[]> {
  const res = await t.inject({ method: "GET", url, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const behindTheAppsBack = (id: number, content: string) =>
  t.ctx.db.execute(sql`UPDATE posts SET content = ${content} WHERE id = ${id}`);

describe("a feed page after a cursor", () => {
  it("is kept past a second, until its time is up", async () => {
    // Posts ids[5], ids[4], ids[3] are the page after ids[6].
    const url = `/api/posts?limit=3&cursor=${ids[6]}`;
    const first = await page(url, bob);
    expect(first.map((c) => c.id)).toEqual([ids[5], ids[4], ids[3]]);
    await behindTheAppsBack(ids[4]!, "changed where no write names it");
    later(PUBLIC_CACHE_TTL_MS * 3);
    expect((await page(url, carol)).find((c) => c.id === ids[4])?.content).toBe(first[1]?.content);
    later(ENTITY_CACHE_TTL_MS);
    expect((await page(url, bob)).find((c) => c.id === ids[4])?.content).toBe(
      "changed where no write names it",
    );
  });

  it("shows a like, an edit and a deletion of one of its posts at once, to every member", async () => {
    const url = `/api/posts?limit=3&cursor=${ids[3]}`;
    expect((await page(url, bob)).map((c) => c.id)).toEqual([ids[2], ids[1], ids[0]]);
    later(PUBLIC_CACHE_TTL_MS * 3);

    const liked = await t.inject({ method: "POST", url: `/api/posts/${ids[1]}/like`, as: carol });
    expect(liked.statusCode, liked.body).toBe(200);
    const afterLike = await page(url, bob);
    expect(afterLike.find((c) => c.id === ids[1])).toMatchObject({ likes: 1, isLiked: false });
    expect((await page(url, carol)).find((c) => c.id === ids[1])).toMatchObject({ likes: 1, isLiked: true });
    later(PUBLIC_CACHE_TTL_MS * 3);

    const edited = await t.inject({
      method: "PUT",
      url: `/api/posts/${ids[2]}`,
      as: authorOf[2],
      payload: { content: "Edited while kept" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await page(url, bob)).find((c) => c.id === ids[2])?.content).toBe("Edited while kept");
    later(PUBLIC_CACHE_TTL_MS * 3);

    const deleted = await t.inject({ method: "DELETE", url: `/api/posts/${ids[0]}`, as: authorOf[0] });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await page(url, bob)).map((c) => c.id)).toEqual([ids[2], ids[1]]);
  });

  it("the first page is not kept past a second", async () => {
    const url = "/api/posts?limit=3";
    const first = await page(url, bob);
    await behindTheAppsBack(first[0]!.id, "changed on the first page");
    later(PUBLIC_CACHE_TTL_MS * 3);
    expect((await page(url, bob))[0]?.content).toBe("changed on the first page");
  });
});
