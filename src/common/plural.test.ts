import { describe, expect, it } from "vitest";
import { countOf, plural } from "./plural";

describe("plural", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(plural(1, "member")).toBe("member");
    expect(plural(0, "member")).toBe("members");
    expect(plural(2, "member")).toBe("members");
    expect(plural(1.5, "member")).toBe("members");
    expect(plural(-1, "member")).toBe("member");
  });

  it("takes an irregular plural", () => {
    expect(plural(1, "reply", "replies")).toBe("reply");
    expect(plural(3, "reply", "replies")).toBe("replies");
    expect(plural(2, "copy", "copies")).toBe("copies");
  });
});

describe("countOf", () => {
  it("writes the count before its noun", () => {
    expect(countOf(1, "member")).toBe("1 member");
    expect(countOf(0, "post")).toBe("0 posts");
    expect(countOf(2, "rating")).toBe("2 ratings");
  });

  it("groups the digits of large counts, US style", () => {
    expect(countOf(1247, "review")).toBe("1,247 reviews");
    expect(countOf(1_000_000, "reply", "replies")).toBe("1,000,000 replies");
  });
});
