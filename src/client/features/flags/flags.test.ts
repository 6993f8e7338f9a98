import { describe, expect, it } from "vitest";
import { fetchFeatureFlags, isFlagActive, parseFeatureFlags } from "./flags";

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
