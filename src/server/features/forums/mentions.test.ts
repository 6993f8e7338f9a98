import { describe, expect, it } from "vitest";
import { extractMentions } from "../../../common/forums";
import { excerpt } from "./presenter";

describe("extractMentions", () => {
  it("finds distinct usernames, lower-cased, ignoring case and trailing dots", () => {
    expect(extractMentions("Hi @Ada_L and @ada_l. Also (@bob.smith), @bob.smith.")).toEqual([
      "ada_l",
      "bob.smith",
    ]);
  });

  it("ignores e-mail addresses, too-short names and a lone @", () => {
    expect(extractMentions("mail me@example.com or @ab or @ or foo@bar")).toEqual([]);
  });

  it("accepts a mention at the start of a line or after a quote marker", () => {
    expect(extractMentions("@first hello\n> @second wrote:")).toEqual(["first", "second"]);
  });
});

describe("excerpt", () => {
  it("keeps short text and flattens whitespace", () => {
    expect(excerpt("  a\n\n b  ")).toBe("a b");
  });

  it("cuts long text at a word with an ellipsis", () => {
    const text = `${"word ".repeat(60)}end`;
    const out = excerpt(text, 50);
    expect(out.length).toBeLessThanOrEqual(51);
    expect(out.endsWith("…")).toBe(true);
    expect(out).not.toMatch(/wor…$/);
  });
});
