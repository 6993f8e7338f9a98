import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARENA_MESSAGES } from "../../../common/arena";
import { multipart, pngBytes } from "../../test/fixture";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
let models: Array<{ id: number }>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ arenaVoteDelayDays: 0 });
  await t.seed({ demo: false });
  models = (await t.inject({ method: "GET", url: "/api/arena/models" })).json();
});
afterAll(async () => t?.close());

function body(side: Record<string, unknown> = {}) {
  seq += 1;
  return {
    prompt: `Draw a lighthouse at dusk, take ${seq}`,
    category: "Image Generation",
    tags: ["images"],
    a: { modelId: models[0]!.id, response: `First take ${seq}`, version: "", usedOn: "2025-06-01", ...side },
    b: { modelId: models[1]!.id, response: `Second take ${seq}`, version: "", usedOn: "2025-06-01" },
  };
}

async function uploadImage(as: TestMember): Promise<string> {
  const res = await t.inject({
    method: "POST",
    url: "/api/uploads/images",
    as,
    ...multipart(await pngBytes()),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { url: string }).url;
}

const create = (as: TestMember, payload: Record<string, unknown>) =>
  t.inject({ method: "POST", url: "/api/arena/battles", as, payload });

const next = async (as: TestMember, battle?: number) => {
  const res = await t.inject({
    method: "GET",
    url: `/api/arena/next${battle ? `?battle=${battle}` : ""}`,
    as,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().battle as {
    id: number;
    responses: Array<{ side: "a" | "b"; image: { url: string; alt: string } | null }>;
  } | null;
};

describe("images on battles (issue 22 item 1)", () => {
  it("carries an uploaded image with its description into the blind vote and the reveal", async () => {
    const submitter = await t.register();
    const voter = await t.register();
    const url = await uploadImage(submitter);
    const res = await create(
      submitter,
      body({ image: url, imageAlt: "  A red lighthouse against an orange sky " }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const battle = res.json();
    expect(battle.a.image).toEqual({ url, alt: "A red lighthouse against an orange sky" });
    expect(battle.b.image).toBeNull();

    const served = await next(voter, battle.id);
    expect(served?.id).toBe(battle.id);
    const shown = Object.fromEntries(served!.responses.map((r) => [r.side, r.image]));
    expect(shown).toEqual({ a: { url, alt: "A red lighthouse against an orange sky" }, b: null });

    const reveal = await t.inject({
      method: "POST",
      url: `/api/arena/battles/${battle.id}/vote`,
      as: voter,
      payload: { choice: "a" },
    });
    expect(reveal.statusCode, reveal.body).toBe(200);
    expect(reveal.json().a.image).toEqual({ url, alt: "A red lighthouse against an orange sky" });
    expect(reveal.json().b.image).toBeNull();
    // The image itself is served by the uploads feature.
    expect((await t.inject({ method: "GET", url })).statusCode).toBe(200);
  });

  it("accepts only the site's own uploads, and an image needs its description", async () => {
    const member = await t.register();
    const foreign = await create(member, body({ image: "https://example.com/cat.png", imageAlt: "A cat" }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain(ARENA_MESSAGES.imageInvalid);

    const missing = await create(
      member,
      body({ image: "/api/uploads/abcdefghijklmnopqrstuv.webp", imageAlt: "A cat" }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: "image_not_found" });
    expect(missing.body).toContain(ARENA_MESSAGES.imageNotFound);

    const url = await uploadImage(member);
    const undescribed = await create(member, body({ image: url, imageAlt: "   " }));
    expect(undescribed.statusCode).toBe(400);
    expect(undescribed.body).toContain(ARENA_MESSAGES.imageAltMissing);

    const plain = await create(member, body());
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().a.image).toBeNull();
  });
});

describe("battles in trending (issue 22 item 5, decision 0110)", () => {
  const trending = async (as?: TestMember, timeframe = "24h") => {
    const res = await t.inject({ method: "GET", url: `/api/trending/battles?timeframe=${timeframe}`, as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Array<Record<string, unknown> & { id: number; votes: number }>;
  };

  it("ranks battles by their votes in the window, without models or submitter; hidden and blocked ones absent", async () => {
    const now = new Date();
    t.setNow(now);
    const submitter = await t.register();
    const other = await t.register();
    const voters = await Promise.all([1, 2, 3].map(() => t.register()));
    const busy = (await create(submitter, body())).json().id as number;
    const quiet = (await create(other, body())).json().id as number;
    const hidden = (await create(other, body())).json().id as number;
    for (const v of voters) {
      for (const id of [busy, hidden]) {
        const res = await t.inject({
          method: "POST",
          url: `/api/arena/battles/${id}/vote`,
          as: v,
          payload: { choice: "a" },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    await t.inject({
      method: "POST",
      url: `/api/arena/battles/${quiet}/vote`,
      as: voters[0]!,
      payload: { choice: "tie" },
    });
    await t.exec(`UPDATE arena_battles SET hidden_at = now() WHERE id = ${hidden}`);
    // A vote older than the window does not count in it.
    await t.exec(`UPDATE arena_votes SET created_at = now() - interval '3 days' WHERE battle_id = ${quiet}`);

    const day = await trending();
    const ids = day.map((b) => b.id);
    expect(ids).toContain(busy);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(quiet);
    const top = day.find((b) => b.id === busy)!;
    expect(top).toMatchObject({ votes: 3, totalVotes: 3, category: "Image Generation", tags: ["images"] });
    expect(Object.keys(top).sort()).toEqual(["category", "id", "prompt", "tags", "totalVotes", "votes"]);
    expect(JSON.stringify(day)).not.toContain(submitter.username);
    expect((await trending(undefined, "7d")).map((b) => b.id)).toContain(quiet);

    // A member who blocked the submitter, or whom the submitter blocked, does not see the battle.
    const blocker = await t.register();
    expect(
      (await t.inject({ method: "PUT", url: `/api/users/${submitter.id}/block`, as: blocker })).statusCode,
    ).toBe(200);
    expect((await trending(blocker)).map((b) => b.id)).not.toContain(busy);
    const blocked = await t.register();
    expect(
      (await t.inject({ method: "PUT", url: `/api/users/${blocked.id}/block`, as: submitter })).statusCode,
    ).toBe(200);
    expect((await trending(blocked)).map((b) => b.id)).not.toContain(busy);
    expect((await trending(other)).map((b) => b.id)).toContain(busy);

    const bad = await t.inject({ method: "GET", url: "/api/trending/battles?timeframe=2y" });
    expect(bad.statusCode).toBe(400);
    t.setNow(undefined);
  });

  it("links to vote: the asked battle is served when the member may vote on it, else the next one", async () => {
    const submitter = await t.register();
    const voter = await t.register();
    const first = (await create(submitter, body())).json().id as number;
    const second = (await create(submitter, body())).json().id as number;
    expect((await next(voter, second))?.id).toBe(second);
    await t.inject({
      method: "POST",
      url: `/api/arena/battles/${second}/vote`,
      as: voter,
      payload: { choice: "b" },
    });
    // Already voted: the next battle instead.
    const fallback = await next(voter, second);
    expect(fallback?.id).not.toBe(second);
    // Their own battle is never served to them.
    expect((await next(submitter, first))?.id).not.toBe(first);
    const bad = await t.inject({ method: "GET", url: "/api/arena/next?battle=abc", as: voter });
    expect(bad.statusCode).toBe(400);
  });
});
