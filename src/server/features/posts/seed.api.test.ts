import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "../../../common/posts";
import { queryRows } from "../../db/connect";
import { demoMembers, demoPosts } from "../../db/seed/demo-content";
import { createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.seed({ demo: true });
});
afterAll(async () => t?.close());

async function allPosts(): Promise<Post[]> {
  return (await t.inject({ method: "GET", url: "/api/posts?limit=100" })).json();
}

describe("demo activity", () => {
  it("gives a new visitor a living feed: every demo post with its likes, comments and ratings", async () => {
    const posts = await allPosts();
    expect(posts).toHaveLength(demoPosts.length);
    const generations = new Set(posts.map((p) => p.author.generation).filter(Boolean));
    expect(generations).toEqual(new Set(["genz", "millennial", "genx", "boomer"]));
    expect(new Set(posts.filter((p) => !p.isAnonymous).map((p) => p.author.username)).size).toBe(
      demoMembers.length,
    );

    // Newest first, in time order.
    const times = posts.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    for (const demo of demoPosts) {
      const post = posts.find((p) => p.content === demo.content);
      expect(post, demo.content).toBeDefined();
      expect(post!.likes).toBe(demo.likedBy.length);
      expect(post!.comments).toBe(demo.comments.length);
      expect(post!.rating).toBe(demo.rating ?? null);
      expect(post!.aiModel).toBe(demo.aiModel ?? null);
      if (demo.isAnonymous)
        expect(post!.author).toEqual({ id: null, username: "Anonymous", avatar: null, generation: null });
      else expect(post!.author.username).toBe(demo.author);
    }
    const [counts] = await queryRows<{ likes: number; comments: number }>(
      t.ctx.db,
      sql`select (select count(*)::int from post_likes) as likes, (select count(*)::int from post_comments) as comments`,
    );
    expect(counts!.likes).toBe(demoPosts.reduce((n, p) => n + p.likedBy.length, 0));
    expect(counts!.comments).toBe(demoPosts.reduce((n, p) => n + p.comments.length, 0));
  });

  it("is idempotent", async () => {
    await t.seed({ demo: true });
    expect(await allPosts()).toHaveLength(demoPosts.length);
  });

  it("feeds the live stats and the topic filter", async () => {
    const stats = (await t.inject({ method: "GET", url: "/api/stats" })).json();
    expect(stats.posts).toBe(demoPosts.length);
    expect(stats.reviews).toBe(demoPosts.filter((p) => p.rating).length);
    const coding = (await t.inject({ method: "GET", url: "/api/posts?tag=coding" })).json() as Post[];
    expect(coding.length).toBe(demoPosts.filter((p) => /#Coding\b/.test(p.content)).length);
    expect(coding.length).toBeGreaterThan(0);
  });
});
