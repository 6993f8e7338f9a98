import { describe, expect, it } from "vitest";
import { quoteFor } from "./RichText";

describe("quoteFor", () => {
  it("quotes a message without its own quotes, with the author", () => {
    expect(quoteFor("ada", "> older\nNew thought\nsecond line")).toBe(
      "> @ada wrote:\n> New thought\n> second line\n\n",
    );
  });

  it("shortens long messages", () => {
    const q = quoteFor("bob", "x".repeat(400));
    expect(q.length).toBeLessThan(330);
    expect(q).toContain("…");
  });
});
