import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARENA_MESSAGES } from "../../../common/arena";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";
import { recomputeBoards } from "./recompute";
import { VOTES_MILESTONE } from "./service";

/** Issue 22 item 5 (decision 0102): the Arena on model pages, the comparison, the directory and notifications. */
let t: TestApp;
let models: Array<{ id: number; name: string; slug: string }>;

beforeAll(async () => {
  t = await createTestApp({ arenaVoteDelayDays: 0 });
  await t.seed({ demo: false });
  models = (await t.inject({ method: "GET", url: "/api/arena/models" })).json();
});
afterAll(async () => t?.close());

const m = (i: number) => models[i]!;

async function insertBattles(submitter: TestMember, count: number, a: number, b: number): Promise<number[]> {
  await t.exec(
    `INSERT INTO arena_battles (submitter_id, prompt, category, tags, model_a_id, model_b_id, response_a, response_b, used_on_a, used_on_b)
     SELECT ${submitter.id}, 'Bulk prompt ' || g, 'Language Models', '{coding}', ${a}, ${b}, 'x', 'y', '2025-01-01', '2025-01-01'
     FROM generate_series(1, ${count}) g`,
  );
  const rows = await t.ctx.db.execute(
    `SELECT id FROM arena_battles WHERE submitter_id = ${submitter.id} ORDER BY id DESC LIMIT ${count}` as never,
  );
  return (rows as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
}

const vote = (as: TestMember, id: number, choice: string) =>
  t.inject({ method: "POST", url: `/api/arena/battles/${id}/vote`, as, payload: { choice } });

const get = async (url: string) => {
  const res = await t.inject({ method: "GET", url });
  return { status: res.statusCode, json: res.json(), body: res.body };
};

describe("the Arena everywhere", () => {
  it("a model's standing: overall and per generation from the stored boards; absent models say so", async () => {
    await t.exec("DELETE FROM arena_battles");
    const owner = await t.register();
    const genz = await t.register({ generation: "genz" });
    const boomer = await t.register({ generation: "boomer" });
    // m(0) beats m(1) for Gen Z and loses to it for Boomers; m(2) beats m(1) for Gen Z only.
    for (const id of await insertBattles(owner, 6, m(0).id, m(1).id)) {
      expect((await vote(genz, id, "a")).statusCode).toBe(200);
      expect((await vote(boomer, id, "b")).statusCode).toBe(200);
    }
    for (const id of await insertBattles(owner, 3, m(2).id, m(1).id)) {
      expect((await vote(genz, id, id % 2 === 0 ? "a" : "tie")).statusCode).toBe(200);
    }

    // Before any recompute: no standing anywhere.
    const before = await get(`/api/arena/standing/${m(0).slug}`);
    expect(before.status, before.body).toBe(200);
    expect(before.json).toMatchObject({ computedAt: null, overall: null });

    expect(await recomputeBoards(t.ctx)).toBe(true);
    t.app.resetCaches();
    const board = (await get("/api/arena/board")).json;
    const row = board.rows.find((r: { model: { id: number } }) => r.model.id === m(0).id);
    const standing = (await get(`/api/arena/standing/${m(0).slug}`)).json;
    expect(standing.model).toEqual({ id: m(0).id, name: m(0).name, slug: m(0).slug });
    expect(standing.computedAt).toBe(board.computedAt);
    expect(standing.overall).toEqual({
      rating: row.rating,
      lower: row.lower,
      upper: row.upper,
      rank: row.rank,
      of: 3,
      votes: 12,
      provisional: row.provisional,
    });
    const byGen = Object.fromEntries(
      standing.generations.map((g: { generation: string; standing: unknown }) => [g.generation, g.standing]),
    );
    expect(Object.keys(byGen)).toEqual(["genz", "millennial", "genx", "boomer"]);
    expect(byGen.genz).toMatchObject({ rank: 1, of: 3, votes: 6 });
    expect(byGen.boomer).toMatchObject({ rank: 2, of: 2, votes: 6 });
    expect(byGen.genx).toBeNull();

    // A directory model never in a battle: present, not in the Arena.
    const absent = (await get(`/api/arena/standing/${m(5).slug}`)).json;
    expect(absent.overall).toBeNull();
    expect(absent.generations.every((g: { standing: unknown }) => g.standing === null)).toBe(true);
    for (const slug of ["no-such-model", "bad%00slug", "%E2%80%AE"]) {
      const unknown = await get(`/api/arena/standing/${slug}`);
      expect(unknown.status, slug).toBe(404);
      expect(unknown.json.message).toBe(ARENA_MESSAGES.modelNotFound);
    }

    // The comparison's head-to-head: counted votes between each pair, in the order asked.
    const h2h = await get(`/api/arena/head-to-head?ids=${m(1).id},${m(0).id},${m(2).id}`);
    expect(h2h.status, h2h.body).toBe(200);
    const pair = (a: number, b: number) =>
      h2h.json.pairs.find((p: { a: number; b: number }) => p.a === a && p.b === b);
    expect(pair(m(1).id, m(0).id)).toEqual({ a: m(1).id, b: m(0).id, aWins: 6, bWins: 6, ties: 0 });
    const vs2 = pair(m(1).id, m(2).id);
    expect(vs2.aWins).toBe(0);
    expect(vs2.bWins + vs2.ties).toBe(3);
    expect(vs2.bWins).toBeGreaterThan(0);
    expect(pair(m(0).id, m(2).id)).toEqual({ a: m(0).id, b: m(2).id, aWins: 0, bWins: 0, ties: 0 });
    for (const bad of ["", "?ids=1", "?ids=1,2,3,4", "?ids=a,b", "?ids=0,1"]) {
      expect((await get(`/api/arena/head-to-head${bad}`)).status).toBe(400);
    }
  });

  it("the directory sorts by arena rating, models without one last, and pages by keyset", async () => {
    // The previous test's boards: m(0) and m(1) tie overall (6-6), m(2) has wins and ties over m(1).
    const all: Array<{ id: number }> = (await get("/api/ai-models?sort=arena&limit=50")).json;
    const board = (await get("/api/arena/board")).json;
    const rated = board.rows.map((r: { model: { id: number } }) => r.model.id);
    const byRating = [...board.rows]
      .sort((x: { rating: number }, y: { rating: number }) => y.rating - x.rating)
      .map((r: { rating: number }) => r.rating);
    expect(
      all
        .slice(0, rated.length)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...rated].sort());
    const ratingOf = new Map(
      board.rows.map((r: { model: { id: number }; rating: number }) => [r.model.id, r.rating]),
    );
    expect(all.slice(0, rated.length).map((r) => ratingOf.get(r.id))).toEqual(byRating);
    expect(all.slice(rated.length).every((r) => !ratingOf.has(r.id))).toBe(true);
    expect(all.length).toBe(models.length);
    // Keyset pages give the same order.
    const first: Array<{ id: number }> = (await get("/api/ai-models?sort=arena&limit=2")).json;
    const next: Array<{ id: number }> = (
      await get(`/api/ai-models?sort=arena&limit=2&cursor=${first[1]!.id}`)
    ).json;
    expect([...first, ...next].map((r) => r.id)).toEqual(all.slice(0, 4).map((r) => r.id));
    // A battle an admin removes takes its models off the sort at the next recompute.
    await t.exec("DELETE FROM arena_battles");
    expect(await recomputeBoards(t.ctx)).toBe(true);
    t.app.resetCaches();
    const after: Array<{ id: number; name: string }> = (await get("/api/ai-models?sort=arena&limit=50")).json;
    const alphabetical: Array<{ id: number }> = (await get("/api/ai-models?sort=alphabetical&limit=50")).json;
    expect(after.map((r) => r.id)).toEqual(alphabetical.map((r) => r.id));
  });

  it(`a battle reaching ${VOTES_MILESTONE} votes notifies its submitter exactly once, even with concurrent votes`, async () => {
    const owner = await t.register();
    const [id] = await insertBattles(owner, 1, m(0).id, m(1).id);
    const voters = await Promise.all([...Array(VOTES_MILESTONE + 3).keys()].map(() => t.register()));
    const notices = async () =>
      (
        (await t.inject({ method: "GET", url: "/api/notifications", as: owner })).json() as Array<{
          message: string;
        }>
      ).filter((n) => n.message.includes("Arena battle"));
    // Nine votes: nothing yet.
    for (const v of voters.slice(0, VOTES_MILESTONE - 1))
      expect((await vote(v, id!, "a")).statusCode).toBe(200);
    expect(await notices()).toEqual([]);
    // The tenth arrives with four others at once.
    const results = await Promise.all(voters.slice(VOTES_MILESTONE - 1).map((v) => vote(v, id!, "b")));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const sent = await notices();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toContain(ARENA_MESSAGES.milestone(VOTES_MILESTONE));
    // More votes later: still one.
    expect((await vote(await t.register(), id!, "tie")).statusCode).toBe(200);
    expect(await notices()).toHaveLength(1);
  });
});
