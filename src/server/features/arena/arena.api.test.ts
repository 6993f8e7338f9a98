import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARENA_MESSAGES, ARENA_RULES } from "../../../common/arena";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";
import { recomputeBoards } from "./recompute";

let t: TestApp;
let models: Array<{ id: number; name: string; slug: string }>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ arenaVoteDelayDays: 0 });
  await t.seed({ demo: false });
  models = (await t.inject({ method: "GET", url: "/api/arena/models" })).json();
});
afterAll(async () => t?.close());

const m = (i: number) => models[i]!.id;

function body(a: number, b: number, overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    prompt: `Battle prompt number ${seq}: explain closures in JavaScript`,
    category: "Language Models",
    tags: ["coding"],
    a: { modelId: a, response: `Answer one for ${seq}`, version: "2025-05", usedOn: "2025-06-01" },
    b: { modelId: b, response: `Answer two for ${seq}`, version: "", usedOn: "2025-06-02" },
    ...overrides,
  };
}

async function submit(as: TestMember, a = m(0), b = m(1), overrides: Record<string, unknown> = {}) {
  const res = await t.inject({
    method: "POST",
    url: "/api/arena/battles",
    as,
    payload: body(a, b, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; votes: number };
}

/** Battles inserted behind the app's back (past the per-minute budget of the form). */
async function insertBattles(submitter: TestMember, count: number, a = m(0), b = m(1)): Promise<number[]> {
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

const board = async (query = "") => {
  const res = await t.inject({ method: "GET", url: `/api/arena/board${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    computedAt: string | null;
    votes: number;
    rows: Array<{
      model: { id: number };
      rating: number;
      lower: number;
      upper: number;
      votes: number;
      provisional: boolean;
      rankBest: number;
      rankWorst: number;
    }>;
  };
};
const winRates = async (query = "") => {
  const res = await t.inject({ method: "GET", url: `/api/arena/win-rates${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    computedAt: string | null;
    models: Array<{ id: number; name: string; slug: string }>;
    matrix: Array<Array<number | null>>;
  };
};

describe("battles", () => {
  it("a member submits a battle between two directory models; visitors cannot", async () => {
    const owner = await t.register();
    const battle = await submit(owner);
    expect(battle.votes).toBe(0);
    const anonymous = await t.inject({
      method: "POST",
      url: "/api/arena/battles",
      payload: body(m(0), m(1)),
    });
    expect(anonymous.statusCode).toBe(401);
    const mine = await t.inject({ method: "GET", url: "/api/arena/battles/mine", as: owner });
    expect(mine.json().map((b: { id: number }) => b.id)).toEqual([battle.id]);
  });

  it("refuses bad input with 400 and a clear message", async () => {
    const owner = await t.register();
    const cases: Array<[Record<string, unknown>, string]> = [
      [body(m(0), m(0)), ARENA_MESSAGES.sameModel],
      [body(m(0), m(1), { tags: ["gardening"] }), ARENA_MESSAGES.tagInvalid],
      [body(m(0), m(1), { prompt: "   " }), ARENA_MESSAGES.fillPrompt],
      [body(m(0), m(1), { category: "Cooking" }), "Category must be one of"],
      [
        { ...body(m(0), m(1)), a: { modelId: m(0), response: "x", version: "", usedOn: "yesterday" } },
        ARENA_MESSAGES.dateInvalid,
      ],
      [
        { ...body(m(0), m(1)), a: { modelId: m(0), response: "", version: "", usedOn: "2025-01-01" } },
        ARENA_MESSAGES.fillResponse,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await t.inject({ method: "POST", url: "/api/arena/battles", as: owner, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe("validation_failed");
      expect(res.body).toContain(message);
    }
    const unknown = await t.inject({
      method: "POST",
      url: "/api/arena/battles",
      as: owner,
      payload: body(m(0), 999_999),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "unknown_model", message: ARENA_MESSAGES.unknownModel });
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const later = await t.inject({
      method: "POST",
      url: "/api/arena/battles",
      as: owner,
      payload: { ...body(m(0), m(1)), b: { modelId: m(1), response: "y", version: "", usedOn: future } },
    });
    expect(later.statusCode).toBe(400);
  });

  it("goes through the moderation pipeline: prohibited words are refused (422) and recorded", async () => {
    const owner = await t.register();
    const res = await t.inject({
      method: "POST",
      url: "/api/arena/battles",
      as: owner,
      payload: body(m(0), m(1), { prompt: "What the fuck is a closure?" }),
    });
    expect(res.statusCode, res.body).toBe(422);
  });

  it("is rate limited like other posts", async () => {
    const owner = await t.register();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await t.inject({ method: "POST", url: "/api/arena/battles", as: owner, payload: body(m(0), m(1)) }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses).toContain(429);
  });

  it("its submitter may delete it while it has no votes; others may not", async () => {
    const owner = await t.register();
    const other = await t.register();
    const a = await submit(owner);
    const b = await submit(owner);
    const refused = await t.inject({ method: "DELETE", url: `/api/arena/battles/${a.id}`, as: other });
    expect(refused.statusCode).toBe(403);
    const ok = await t.inject({ method: "DELETE", url: `/api/arena/battles/${a.id}`, as: owner });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await vote(other, b.id, "a")).statusCode).toBe(200);
    const withVotes = await t.inject({ method: "DELETE", url: `/api/arena/battles/${b.id}`, as: owner });
    expect(withVotes.statusCode).toBe(409);
    expect(withVotes.json().message).toBe(ARENA_MESSAGES.hasVotes);
  });

  it("can be reported, and three reports hide it from voters", async () => {
    const owner = await t.register();
    const [id] = await insertBattles(owner, 1, m(2), m(3));
    for (let i = 0; i < 3; i++) {
      const reporter = await t.register();
      const res = await t.inject({
        method: "POST",
        url: "/api/reports",
        as: reporter,
        payload: { targetType: "battle", targetId: id, reason: "spam" },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const voter = await t.register();
    expect((await vote(voter, id!, "a")).statusCode).toBe(404);
  });
});

describe("blind voting", () => {
  it("serves a battle with hidden models, never the member's own, then reveals names and the split", async () => {
    await t.exec("DELETE FROM arena_battles");
    const owner = await t.register();
    const voter = await t.register({ generation: "genz" });
    const { id } = await submit(owner, m(0), m(1));
    expect((await t.inject({ method: "GET", url: "/api/arena/next", as: owner })).json()).toEqual({
      battle: null,
    });
    const served = (await t.inject({ method: "GET", url: "/api/arena/next", as: voter })).json().battle;
    expect(served.id).toBe(id);
    expect(served.responses.map((r: { side: string }) => r.side).sort()).toEqual(["a", "b"]);
    expect(JSON.stringify(served)).not.toContain(models[0]!.name);
    expect(JSON.stringify(served)).not.toContain(models[1]!.name);
    expect(JSON.stringify(served)).not.toContain(owner.username);

    const own = await vote(owner, id, "a");
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(ARENA_MESSAGES.ownBattle);

    const res = await vote(voter, id, "b");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      battleId: id,
      choice: "b",
      a: { model: { id: m(0), name: models[0]!.name } },
      b: { model: { id: m(1), name: models[1]!.name } },
      split: { a: 0, b: 1, tie: 0, bad: 0 },
    });
    // Voted: not served again, and a second vote is refused.
    expect((await t.inject({ method: "GET", url: "/api/arena/next", as: voter })).json()).toEqual({
      battle: null,
    });
    const again = await vote(voter, id, "a");
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("already_voted");
  });

  it("never serves a battle by a member the voter blocked, or who blocked the voter", async () => {
    await t.exec("DELETE FROM arena_battles");
    const submitter = await t.register();
    const blocker = await t.register();
    const blocked = await t.register();
    const { id } = await submit(submitter, m(0), m(1));
    const next = async (as: TestMember) =>
      (await t.inject({ method: "GET", url: "/api/arena/next", as })).json().battle?.id ?? null;
    expect(await next(blocker)).toBe(id);
    const block = await t.inject({ method: "PUT", url: `/api/users/${submitter.id}/block`, as: blocker });
    expect(block.statusCode, block.body).toBeLessThan(300);
    expect(await next(blocker)).toBeNull();
    // The other way round: the submitter blocks a voter, who is then not served the battle either.
    expect(await next(blocked)).toBe(id);
    const other = await t.inject({ method: "PUT", url: `/api/users/${blocked.id}/block`, as: submitter });
    expect(other.statusCode, other.body).toBeLessThan(300);
    expect(await next(blocked)).toBeNull();
  });

  it("counts one of two votes sent at once", async () => {
    const owner = await t.register();
    const voter = await t.register();
    const { id } = await submit(owner);
    const results = await Promise.all([vote(voter, id, "a"), vote(voter, id, "b")]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const mine = (await t.inject({ method: "GET", url: "/api/arena/battles/mine", as: owner })).json();
    expect(mine[0].votes).toBe(1);
  });

  it("refuses a bad choice (400), an unknown battle (404) and visitors (401)", async () => {
    const owner = await t.register();
    const voter = await t.register();
    const { id } = await submit(owner);
    expect((await vote(voter, id, "c")).statusCode).toBe(400);
    expect((await vote(voter, 2_000_000, "a")).statusCode).toBe(404);
    expect(
      (await t.inject({ method: "POST", url: `/api/arena/battles/${id}/vote`, payload: { choice: "a" } }))
        .statusCode,
    ).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/arena/next" })).statusCode).toBe(401);
  });
});

describe("boards", () => {
  it("rank the models from the votes, overall and per generation, with intervals and the computation time", async () => {
    await t.exec("DELETE FROM arena_battles");
    const owner = await t.register();
    const genz = await t.register({ generation: "genz" });
    const boomer = await t.register({ generation: "boomer" });
    const ids = await insertBattles(owner, 12, m(0), m(1));
    for (const id of ids) {
      expect((await vote(genz, id, "a")).statusCode).toBe(200);
      expect((await vote(boomer, id, "b")).statusCode).toBe(200);
    }
    const before = await board();
    expect(await recomputeBoards(t.ctx)).toBe(true);
    t.app.resetCaches(); // what the public micro-cache's second would do
    const overall = await board();
    expect(overall.computedAt).not.toBeNull();
    expect(overall.computedAt).not.toBe(before.computedAt);
    expect(overall.votes).toBe(24);
    expect(overall.rows.map((r) => r.model.id).sort()).toEqual([m(0), m(1)].sort());
    for (const r of overall.rows) {
      expect(r.lower).toBeLessThanOrEqual(r.rating);
      expect(r.upper).toBeGreaterThanOrEqual(r.rating);
      expect(r.provisional).toBe(r.votes < ARENA_RULES.minVotes);
    }
    const z = await board("?view=generation&g=genz");
    expect(z.rows[0]!.model.id).toBe(m(0));
    // The heatmap's own call: the board's models in the board's order, the matrix in theirs;
    // the board itself carries no matrix (two thirds of its bytes).
    expect(z).not.toHaveProperty("matrix");
    const zRates = await winRates("?view=generation&g=genz");
    expect(zRates.computedAt).toBe(z.computedAt);
    expect(zRates.models.map((m) => m.id)).toEqual(z.rows.map((r) => r.model.id));
    expect(zRates.matrix[0]![1]).toBe(1);
    expect(zRates.matrix[1]![0]).toBe(0);
    expect(zRates.matrix[0]![0]).toBeNull();
    expect(
      (await t.inject({ method: "GET", url: "/api/arena/win-rates?view=generation&g=nobody" })).statusCode,
    ).toBe(400);
    const b = await board("?view=generation&g=boomer");
    expect(b.rows[0]!.model.id).toBe(m(1));
    const agreement = (await t.inject({ method: "GET", url: "/api/arena/agreement" })).json();
    const pair = agreement.pairs.find((p: { a: string; b: string }) => p.a === "genz" && p.b === "boomer");
    expect(pair).toMatchObject({ tau: -1, models: 2 });
    const tag = await board("?view=tag&g=coding");
    expect(tag.votes).toBe(24);
    const category = await board("?view=category&g=Image%20Generation");
    expect(category.rows).toEqual([]);
  });

  it("refuses an unknown view with 400", async () => {
    for (const q of ["?view=planet", "?view=generation&g=alpha", "?view=category&g=Cooking", "?view=tag"]) {
      const res = await t.inject({ method: "GET", url: `/api/arena/board${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it("recompute without a battle an admin removed (a job runs right after the removal)", async () => {
    await t.exec("DELETE FROM arena_battles");
    const owner = await t.register();
    const voter = await t.register();
    const admin = await t.register();
    await t.makeAdmin(admin);
    const [keep] = await insertBattles(owner, 1, m(0), m(1));
    const [fake] = await insertBattles(owner, 1, m(2), m(3));
    await vote(voter, keep!, "a");
    await vote(voter, fake!, "a");
    await recomputeBoards(t.ctx);
    expect((await board()).rows).toHaveLength(4);
    const removed = await t.inject({ method: "DELETE", url: `/api/arena/battles/${fake}`, as: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(ARENA_MESSAGES.removed);
    await t.drainJobs();
    t.app.resetCaches(); // what the public micro-cache's second would do
    const after = await board();
    expect(after.rows.map((r) => r.model.id).sort()).toEqual([m(0), m(1)].sort());
  });

  it("count at most the cap of one member's votes on one submitter's battles", async () => {
    await t.exec("DELETE FROM arena_battles");
    const owner = await t.register();
    const voter = await t.register();
    const ids = await insertBattles(owner, ARENA_RULES.perSubmitterCap + 5);
    for (const id of ids)
      await t.exec(
        `INSERT INTO arena_votes (battle_id, voter_id, choice, voter_generation) VALUES (${id}, ${voter.id}, 'a', 'millennial')`,
      );
    await recomputeBoards(t.ctx);
    t.app.resetCaches();
    expect((await board()).votes).toBe(ARENA_RULES.perSubmitterCap);
  });

  it("list for admins a member whose many votes always favor one model", async () => {
    const admin = await t.register();
    await t.makeAdmin(admin);
    const member = await t.register();
    expect((await t.inject({ method: "GET", url: "/api/arena/anomalies", as: member })).statusCode).toBe(403);
    const res = await t.inject({ method: "GET", url: "/api/arena/anomalies", as: admin });
    expect(res.statusCode, res.body).toBe(200);
    const anomalies = res.json();
    // The previous test's voter: 30 votes, all for model A.
    expect(
      anomalies.some(
        (a: { model: { id: number }; votes: number; favoring: number }) =>
          a.model.id === m(0) && a.votes >= 30 && a.favoring === a.votes,
      ),
    ).toBe(true);
    expect(JSON.stringify(anomalies)).not.toContain("@");
  });
});

describe("votes of new accounts", () => {
  it("count only after the configured delay, and only for accounts with other activity", async () => {
    const strict = await createTestApp({ arenaVoteDelayDays: 7 });
    try {
      await strict.seed({ demo: false });
      const ids = (await strict.inject({ method: "GET", url: "/api/arena/models" })).json();
      const owner = await strict.register();
      const voter = await strict.register();
      const res = await strict.inject({
        method: "POST",
        url: "/api/arena/battles",
        as: owner,
        payload: body(ids[0].id, ids[1].id),
      });
      const id = res.json().id;
      expect(
        (
          await strict.inject({
            method: "POST",
            url: `/api/arena/battles/${id}/vote`,
            as: voter,
            payload: { choice: "a" },
          })
        ).statusCode,
      ).toBe(200);
      await recomputeBoards(strict.ctx);
      const votes = async () =>
        (await strict.inject({ method: "GET", url: "/api/arena/board" })).json().votes;
      expect(await votes()).toBe(0);
      // Eight days on, still no other activity: still not counted.
      strict.setNow(new Date(Date.now() + 8 * 86_400_000));
      await recomputeBoards(strict.ctx);
      strict.app.resetCaches();
      expect(await votes()).toBe(0);
      await strict.exec(
        `INSERT INTO posts (author_id, content) VALUES (${voter.id}, 'My first real post here')`,
      );
      await recomputeBoards(strict.ctx);
      strict.app.resetCaches();
      expect(await votes()).toBe(1);
    } finally {
      await strict.close();
    }
  });
});
