import { describe, expect, it } from "vitest";
import { mergeTags, parseHashtags, parseMentions, postCreateSchema } from "./posts";

describe("parseHashtags", () => {
  it("finds #hashtags once each, keeping the first spelling", () => {
    expect(parseHashtags("Loving #ChatGPT and #AIArt! Also #chatgpt, #Coding_101.")).toEqual([
      "ChatGPT",
      "AIArt",
      "Coding_101",
    ]);
  });
  it("ignores numbers, URL fragments and HTML entities", () => {
    expect(parseHashtags("We were #1 at https://x.example/page#section and &#39;quote")).toEqual([]);
    expect(parseHashtags("#Start of text and (#InParens)")).toEqual(["Start", "InParens"]);
  });
});

describe("parseMentions", () => {
  it("finds @usernames, lower-cased and distinct, not emails", () => {
    expect(
      parseMentions("Thanks @Maya_Codes and @maya_codes, ask @dave.devops. Mail me at bob@example.com"),
    ).toEqual(["maya_codes", "dave.devops"]);
    expect(parseMentions("@ab too short")).toEqual([]);
  });
});

describe("tags", () => {
  it("merge without duplicates or '#'", () => {
    expect(mergeTags(["#Claude", "claude"], ["Coding", "CLAUDE"])).toEqual(["Claude", "Coding"]);
  });
  it("are validated in the create payload", () => {
    expect(postCreateSchema.safeParse({ content: "hello there", tags: ["#Fine_1"] }).success).toBe(true);
    expect(postCreateSchema.safeParse({ content: "hello there", tags: ["not fine"] }).success).toBe(false);
  });
});
