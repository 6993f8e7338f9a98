import { describe, expect, it } from "vitest";
import {
  DEFAULT_FEATURE_FLAGS,
  environmentFromHost,
  type FlagRule,
  featureFlagUpdateSchema,
  hostNameOf,
  isFlagActiveFor,
  rolloutBucket,
  stableHash,
} from "./feature-flags";

// Vectors computed independently with Java's String.hashCode definition (31·h + c, 32-bit).
describe("stableHash / rolloutBucket", () => {
  it("matches fixed vectors", () => {
    expect(stableHash("")).toBe(0);
    expect(stableHash("a")).toBe(97);
    expect(stableHash("abc")).toBe(96354);
    expect(stableHash("hello world")).toBe(1794106052);
    expect(stableHash("12345live_activity_feed")).toBe(-1597690834);
    expect(rolloutBucket(1, "advanced_search")).toBe(20);
    expect(rolloutBucket(1, "lazy_loading")).toBe(98);
    expect(rolloutBucket(42, "lazy_loading")).toBe(67);
    expect(rolloutBucket(10, "lazy_loading")).toBe(40);
    expect(rolloutBucket(14, "lazy_loading")).toBe(28);
    expect(rolloutBucket(7, "user_presence")).toBe(52);
    expect(rolloutBucket(5, "user_presence")).toBe(2);
    expect(rolloutBucket(12345, "live_activity_feed")).toBe(34);
    expect(rolloutBucket("8", "lazy_loading")).toBe(51);
  });

  it("always answers 0-99", () => {
    for (let u = 0; u < 2000; u += 1) {
      const b = rolloutBucket(u, "some_flag");
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThan(100);
    }
  });
});

describe("environmentFromHost", () => {
  it("is staging when the host name contains staging, else production (SPEC §9)", () => {
    expect(environmentFromHost("staging.agora.example")).toBe("staging");
    expect(environmentFromHost("agora-staging.example.com:443")).toBe("staging");
    expect(environmentFromHost("STAGING.example.com")).toBe("staging");
    expect(environmentFromHost("agora.example.com")).toBe("production");
    expect(environmentFromHost("www.example.org:8080")).toBe("production");
    expect(environmentFromHost(undefined)).toBe("production");
    expect(environmentFromHost("")).toBe("production");
  });

  it("treats a developer's own machine as development", () => {
    expect(environmentFromHost("localhost")).toBe("development");
    expect(environmentFromHost("localhost:5000")).toBe("development");
    expect(environmentFromHost("127.0.0.1:5208")).toBe("development");
    expect(environmentFromHost("[::1]:5000")).toBe("development");
    expect(environmentFromHost("app.localhost")).toBe("development");
    expect(environmentFromHost("localhost.example.com")).toBe("production");
  });

  it("strips ports", () => {
    expect(hostNameOf("Example.com:80")).toBe("example.com");
    expect(hostNameOf("[::1]:80")).toBe("[::1]");
    expect(hostNameOf("::1")).toBe("::1");
  });
});

describe("isFlagActiveFor", () => {
  const flag = (over: Partial<FlagRule>): FlagRule => ({
    key: "lazy_loading",
    enabled: true,
    rolloutPercentage: 50,
    environments: ["development", "staging"],
    ...over,
  });

  it("needs the environment listed and the flag enabled", () => {
    expect(isFlagActiveFor(flag({ rolloutPercentage: 100 }), { userId: 1, environment: "staging" })).toBe(
      true,
    );
    expect(isFlagActiveFor(flag({ rolloutPercentage: 100 }), { userId: 1, environment: "production" })).toBe(
      false,
    );
    expect(
      isFlagActiveFor(flag({ rolloutPercentage: 100, enabled: false }), {
        userId: 1,
        environment: "staging",
      }),
    ).toBe(false);
  });

  it("lets a member in when their bucket is below the rollout", () => {
    // buckets for lazy_loading: user 10 → 40, user 14 → 28, user 1 → 98, user 8 → 51
    const f = flag({});
    expect(isFlagActiveFor(f, { userId: 10, environment: "staging" })).toBe(true);
    expect(isFlagActiveFor(f, { userId: 14, environment: "staging" })).toBe(true);
    expect(isFlagActiveFor(f, { userId: 1, environment: "staging" })).toBe(false);
    expect(isFlagActiveFor(f, { userId: 8, environment: "staging" })).toBe(false);
    expect(isFlagActiveFor(flag({ rolloutPercentage: 41 }), { userId: 10, environment: "staging" })).toBe(
      true,
    );
    expect(isFlagActiveFor(flag({ rolloutPercentage: 40 }), { userId: 10, environment: "staging" })).toBe(
      false,
    );
    expect(isFlagActiveFor(flag({ rolloutPercentage: 0 }), { userId: 14, environment: "staging" })).toBe(
      false,
    );
  });

  it("keeps partial rollouts from visitors but not full ones", () => {
    expect(isFlagActiveFor(flag({}), { userId: null, environment: "staging" })).toBe(false);
    expect(isFlagActiveFor(flag({ rolloutPercentage: 100 }), { userId: null, environment: "staging" })).toBe(
      true,
    );
  });
});

describe("the twelve seeded flags (SPEC §9)", () => {
  it("have the spec's states", () => {
    expect(DEFAULT_FEATURE_FLAGS).toHaveLength(12);
    const byName = Object.fromEntries(DEFAULT_FEATURE_FLAGS.map((f) => [f.name, f]));
    expect(byName["Advanced Search"]).toMatchObject({
      enabled: true,
      rolloutPercentage: 100,
      environments: ["development", "staging", "production"],
    });
    expect(byName["Live Activity Feed"]).toMatchObject({
      enabled: false,
      rolloutPercentage: 10,
      environments: ["development"],
    });
    expect(byName["Performance Monitoring"]).toMatchObject({
      enabled: false,
      rolloutPercentage: 100,
      environments: ["development", "staging"],
    });
    expect(new Set(DEFAULT_FEATURE_FLAGS.map((f) => f.key)).size).toBe(12);
  });

  it("active in production for everyone: exactly the three enabled 'all' flags", () => {
    const active = DEFAULT_FEATURE_FLAGS.filter((f) =>
      isFlagActiveFor(f, { userId: 3, environment: "production" }),
    ).map((f) => f.key);
    expect(active).toEqual(["advanced_search", "smart_recommendations", "advanced_analytics"]);
  });
});

describe("featureFlagUpdateSchema", () => {
  it("refuses empty updates, out-of-range rollouts and unknown environments", () => {
    expect(featureFlagUpdateSchema.safeParse({}).success).toBe(false);
    expect(featureFlagUpdateSchema.safeParse({ rolloutPercentage: 101 }).success).toBe(false);
    expect(featureFlagUpdateSchema.safeParse({ rolloutPercentage: -1 }).success).toBe(false);
    expect(featureFlagUpdateSchema.safeParse({ environments: ["dev"] }).success).toBe(false);
    expect(featureFlagUpdateSchema.safeParse({ enabled: true, extra: 1 }).success).toBe(false);
    expect(featureFlagUpdateSchema.safeParse({ enabled: true, rolloutPercentage: 30 }).success).toBe(true);
  });
});
