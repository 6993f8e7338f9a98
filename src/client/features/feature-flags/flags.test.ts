import { describe, expect, it } from "vitest";
import type { FlagRule } from "../../../common/feature-flags";
import { fetchFeatureFlags, flagActiveFor, isFlagActive, parseFeatureFlags } from "./flags";

const flag = {
  key: "advanced_search",
  name: "Advanced Search",
  description: "Filters and operators in search",
  enabled: true,
  rolloutPercentage: 100,
  environments: ["development", "staging", "production"],
};

const answer = (status: number, body: unknown) => async () =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

describe("client feature flags", () => {
  it("reads the flags the server answers", async () => {
    const flags = await fetchFeatureFlags(
      answer(200, [flag, { ...flag, key: "ai_assistant", enabled: false }]),
    );
    expect(flags.map((f) => f.key)).toEqual(["advanced_search", "ai_assistant"]);
    expect(isFlagActive(flags, "advanced_search")).toBe(true);
    expect(isFlagActive(flags, "ai_assistant")).toBe(false);
    expect(isFlagActive(flags, "unknown")).toBe(false);
  });

  it("falls back to no flags on 404, errors, network failure and odd bodies", async () => {
    expect(await fetchFeatureFlags(answer(404, { message: "Not found: GET /api/feature-flags" }))).toEqual(
      [],
    );
    expect(await fetchFeatureFlags(answer(500, { message: "boom" }))).toEqual([]);
    expect(await fetchFeatureFlags(answer(200, "not json"))).toEqual([]);
    expect(await fetchFeatureFlags(answer(200, { flags: [flag] }))).toEqual([]);
    expect(
      await fetchFeatureFlags(async () => {
        throw new TypeError("Failed to fetch");
      }),
    ).toEqual([]);
  });

  it("keeps well-formed entries only and treats a missing enabled as on", () => {
    const flags = parseFeatureFlags([{ key: "lazy_loading" }, { name: "no key" }, 42, null]);
    expect(flags).toHaveLength(1);
    expect(isFlagActive(flags, "lazy_loading")).toBe(true);
  });
});

describe("flagActiveFor: what a screen shows", () => {
  const rule = (over: Partial<FlagRule>): FlagRule => ({
    key: "smart_recommendations",
    enabled: true,
    rolloutPercentage: 100,
    environments: ["development", "staging", "production"],
    ...over,
  });
  /** SPEC §9's bucket written out again: Java's String.hashCode of userId + key, |h| mod 100. */
  const bucket = (userId: number, key: string) => {
    let h = 0;
    for (const ch of `${userId}${key}`) h = (h * 31 + ch.charCodeAt(0)) | 0;
    return Math.abs(h) % 100;
  };
  const member = (userId: number | null, host = "agora.example.com") => ({ userId, host });

  it("follows the server's answer once it has come", () => {
    expect(flagActiveFor([flag], "advanced_search", member(1))).toBe(true);
    // An admin turned Smart Recommendations off: the answer no longer lists it.
    expect(flagActiveFor([flag], "smart_recommendations", member(1))).toBe(false);
    expect(flagActiveFor([], "advanced_analytics", member(1))).toBe(false);
  });

  it("without an answer, evaluates the spec's defaults: the three flags on for all stay on", () => {
    for (const key of ["advanced_search", "smart_recommendations", "advanced_analytics"]) {
      expect(flagActiveFor(null, key, member(7))).toBe(true);
      expect(flagActiveFor(undefined, key, member(null))).toBe(true);
      expect(flagActiveFor(null, key, member(7, "staging.agora.example.com"))).toBe(true);
    }
    // Off, or not listed for production: never shown in production.
    for (const key of ["real_time_chat", "live_activity_feed", "ai_assistant", "performance_monitoring"]) {
      expect(flagActiveFor(null, key, member(7))).toBe(false);
    }
    expect(flagActiveFor(null, "no_such_flag", member(7))).toBe(false);
  });

  it("takes the environment from the host name and honours the environment list", () => {
    const devOnly = [rule({ environments: ["development"] })];
    expect(flagActiveFor(null, "smart_recommendations", member(3, "localhost:5173"), devOnly)).toBe(true);
    expect(flagActiveFor(null, "smart_recommendations", member(3, "agora.example.com"), devOnly)).toBe(false);
    expect(flagActiveFor(null, "smart_recommendations", member(3), [rule({ enabled: false })])).toBe(false);
  });

  it("lets a member in under a partial rollout when hash(user id + flag key) mod 100 is below it", () => {
    const rollout = 25;
    const rules = [rule({ rolloutPercentage: rollout })];
    let inside = 0;
    for (let userId = 1; userId <= 400; userId += 1) {
      const expected = bucket(userId, "smart_recommendations") < rollout;
      expect(flagActiveFor(null, "smart_recommendations", member(userId), rules), `user ${userId}`).toBe(
        expected,
      );
      if (expected) inside += 1;
    }
    // Both sides of the line are exercised, in roughly the rollout's proportion.
    expect(inside).toBeGreaterThan(50);
    expect(inside).toBeLessThan(150);
    // A visitor has no stable bucket: never in a partial rollout.
    expect(flagActiveFor(null, "smart_recommendations", member(null), rules)).toBe(false);
    expect(flagActiveFor(null, "smart_recommendations", member(1), [rule({ rolloutPercentage: 0 })])).toBe(
      false,
    );
  });
});
