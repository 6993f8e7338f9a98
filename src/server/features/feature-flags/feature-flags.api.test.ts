import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FEATURE_FLAGS, type FeatureFlag, rolloutBucket } from "../../../common/feature-flags";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
let admin: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
  admin = await t.register();
  await t.makeAdmin(admin);
});
afterAll(async () => t?.close());

const active = async (host: string, as?: TestMember): Promise<FeatureFlag[]> => {
  const res = await t.inject({ method: "GET", url: "/api/feature-flags", headers: { host }, as });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const keys = (flags: FeatureFlag[]) => flags.map((f) => f.key);

const edit = (key: string, payload: Record<string, unknown>, as: TestMember = admin) =>
  t.inject({ method: "PUT", url: `/api/admin/feature-flags/${key}`, payload, as });

describe("seeded flags", () => {
  it("holds the twelve flags of SPEC §9 in order", async () => {
    const res = await t.inject({ method: "GET", url: "/api/admin/feature-flags", as: admin });
    expect(res.statusCode).toBe(200);
    const flags = res.json();
    expect(flags.map((f: FeatureFlag) => f.name)).toEqual(DEFAULT_FEATURE_FLAGS.map((f) => f.name));
    for (const [i, f] of DEFAULT_FEATURE_FLAGS.entries()) {
      expect(flags[i]).toMatchObject(f);
      expect(flags[i].updatedBy).toBeNull();
    }
  });

  it("keeps an admin's edit when seeding again", async () => {
    expect((await edit("post_reactions", { enabled: true, rolloutPercentage: 30 })).statusCode).toBe(200);
    await t.seed();
    const flags = (await t.inject({ method: "GET", url: "/api/admin/feature-flags", as: admin })).json();
    expect(flags).toHaveLength(12);
    expect(flags.find((f: FeatureFlag) => f.key === "post_reactions")).toMatchObject({
      enabled: true,
      rolloutPercentage: 30,
      updatedBy: admin.username,
    });
    await edit("post_reactions", { enabled: false, rolloutPercentage: 0 });
  });
});

describe("GET /api/feature-flags", () => {
  it("answers the flags active in production and in staging, by host name", async () => {
    const member = await t.register();
    const prod = await active("agora.example.com", member);
    expect(keys(prod)).toEqual(["advanced_search", "smart_recommendations", "advanced_analytics"]);
    expect(prod[0]).toEqual({
      key: "advanced_search",
      name: "Advanced Search",
      description: expect.any(String),
      enabled: true,
      rolloutPercentage: 100,
      environments: ["development", "staging", "production"],
    });
    // Performance Monitoring is listed for staging but switched off: still the same three.
    expect(keys(await active("staging.agora.example.com:443", member))).toEqual(keys(prod));
    await edit("performance_monitoring", { enabled: true });
    expect(keys(await active("staging.agora.example.com", member))).toContain("performance_monitoring");
    expect(keys(await active("agora.example.com", member))).not.toContain("performance_monitoring");
    expect(keys(await active("agora.example.com"))).not.toContain("performance_monitoring");
    expect(keys(await active("localhost:5000", member))).toContain("performance_monitoring");
    await edit("performance_monitoring", { enabled: false });
  });

  it("rolls a flag out to the members whose bucket is below the percentage, stably", async () => {
    await edit("lazy_loading", { enabled: true, rolloutPercentage: 50, environments: ["staging"] });
    const members = await Promise.all(Array.from({ length: 12 }, () => t.register()));
    let inside = 0;
    for (const m of members) {
      const expected = rolloutBucket(m.id, "lazy_loading") < 50;
      const got = keys(await active("staging.example.com", m)).includes("lazy_loading");
      expect(got, `member ${m.id}`).toBe(expected);
      expect(keys(await active("staging.example.com", m)).includes("lazy_loading")).toBe(got);
      if (got) inside += 1;
    }
    expect(inside).toBeGreaterThan(0);
    expect(inside).toBeLessThan(12);
    // A visitor has no bucket: partial rollouts leave them out.
    expect(keys(await active("staging.example.com"))).not.toContain("lazy_loading");
    await edit("lazy_loading", { rolloutPercentage: 100 });
    expect(keys(await active("staging.example.com"))).toContain("lazy_loading");
    await edit("lazy_loading", {
      enabled: false,
      rolloutPercentage: 50,
      environments: ["development", "staging"],
    });
  });

  it("is never cached for another caller", async () => {
    const res = await t.inject({ method: "GET", url: "/api/feature-flags" });
    expect(res.headers["cache-control"]).toContain("no-store");
  });
});

describe("editing a flag", () => {
  it("validates the change and answers 404 for an unknown flag", async () => {
    const bad: Record<string, unknown>[] = [
      {},
      { rolloutPercentage: 101 },
      { rolloutPercentage: -1 },
      { rolloutPercentage: 12.5 },
      { environments: ["dev"] },
      { environments: "staging" },
      { enabled: "yes" },
      { enabled: true, name: "Renamed" },
    ];
    for (const payload of bad) {
      const res = await edit("ai_assistant", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await edit("no_such_flag", { enabled: true })).statusCode).toBe(404);
    expect((await edit("Bad-Key!", { enabled: true })).statusCode).toBe(400);
  });

  it("writes the change and its audit entry", async () => {
    const res = await edit("ai_assistant", {
      enabled: true,
      rolloutPercentage: 20,
      environments: ["production", "development", "production"],
      reason: "Beta for a fifth",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      key: "ai_assistant",
      enabled: true,
      rolloutPercentage: 20,
      environments: ["development", "production"],
      updatedBy: admin.username,
    });
    const log = (await t.inject({ method: "GET", url: "/api/admin/audit-log?limit=1", as: admin })).json();
    expect(log[0]).toMatchObject({ action: "flag.update", reason: "Beta for a fifth" });
    expect(log[0].summary).toContain("AI Assistant: off, 0%, development → on, 20%, development/production");
    await edit("ai_assistant", { enabled: false, rolloutPercentage: 0, environments: ["development"] });
  });
});
