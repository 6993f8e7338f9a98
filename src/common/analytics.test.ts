import { describe, expect, it } from "vitest";
import { excerpt, lastDays, normalizeUsagePath, referrerHost, usageEventSchema } from "./analytics";

describe("usage events", () => {
  it("stores paths without query strings, fragments or trailing slashes", () => {
    expect(normalizeUsagePath("/reset-password?token=secret")).toBe("/reset-password");
    expect(normalizeUsagePath("/forums/3#reply-4")).toBe("/forums/3");
    expect(normalizeUsagePath("/trending/")).toBe("/trending");
    expect(normalizeUsagePath("/")).toBe("/");
  });

  it("keeps only the host of an external referrer", () => {
    expect(referrerHost("https://news.example.org/item?id=1", "agora.test")).toBe("news.example.org");
    expect(referrerHost("http://agora.test/forums", "agora.test:5000")).toBeNull();
    expect(referrerHost("javascript:alert(1)", "agora.test")).toBeNull();
    expect(referrerHost("not a url", "agora.test")).toBeNull();
    expect(referrerHost(undefined, "agora.test")).toBeNull();
  });

  it("validates the body", () => {
    expect(usageEventSchema.safeParse({ type: "pageview", path: "/trending" }).success).toBe(true);
    expect(usageEventSchema.safeParse({ type: "click", path: "/" }).success).toBe(false);
    expect(usageEventSchema.safeParse({ type: "pageview", path: "https://evil.test/" }).success).toBe(false);
    expect(usageEventSchema.safeParse({ type: "pageview", path: "//evil.test" }).success).toBe(false);
    expect(usageEventSchema.safeParse({ type: "pageview", path: "/a b" }).success).toBe(false);
    expect(usageEventSchema.safeParse({ type: "pageview", path: `/${"x".repeat(300)}` }).success).toBe(false);
    expect(usageEventSchema.safeParse({ type: "pageview", path: "/", extra: 1 }).success).toBe(false);
  });
});

describe("helpers", () => {
  it("lists the UTC dates of the last days, oldest first", () => {
    expect(lastDays(new Date("2030-03-02T23:59:00Z"), 3)).toEqual(["2030-02-28", "2030-03-01", "2030-03-02"]);
  });

  it("shortens text to an excerpt on one line", () => {
    expect(excerpt("short\ntext")).toBe("short text");
    expect(excerpt("a".repeat(100), 10)).toBe(`${"a".repeat(9)}…`);
  });
});
