import { describe, expect, it } from "vitest";
import { quoteFor, toBlocks } from "./RichText";

describe("toBlocks", () => {
  it("groups quoted lines and plain lines, dropping blank edges", () => {
    expect(toBlocks("> @ada wrote:\n> hello\n\nI agree\nfully\n")).toEqual([
      { quote: true, lines: ["@ada wrote:", "hello"] },
      { quote: false, lines: ["I agree", "fully"] },
    ]);
  });

  it("keeps HTML as literal text", () => {
    expect(toBlocks("<b>hi</b>")).toEqual([{ quote: false, lines: ["<b>hi</b>"] }]);
  });
});

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
