import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODEL_VERSION_CODES } from "../../../common/model-versions";
import { queryRows } from "../../db/connect";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
let admin: TestMember;
let admin2: TestMember;
let alice: TestMember;

interface Version {
  id: number;
  modelId: number;
  name: string;
  releaseDate: string;
  notes: string;
  rating: number;
  ratingCount: number;
}
interface Versions {
  versions: Version[];
  change: { since: { name: string }; newest: { name: string }; direction: string; pValue: number } | null;
}

beforeAll(async () => {
  t = await createTestApp();
  // The demo seed too: its versions and reviews are checked at the end (other tests use other models).
  await t.seed({ demo: true });
  admin = await t.register();
  admin2 = await t.register();
  alice = await t.register();
  await t.makeAdmin(admin);
  await t.makeAdmin(admin2);
});
afterAll(async () => t?.close());

async function model(slug: string): Promise<{ id: number; slug: string }> {
  const res = await t.inject({ method: "GET", url: `/api/ai-models/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const input = (overrides: Record<string, unknown> = {}) => ({
  name: `v-${randomTag(6)}`,
  releaseDate: "2024-06-01",
  notes: "A release note.",
  ...overrides,
});
const create = (as: TestMember | undefined, modelId: number, payload: Record<string, unknown>) =>
  t.inject({ method: "POST", url: `/api/admin/ai-models/${modelId}/versions`, as, payload });
async function added(modelId: number, overrides: Record<string, unknown> = {}): Promise<Version> {
  const res = await create(admin, modelId, input(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function list(slug: string): Promise<Versions> {
  const res = await t.inject({ method: "GET", url: `/api/ai-models/${slug}/versions` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const rate = (as: TestMember, modelId: number, payload: Record<string, unknown>) =>
  t.inject({ method: "POST", url: `/api/ai-models/${modelId}/rate`, as, payload });
const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(t.ctx.db, query))[0]!.n;
async function audit(action: string): Promise<{ action: string; targetId: number | null }[]> {
  const res = await t.inject({ method: "GET", url: "/api/admin/audit-log?limit=100", as: admin });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const entries: { action: string; targetId: number | null }[] = Array.isArray(body) ? body : body.items;
  return entries.filter((e) => e.action === action);
}

describe("managing versions (admins only, audit-logged)", () => {
  it("lets admins add, edit and delete versions; visitors get 401, members 403, and nothing changes", async () => {
    const m = await model("mixtral-8x7b");
    expect((await create(undefined, m.id, input())).statusCode).toBe(401);
    const refused = await create(alice, m.id, input({ name: "member-made" }));
    expect(refused.statusCode).toBe(403);
    expect((await list(m.slug)).versions).toEqual([]);

    const v = await added(m.id, { name: "Mixtral 8x7B v0.1", releaseDate: "2023-12-11" });
    expect(v).toMatchObject({
      modelId: m.id,
      name: "Mixtral 8x7B v0.1",
      releaseDate: "2023-12-11",
      ratingCount: 0,
    });
    expect((await audit("model_version.create")).map((e) => e.targetId)).toContain(v.id);

    const url = `/api/admin/model-versions/${v.id}`;
    const edit = input({ name: "Mixtral 8x7B Instruct v0.1", releaseDate: "2023-12-11", notes: "Instruct." });
    expect((await t.inject({ method: "PUT", url, as: alice, payload: edit })).statusCode).toBe(403);
    expect((await t.inject({ method: "DELETE", url, as: alice })).statusCode).toBe(403);
    expect((await t.inject({ method: "DELETE", url })).statusCode).toBe(401);
    const edited = await t.inject({ method: "PUT", url, as: admin, payload: edit });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Mixtral 8x7B Instruct v0.1", notes: "Instruct." });
    expect((await audit("model_version.update")).map((e) => e.targetId)).toContain(v.id);

    const removed = await t.inject({ method: "DELETE", url, as: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await audit("model_version.delete")).map((e) => e.targetId)).toContain(v.id);
    expect((await list(m.slug)).versions).toEqual([]);
    expect((await t.inject({ method: "DELETE", url, as: admin })).statusCode).toBe(404);
    expect((await t.inject({ method: "PUT", url, as: admin, payload: edit })).statusCode).toBe(404);
  });

  it("refuses bad input with 400 validation_failed and a field message, storing nothing", async () => {
    const m = await model("mixtral-8x7b");
    for (const bad of [
      input({ name: "" }),
      input({ name: "   " }),
      input({ name: "x".repeat(61) }),
      input({ name: "bad\u0007name" }),
      input({ releaseDate: "2024-13-01" }),
      input({ releaseDate: "2024-02-30" }),
      input({ releaseDate: "yesterday" }),
      input({ releaseDate: 20240101 }),
      input({ notes: "n".repeat(1001) }),
      { ...input(), extra: true },
      { name: "no date" },
    ]) {
      const res = await create(admin, m.id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
    const res = await create(admin, m.id, input({ releaseDate: "2024-02-30" }));
    expect(res.json().fields.releaseDate).toMatch(/YYYY-MM-DD/);
    expect((await list(m.slug)).versions).toEqual([]);
    expect((await create(admin, 2_147_483_647, input())).statusCode).toBe(404);
    expect((await t.inject({ method: "GET", url: "/api/ai-models/no-such-model/versions" })).statusCode).toBe(
      404,
    );
  });

  it("keeps names unique per model, case-insensitively (409 with a code), and lists newest release first", async () => {
    const m = await model("gemma-2-27b");
    const other = await model("qwen2-5-72b");
    const first = await added(m.id, { name: "Gemma 2 27B", releaseDate: "2024-06-27" });
    const dup = await create(admin, m.id, input({ name: "gemma 2 27b" }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe(MODEL_VERSION_CODES.exists);
    // The same name on another model is another version.
    await added(other.id, { name: "Gemma 2 27B" });
    const newer = await added(m.id, { name: "Gemma 2 27B IT", releaseDate: "2024-08-01" });
    const older = await added(m.id, { name: "Gemma 2 27B preview", releaseDate: "2024-05-01" });
    const rename = await t.inject({
      method: "PUT",
      url: `/api/admin/model-versions/${older.id}`,
      as: admin,
      payload: input({ name: "GEMMA 2 27B IT" }),
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe(MODEL_VERSION_CODES.exists);
    expect((await list(m.slug)).versions.map((v) => v.id)).toEqual([newer.id, first.id, older.id]);
  });

  it("two admins adding the same name at once: one wins, the other gets a clean 409", async () => {
    const m = await model("mistral-large-2");
    const name = `Race ${randomTag(5)}`;
    const results = await Promise.all([
      create(admin, m.id, input({ name })),
      create(admin2, m.id, input({ name: name.toUpperCase() })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe(MODEL_VERSION_CODES.exists);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM model_versions WHERE model_id = ${m.id} AND lower(name) = ${name.toLowerCase()}`,
      ),
    ).toBe(1);
  });
});

describe("reviews and battles record the version", () => {
  it("a review records one of the model's versions; another model's version is refused with a code", async () => {
    const m = await model("qwen2-5-72b");
    const other = await model("gemma-2-27b");
    const mine = await added(m.id, { name: "Qwen2.5-72B-Instruct" });
    const foreign = await added(other.id);
    const member = await t.register();
    const bad = await rate(member, m.id, { rating: 4, versionId: foreign.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: MODEL_VERSION_CODES.notOfModel });
    expect((await rate(member, m.id, { rating: 4, versionId: 2_147_483_647 })).json().code).toBe(
      MODEL_VERSION_CODES.notOfModel,
    );
    expect((await rate(member, m.id, { rating: 4, versionId: "latest" })).json().code).toBe(
      "validation_failed",
    );
    expect(await count(sql`SELECT count(*)::int AS n FROM model_ratings WHERE user_id = ${member.id}`)).toBe(
      0,
    );

    const ok = await rate(member, m.id, { rating: 4, versionId: mine.id, modelVersion: "ignored text" });
    expect(ok.statusCode, ok.body).toBe(200);
    const reviews = (
      await t.inject({ method: "GET", url: `/api/ai-models/${m.slug}/reviews?sort=newest` })
    ).json();
    expect(reviews[0]).toMatchObject({ versionId: mine.id, modelVersion: "Qwen2.5-72B-Instruct" });

    // The version filter matches the version (any case) and legacy free text of the same name.
    const legacy = await t.register();
    expect((await rate(legacy, m.id, { rating: 2, modelVersion: "qwen2.5-72b-instruct" })).statusCode).toBe(
      200,
    );
    const third = await t.register();
    expect((await rate(third, m.id, { rating: 3, modelVersion: "something else" })).statusCode).toBe(200);
    const filtered = (
      await t.inject({ method: "GET", url: `/api/ai-models/${m.slug}/reviews?version=QWEN2.5-72B-INSTRUCT` })
    ).json() as { rating: number }[];
    expect(filtered.map((r) => r.rating).sort()).toEqual([2, 4]);

    // A deleted version leaves its reviews, without a version.
    await t.inject({ method: "DELETE", url: `/api/admin/model-versions/${mine.id}`, as: admin });
    const after = (
      await t.inject({ method: "GET", url: `/api/ai-models/${m.slug}/reviews?sort=lowest` })
    ).json();
    expect(after.find((r: { rating: number }) => r.rating === 4)).toMatchObject({
      versionId: null,
      modelVersion: null,
    });
  });

  it("an Arena battle records each side's version; a version of the other model is refused", async () => {
    const models = (await t.inject({ method: "GET", url: "/api/arena/models" })).json() as { id: number }[];
    const [a, b] = [models[0]!.id, models[1]!.id];
    const va = await added(a, { name: `A ${randomTag(4)}` });
    const submitter = await t.register();
    const battle = (sideA: Record<string, unknown>) => ({
      prompt: `Explain closures in JavaScript, please (${randomTag(6)})`,
      category: "Language Models",
      tags: ["coding"],
      a: { modelId: a, response: "Answer one", version: "", usedOn: "2025-06-01", ...sideA },
      b: { modelId: b, response: "Answer two", version: "", usedOn: "2025-06-02" },
    });
    const wrong = await t.inject({
      method: "POST",
      url: "/api/arena/battles",
      as: submitter,
      payload: { ...battle({}), b: { ...battle({}).b, versionId: va.id } },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(MODEL_VERSION_CODES.notOfModel);
    const res = await t.inject({
      method: "POST",
      url: "/api/arena/battles",
      as: submitter,
      payload: battle({ versionId: va.id }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().a.version).toBe(va.name);
    const [row] = await queryRows<{ version_a_id: number | null; version_b_id: number | null }>(
      t.ctx.db,
      sql`SELECT version_a_id, version_b_id FROM arena_battles WHERE id = ${res.json().id}`,
    );
    expect(row).toEqual({ version_a_id: va.id, version_b_id: null });
  });
});

describe("the rating per version and the change mark", () => {
  async function rateMany(modelId: number, versionId: number, ratings: number[]) {
    for (const rating of ratings) {
      const member = await t.register();
      const res = await rate(member, modelId, { rating, versionId });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  it("shows each version's mean and count, and marks a newest version rated clearly differently", async () => {
    const m = await model("llama-3-1-8b");
    const old = await added(m.id, { name: "Llama 3.1 8B", releaseDate: "2024-07-23" });
    const newest = await added(m.id, { name: "Llama 3.1 8B refresh", releaseDate: "2024-12-01" });
    await rateMany(m.id, old.id, [2, 2, 3, 2, 1, 3]);
    await rateMany(m.id, newest.id, [5, 4, 5, 5, 4]);
    const split = await list(m.slug);
    expect(split.versions.map((v) => [v.name, v.rating, v.ratingCount])).toEqual([
      ["Llama 3.1 8B refresh", 4.6, 5],
      ["Llama 3.1 8B", 2.17, 6],
    ]);
    expect(split.change).toMatchObject({
      since: { name: "Llama 3.1 8B" },
      newest: { name: "Llama 3.1 8B refresh" },
      direction: "higher",
    });
    expect(split.change!.pValue).toBeLessThan(0.05);
  });

  it("does not mark versions rated alike, nor too few ratings; hidden ratings count nowhere", async () => {
    const m = await model("code-llama-70b");
    const old = await added(m.id, { name: "Code Llama 70B", releaseDate: "2024-01-29" });
    const newest = await added(m.id, { name: "Code Llama 70B Instruct", releaseDate: "2024-02-10" });
    await rateMany(m.id, old.id, [4, 3, 5, 4]);
    await rateMany(m.id, newest.id, [1, 1, 1, 1, 1]);
    // Four ratings on one side: too few to tell.
    expect((await list(m.slug)).change).toBeNull();
    await rateMany(m.id, old.id, [4]);
    expect((await list(m.slug)).change).toMatchObject({ direction: "lower" });
    // A rating whose feed post is hidden pending review leaves the figures.
    const poster = await t.register();
    const post = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: poster,
      payload: { content: `Code Llama review from the feed ${randomTag(6)}`, aiModel: "other", rating: 5 },
    });
    expect(post.statusCode, post.body).toBe(201);
    await t.exec(
      `INSERT INTO model_ratings (model_id, user_id, rating, post_id, version_id) VALUES (${m.id}, ${poster.id}, 5, ${post.json().id}, ${newest.id})`,
    );
    expect((await list(m.slug)).versions[0]!.ratingCount).toBe(6);
    await t.exec(`UPDATE posts SET hidden_at = now() WHERE id = ${post.json().id}`);
    expect((await list(m.slug)).versions[0]!.ratingCount).toBe(5);

    const same = await model("starcoder2-15b");
    const s1 = await added(same.id, { releaseDate: "2024-02-28" });
    const s2 = await added(same.id, { releaseDate: "2024-09-01" });
    await rateMany(same.id, s1.id, [4, 4, 3, 5, 4, 2]);
    await rateMany(same.id, s2.id, [4, 3, 4, 5, 4, 4]);
    expect((await list(same.slug)).change).toBeNull();
  });

  it("the demo seed gives several models versions and reviews: Claude 3.5 Sonnet's newest is marked", async () => {
    const claude = await list("claude-3-5-sonnet");
    expect(claude.versions.map((v) => v.name)).toEqual([
      "claude-3-5-sonnet-20241022",
      "claude-3-5-sonnet-20240620",
    ]);
    expect(claude.versions.every((v) => v.ratingCount >= 5)).toBe(true);
    expect(claude.change).toMatchObject({
      since: { name: "claude-3-5-sonnet-20240620" },
      direction: "higher",
    });
    const gpt = await list("gpt-4o");
    expect(gpt.versions).toHaveLength(2);
    expect(gpt.versions.every((v) => v.ratingCount >= 5)).toBe(true);
    expect(gpt.change).toBeNull();
    // Once: seeding again adds nothing.
    const before = await count(sql`SELECT count(*)::int AS n FROM model_versions`);
    await t.seed({ demo: true });
    expect(await count(sql`SELECT count(*)::int AS n FROM model_versions`)).toBe(before);
  });
});
