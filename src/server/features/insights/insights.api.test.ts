import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Insights } from "../../../common/insights";
import { queryRows } from "../../db/connect";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
});
afterAll(async () => t?.close());

const get = async (): Promise<Insights> => {
  const res = await t.inject({ method: "GET", url: "/api/generational-insights" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function post(author: TestMember, minutesAgo: number, content: string, anonymous = false) {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const [row] = await queryRows<{ id: number }>(
    t.ctx.db,
    sql`insert into posts (author_id, content, tags, tag_keys, created_at, updated_at, is_anonymous)
      select ${author.id}, ${content}, coalesce(array_agg(m[1]), '{}'), coalesce(array_agg(lower(m[1])), '{}'),
        ${at}::timestamptz, ${at}::timestamptz, ${anonymous}
      from regexp_matches(${content}, '#(\\w+)', 'g') as m
      returning id`,
  );
  return row!.id;
}

describe("generational insights", () => {
  it("answers the four profiles with the spec's age ranges and texts even when empty", async () => {
    const body = await get();
    expect(body.totalMembers).toBe(0);
    expect(body.generations.map((g) => [g.generation, g.label, g.ageRange])).toEqual([
      ["genz", "Gen Z", "12-27"],
      ["millennial", "Millennial", "28-43"],
      ["genx", "Gen X", "44-59"],
      ["boomer", "Boomer", "60+"],
    ]);
    for (const g of body.generations) {
      expect(g.description.length).toBeGreaterThan(20);
      expect(g.characteristics.length).toBeGreaterThanOrEqual(3);
      expect(g).toMatchObject({
        memberCount: 0,
        share: 0,
        recentPosts: [],
        favoriteModels: [],
        topHashtags: [],
      });
    }
  });

  it("counts members, shows the 2 most recent public posts, favourite models and hashtags per generation", async () => {
    const z1 = await t.register({ generation: "genz" });
    const z2 = await t.register({ generation: "genz" });
    const z3 = await t.register({ generation: "genz" });
    const m1 = await t.register({ generation: "millennial" });
    const b1 = await t.register({ generation: "boomer" });

    await post(z1, 50, "Oldest genz post about #AIArt");
    await post(z2, 40, "Middle genz post #AIArt #Coding");
    await post(z3, 30, "Newest public genz post #aiart");
    await post(z1, 10, "An anonymous genz post #Secret", true);
    await post(m1, 20, "A millennial post #Productivity");

    // Three Gen Z ratings of one model, two of another (not enough), one anonymous (left out).
    const models = await queryRows<{ id: number; slug: string; name: string }>(
      t.ctx.db,
      sql`select id, slug, name from ai_models order by id limit 2`,
    );
    const [a, b] = models;
    await t.ctx.db.execute(sql`insert into model_ratings (model_id, user_id, rating, anonymous) values
      (${a!.id}, ${z1.id}, 5, false), (${a!.id}, ${z2.id}, 4, false), (${a!.id}, ${z3.id}, 4, false),
      (${b!.id}, ${z1.id}, 5, false), (${b!.id}, ${z2.id}, 5, false), (${b!.id}, ${z3.id}, 5, true),
      (${a!.id}, ${b1.id}, 1, false)`);

    const body = await get();
    expect(body.totalMembers).toBe(5);
    const by = Object.fromEntries(body.generations.map((g) => [g.generation, g]));
    expect(by.genz).toMatchObject({ memberCount: 3, share: 60 });
    expect(by.millennial).toMatchObject({ memberCount: 1, share: 20 });
    expect(by.genx).toMatchObject({ memberCount: 0 });
    expect(by.boomer).toMatchObject({ memberCount: 1, recentPosts: [], favoriteModels: [] });

    // The two newest non-anonymous posts, newest first, with their authors.
    expect(by.genz!.recentPosts.map((p) => p.content)).toEqual([
      "Newest public genz post #aiart",
      "Middle genz post #AIArt #Coding",
    ]);
    expect(by.genz!.recentPosts[0]!.author).toMatchObject({ id: z3.id, username: z3.username });
    expect(by.millennial!.recentPosts).toHaveLength(1);

    expect(by.genz!.favoriteModels).toEqual([
      { id: a!.id, slug: a!.slug, name: a!.name, averageRating: 4.33, ratings: 3 },
    ]);
    expect(by.genz!.topHashtags).toEqual([
      { hashtag: "AIArt", posts: 3 },
      { hashtag: "Coding", posts: 1 },
    ]);
    expect(by.genz!.topHashtags.map((h) => h.hashtag)).not.toContain("Secret");
  });

  it("keeps favourite models exact when members re-rate, change generation or leave", async () => {
    const [model] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from ai_models order by id limit 1 offset 2`,
    );
    const raters = await Promise.all([1, 2, 3, 4].map(() => t.register({ generation: "genx" })));
    for (const [i, r] of raters.entries()) {
      await t.ctx.db.execute(
        sql`insert into model_ratings (model_id, user_id, rating) values (${model!.id}, ${r.id}, ${2 + (i % 3)})`,
      );
    }
    const genx = async () => (await get()).generations.find((g) => g.generation === "genx")!;
    expect((await genx()).favoriteModels).toMatchObject([{ id: model!.id, ratings: 4, averageRating: 2.75 }]);
    // Re-rating replaces the row; an update of the rating too.
    await t.ctx.db.execute(sql`update model_ratings set rating = 5 where user_id = ${raters[0]!.id}`);
    await t.ctx.db.execute(sql`delete from model_ratings where user_id = ${raters[1]!.id}`);
    await t.ctx.db.execute(
      sql`insert into model_ratings (model_id, user_id, rating) values (${model!.id}, ${raters[1]!.id}, 1)`,
    );
    expect((await genx()).favoriteModels).toMatchObject([{ ratings: 4, averageRating: 3 }]);
    // A member moving to another generation takes their ratings along.
    await t.exec(`UPDATE users SET generation = 'boomer' WHERE id = ${Number(raters[2]!.id)}`);
    expect((await genx()).favoriteModels).toMatchObject([{ ratings: 3 }]);
    // A member leaving takes theirs out.
    await t.exec(`DELETE FROM users WHERE id = ${Number(raters[3]!.id)}`);
    expect((await genx()).favoriteModels).toEqual([]);
    // The aggregate equals the ratings themselves.
    const diff = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from (
          (select model_id, generation, total, ratings from model_generation_ratings where ratings <> 0
           except
           select r.model_id, u.generation, sum(r.rating)::int, count(*)::int
             from model_ratings r join users u on u.id = r.user_id where not r.anonymous group by 1, 2)
          union all
          (select r.model_id, u.generation, sum(r.rating)::int, count(*)::int
             from model_ratings r join users u on u.id = r.user_id where not r.anonymous group by 1, 2
           except
           select model_id, generation, total, ratings from model_generation_ratings where ratings <> 0)
        ) d`,
    );
    expect(diff[0]!.n).toBe(0);
  });
});
