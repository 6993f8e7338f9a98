import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AiModelDetail, ModelSummary } from "../../../common/ai-models";
import {
  CATALOG_CODES,
  CATALOG_MESSAGES,
  type CatalogModel,
  type CatalogPage,
} from "../../../common/catalog";
import { queryRows } from "../../db/connect";
import { sql } from "drizzle-orm";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
let admin: TestMember;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register();
  member = await t.register();
  await t.makeAdmin(admin);
});
afterAll(async () => t?.close());

const input = (name = `Catalog ${randomTag(8)}`, extra: Record<string, unknown> = {}) => ({
  name,
  company: "Example Labs",
  description: "A model made for the catalog's tests.",
  category: "Language Models",
  pricing: "Paid",
  priceInputPerM: 2.5,
  priceOutputPerM: 10,
  contextWindow: 128_000,
  license: "Proprietary",
  openWeights: false,
  sources: ["https://example.com/model-card"],
  lastVerifiedAt: "2026-01-15",
  ...extra,
});

const create = (as: TestMember | undefined, payload: Record<string, unknown>) =>
  t.inject({ method: "POST", url: "/api/admin/catalog/models", as, payload });
const update = (as: TestMember | undefined, id: number, payload: Record<string, unknown>) =>
  t.inject({ method: "PUT", url: `/api/admin/catalog/models/${id}`, as, payload });
const action = (as: TestMember | undefined, id: number, what: string, payload?: Record<string, unknown>) =>
  t.inject({ method: "POST", url: `/api/admin/catalog/models/${id}/${what}`, as, payload });

async function created(name?: string, extra: Record<string, unknown> = {}): Promise<CatalogModel> {
  const res = await create(admin, input(name, extra));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { model: CatalogModel }).model;
}
async function directory(query = ""): Promise<ModelSummary[]> {
  const res = await t.inject({ method: "GET", url: `/api/ai-models?limit=100${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function page(slug: string): Promise<AiModelDetail> {
  const res = await t.inject({ method: "GET", url: `/api/ai-models/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function auditOf(id: number) {
  return queryRows<{ action: string; summary: string; details: Record<string, unknown>; reason: string }>(
    t.ctx.db,
    sql`SELECT action, summary, details, reason FROM admin_audit_log
        WHERE target_type = 'ai_model' AND target_id = ${id} ORDER BY id`,
  );
}
async function queue(query = ""): Promise<CatalogPage> {
  const res = await t.inject({ method: "GET", url: `/api/admin/catalog/review-queue${query}`, as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("admins only", () => {
  it("refuses visitors (401) and members (403) on every route, changing nothing", async () => {
    const model = await created();
    const calls = [
      () => t.inject({ method: "GET", url: "/api/admin/catalog/models" }),
      () => t.inject({ method: "GET", url: `/api/admin/catalog/models/${model.id}` }),
      () => t.inject({ method: "GET", url: "/api/admin/catalog/review-queue" }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(401);
    for (const as of [undefined, member]) {
      const status = as ? 403 : 401;
      expect((await create(as, input())).statusCode).toBe(status);
      expect((await update(as, model.id, input("Hijacked name"))).statusCode).toBe(status);
      expect((await action(as, model.id, "retire", {})).statusCode).toBe(status);
      expect((await action(as, model.id, "restore")).statusCode).toBe(status);
      expect((await action(as, model.id, "verify")).statusCode).toBe(status);
      expect(
        (await t.inject({ method: "GET", url: `/api/admin/catalog/models/${model.id}`, as })).statusCode,
      ).toBe(status);
    }
    const after = await page(model.slug);
    expect(after.name).toBe(model.name);
    expect(after.retiredAt).toBeNull();
  });
});

describe("creating", () => {
  it("creates a model with every fact, a slug from its name, shown in the directory and on its page", async () => {
    const name = `Nimbus ${randomTag(6)} Pro`;
    const model = await created(name, {
      longDescription: "Longer words.",
      features: ["Tools", "Vision", "Tools"],
      useCases: ["Coding"],
      benchmarkDetails: { MMLU: 80, GPQA: 60 },
      website: "https://example.com",
      releaseDate: "2025-06-01",
      hasApi: true,
      openWeights: true,
    });
    expect(model.slug).toBe(name.toLowerCase().replace(/ /g, "-"));
    expect(model.features).toEqual(["Tools", "Vision"]);
    const shown = await page(model.slug);
    expect(shown).toMatchObject({
      name,
      priceInputPerM: 2.5,
      priceOutputPerM: 10,
      contextWindow: 128_000,
      license: "Proprietary",
      openWeights: true,
      lastVerifiedAt: "2026-01-15",
      sources: ["https://example.com/model-card"],
      benchmarkScore: 70,
      retiredAt: null,
    });
    expect((await directory(`&search=${encodeURIComponent(name)}`)).map((m) => m.id)).toContain(model.id);
    const audit = await auditOf(model.id);
    expect(audit.map((a) => a.action)).toEqual(["catalog.create"]);
  });

  it("keeps slugs unique: a second model of the same stem gets -2, a taken slug given is 409", async () => {
    const a = await created(`Twin ${randomTag(6)}`);
    const b = await created(`${a.name}!`, {}).catch(() => null);
    // The same name (letters and digits) is the same model: refused.
    expect(b).toBeNull();
    const res = await create(admin, input(`${a.name} Mini`, { slug: a.slug }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(CATALOG_CODES.slugTaken);
    const dup = await create(admin, input(a.name.toUpperCase()));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe(CATALOG_CODES.nameTaken);
    const stem = await created(`${a.name} ${randomTag(3)}`, { slug: undefined });
    expect(stem.slug.startsWith(a.slug)).toBe(true);
  });

  it("refuses bad input with 400 validation_failed and the field, storing nothing", async () => {
    const bad: Record<string, unknown>[] = [
      input("", {}),
      input(undefined, { category: "Toys" }),
      input(undefined, { pricing: "Cheap" }),
      input(undefined, { priceInputPerM: -1 }),
      input(undefined, { priceOutputPerM: "ten" }),
      input(undefined, { contextWindow: 1.5 }),
      input(undefined, { contextWindow: 0 }),
      input(undefined, { sources: ["javascript:alert(1)"] }),
      input(undefined, { sources: ["ftp://example.com/file"] }),
      input(undefined, { website: "not a url" }),
      input(undefined, { releaseDate: "2025-02-30" }),
      input(undefined, { lastVerifiedAt: "yesterday" }),
      input(undefined, { slug: "Has Spaces" }),
      input(undefined, { benchmarkDetails: { MMLU: 140 } }),
      input(undefined, { openWeights: "yes" }),
      input(undefined, { description: "" }),
      input(undefined, { license: "x".repeat(101) }),
      { ...input(), unknownField: 1 },
    ];
    for (const payload of bad) {
      const res = await create(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
    const future = await create(admin, input(undefined, { lastVerifiedAt: "2999-01-01" }));
    expect(future.statusCode).toBe(400);
    expect(future.json().code).toBe(CATALOG_CODES.futureDate);
  });
});

describe("editing", () => {
  it("edits facts, audit-logs what changed, and 404s an unknown model", async () => {
    const model = await created();
    const res = await update(
      admin,
      model.id,
      input(model.name, { pricing: "Freemium", contextWindow: 200_000 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().model).toMatchObject({ pricing: "Freemium", contextWindow: 200_000, slug: model.slug });
    const [, edit] = await auditOf(model.id);
    expect(edit?.action).toBe("catalog.update");
    expect(edit?.summary).toContain("pricing, context window");
    expect(edit?.details).toEqual({
      changes: {
        pricing: { from: "Paid", to: "Freemium" },
        contextWindow: { from: 128_000, to: 200_000 },
      },
    });
    // Saving the same facts again changes nothing and logs nothing.
    await update(admin, model.id, input(model.name, { pricing: "Freemium", contextWindow: 200_000 }));
    expect((await auditOf(model.id)).length).toBe(2);
    expect((await update(admin, 2147483647, input())).statusCode).toBe(404);
  });

  it("renames without moving the address; a new slug keeps the old one answering the model", async () => {
    const model = await created();
    const renamed = await update(admin, model.id, input(`Renamed ${randomTag(6)}`));
    expect(renamed.json().model.slug).toBe(model.slug);

    const slug = `moved-${randomTag(6)}`;
    const moved = await update(admin, model.id, input(renamed.json().model.name, { slug }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().model).toMatchObject({ slug, redirects: [model.slug] });
    // The old address answers the model, naming its current slug (the page redirects there).
    const old = await page(model.slug);
    expect(old.id).toBe(model.id);
    expect(old.slug).toBe(slug);
    const reviews = await t.inject({ method: "GET", url: `/api/ai-models/${model.slug}/reviews` });
    expect(reviews.statusCode).toBe(200);

    // Another model cannot take the old slug nor the current one.
    const other = await created();
    for (const taken of [model.slug, slug]) {
      const res = await update(admin, other.id, input(other.name, { slug: taken }));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(CATALOG_CODES.slugTaken);
    }
    // Taking its own old slug back moves the redirect the other way.
    const back = await update(admin, model.id, input(renamed.json().model.name, { slug: model.slug }));
    expect(back.json().model).toMatchObject({ slug: model.slug, redirects: [slug] });
    expect((await page(slug)).slug).toBe(model.slug);
    // The seed never brings a renamed catalog slug back as a second model.
    const audit = await auditOf(model.id);
    expect(audit.filter((a) => a.action === "catalog.update").length).toBe(3);
  });

  it("two admins taking the same new slug at once: one wins, the other gets 409", async () => {
    const a = await created();
    const b = await created();
    const slug = `contested-${randomTag(6)}`;
    const [ra, rb] = await Promise.all([
      update(admin, a.id, input(a.name, { slug })),
      update(admin, b.id, input(b.name, { slug })),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
  });
});

describe("edits saved meanwhile", () => {
  it("refuses an edit of a model changed since its editor opened it (409), keeping the other edit", async () => {
    const model = await created();
    const opened = model.updatedAt;
    const first = await update(
      admin,
      model.id,
      input(model.name, { pricing: "Freemium", expectedUpdatedAt: opened }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const saved = (first.json() as { model: CatalogModel }).model;
    expect(saved.updatedAt).not.toBe(opened);

    // The second editor opened the model before the first save: refused, nothing of theirs stored.
    const stale = await update(
      admin,
      model.id,
      input(model.name, { pricing: "Free", expectedUpdatedAt: opened }),
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      code: CATALOG_CODES.changedMeanwhile,
      message: CATALOG_MESSAGES.changedMeanwhile,
    });
    expect((await page(model.slug)).pricing).toBe("Freemium");
    expect((await auditOf(model.id)).filter((a) => a.action === "catalog.update").length).toBe(1);

    // Opened again, the model saves; retiring it meanwhile counts as a change too.
    const again = await update(
      admin,
      model.id,
      input(model.name, { pricing: "Free", expectedUpdatedAt: saved.updatedAt }),
    );
    expect(again.statusCode, again.body).toBe(200);
    const reopened = (again.json() as { model: CatalogModel }).model.updatedAt;
    expect((await action(admin, model.id, "retire", {})).statusCode).toBe(200);
    const afterRetire = await update(admin, model.id, input(model.name, { expectedUpdatedAt: reopened }));
    expect(afterRetire.statusCode).toBe(409);

    // Not a moment: 400 on the field.
    const bad = await update(admin, model.id, input(model.name, { expectedUpdatedAt: "yesterday" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("expectedUpdatedAt");
  });

  it("two admins saving the same opened model at once: one is saved, the other gets 409", async () => {
    const model = await created();
    const [ra, rb] = await Promise.all([
      update(
        admin,
        model.id,
        input(model.name, { contextWindow: 1_000, expectedUpdatedAt: model.updatedAt }),
      ),
      update(
        admin,
        model.id,
        input(model.name, { contextWindow: 2_000, expectedUpdatedAt: model.updatedAt }),
      ),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const winner = ra.statusCode === 200 ? 1_000 : 2_000;
    const res = await t.inject({ method: "GET", url: `/api/admin/catalog/models/${model.id}`, as: admin });
    expect(res.json().contextWindow).toBe(winner);
  });
});

describe("retiring", () => {
  it("takes a model out of the directory, search, similar models and stats; its page stays with retiredAt", async () => {
    const model = await created(`Retiree ${randomTag(6)}`);
    const sibling = await created(`Sibling ${randomTag(6)}`);
    const statsBefore = (await t.inject({ method: "GET", url: "/api/stats" })).json().models as number;
    const res = await action(admin, model.id, "retire", { reason: "Shut down by its maker" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().model.retiredAt).not.toBeNull();
    expect((await directory()).map((m) => m.id)).not.toContain(model.id);
    expect((await directory(`&search=${encodeURIComponent(model.name)}`)).map((m) => m.id)).not.toContain(
      model.id,
    );
    expect((await page(sibling.slug)).similar.map((m) => m.id)).not.toContain(model.id);
    expect((await t.inject({ method: "GET", url: "/api/stats" })).json().models).toBe(statsBefore - 1);
    const arena = await t.inject({ method: "GET", url: "/api/arena/models" });
    if (arena.statusCode === 200) expect(JSON.stringify(arena.json())).not.toContain(`"id":${model.id},`);
    const shown = await page(model.slug);
    expect(shown.retiredAt).not.toBeNull();
    // Twice is a 409; restoring brings it back; restoring twice is a 409.
    expect((await action(admin, model.id, "retire", {})).json().code).toBe(CATALOG_CODES.alreadyRetired);
    expect((await action(admin, model.id, "restore")).statusCode).toBe(200);
    expect((await action(admin, model.id, "restore")).json().code).toBe(CATALOG_CODES.notRetired);
    expect((await directory()).map((m) => m.id)).toContain(model.id);
    const audit = await auditOf(model.id);
    expect(audit.map((a) => a.action)).toEqual(["catalog.create", "catalog.retire", "catalog.restore"]);
    expect(audit[1]?.reason).toBe("Shut down by its maker");
    expect((await action(admin, 2147483647, "retire", {})).statusCode).toBe(404);
  });

  it("lists retired models apart in the admin list, searchable by name", async () => {
    const model = await created(`Archived ${randomTag(6)}`);
    await action(admin, model.id, "retire", {});
    const list = async (q: string) => {
      const res = await t.inject({ method: "GET", url: `/api/admin/catalog/models${q}`, as: admin });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as CatalogPage).items.map((i) => i.id);
    };
    expect(await list(`?status=retired&search=${encodeURIComponent(model.name)}`)).toEqual([model.id]);
    expect(await list(`?status=listed&search=${encodeURIComponent(model.name)}`)).toEqual([]);
    const bad = await t.inject({ method: "GET", url: "/api/admin/catalog/models?status=gone", as: admin });
    expect(bad.statusCode).toBe(400);
  });
});

describe("the review queue", () => {
  it("lists never or long-ago verified models, oldest first, keyset paginated; the cut-off moves with the clock", async () => {
    t.setNow(new Date("2026-06-01T12:00:00Z"));
    try {
      // 2026-03-03 is exactly 90 days before 2026-06-01: not yet stale; 2026-03-02 is.
      const fresh = await created(undefined, { lastVerifiedAt: "2026-03-03" });
      const stale = await created(undefined, { lastVerifiedAt: "2026-03-02" });
      const older = await created(undefined, { lastVerifiedAt: "2025-01-01" });
      const never = await created(undefined, { lastVerifiedAt: null });
      const retired = await created(undefined, { lastVerifiedAt: null });
      await action(admin, retired.id, "retire", {});

      const all: number[] = [];
      let cursor: number | null = null;
      do {
        const p: CatalogPage = await queue(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
        expect(p.items.length).toBeLessThanOrEqual(2);
        all.push(...p.items.map((i) => i.id));
        expect(p.items.every((i) => i.stale)).toBe(true);
        cursor = p.nextCursor;
      } while (cursor);
      expect(all).not.toContain(fresh.id);
      expect(all).not.toContain(retired.id);
      const ours = all.filter((id) => [stale.id, older.id, never.id].includes(id));
      expect(ours).toEqual([never.id, older.id, stale.id]);

      // A day later the fresh one is stale too.
      t.setNow(new Date("2026-06-02T12:00:00Z"));
      expect((await queue("?limit=100")).items.map((i) => i.id)).toContain(fresh.id);

      // "Mark verified today" takes it out, audit-logged with the clock's day.
      const res = await action(admin, older.id, "verify");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().model.lastVerifiedAt).toBe("2026-06-02");
      expect((await queue("?limit=100")).items.map((i) => i.id)).not.toContain(older.id);
      expect((await page(older.slug)).lastVerifiedAt).toBe("2026-06-02");
      const audit = await auditOf(older.id);
      expect(audit.at(-1)?.action).toBe("catalog.verify");
      expect((await action(admin, 2147483647, "verify")).statusCode).toBe(404);
    } finally {
      t.setNow(undefined);
    }
  });
});

describe("the catalog file is the seed only", () => {
  it("never overwrites an admin's edit, and never re-inserts a renamed slug", async () => {
    await t.seed();
    const gpt = await page("gpt-4o");
    expect(gpt.contextWindow).toBe(128_000);
    expect(gpt.priceInputPerM).toBe(2.5);
    const edited = await t.inject({ method: "GET", url: `/api/admin/catalog/models/${gpt.id}`, as: admin });
    const facts = edited.json() as CatalogModel;
    const { id: _id, retiredAt: _r, redirects: _d, updatedAt, ...body } = facts;
    const res = await update(admin, gpt.id, {
      ...body,
      expectedUpdatedAt: updatedAt,
      description: "Edited by an admin.",
      slug: "gpt-4o-omni",
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.seed();
    const after = await page("gpt-4o");
    expect(after.id).toBe(gpt.id);
    expect(after.slug).toBe("gpt-4o-omni");
    expect(after.description).toBe("Edited by an admin.");
    const rows = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM ai_models WHERE name = 'GPT-4o'`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});
