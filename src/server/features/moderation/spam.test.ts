import { describe, expect, it } from "vitest";
import { SPAM_REASONS } from "../../../common/moderation";
import { demoPosts } from "../../db/seed/demo-content";
import { containsProfanity } from "./profanity";
import { countLinks, detectSpam, fingerprint, normalizeForDuplicate } from "./spam";

describe("detectSpam", () => {
  it("accepts ordinary posts, including every demo post and comment", () => {
    expect(detectSpam("Asked Claude to explain recursion and it finally clicked!!")).toBeNull();
    expect(detectSpam("Read https://example.com/a and https://example.com/b")).toBeNull();
    expect(detectSpam("Hmmmmm, not sure about that one")).toBeNull();
    expect(detectSpam("very very very good")).toBeNull();
    for (const p of demoPosts) {
      expect(detectSpam(p.content), p.content).toBeNull();
      for (const c of p.comments) expect(detectSpam(c.content), c.content).toBeNull();
    }
  });

  it("flags link floods", () => {
    const text = "Deals: https://a.example http://b.example www.c.example https://d.example";
    expect(countLinks(text)).toBe(4);
    expect(detectSpam(text)).toBe(SPAM_REASONS.links);
  });

  it("flags character floods", () => {
    expect(detectSpam("Look at this!!!!!!!!!!!!!!!!")).toBe(SPAM_REASONS.characters);
    expect(detectSpam("aaaaaaaaaaaaaaaaaaaaaaaaa")).toBe(SPAM_REASONS.characters);
  });

  it("flags word floods", () => {
    expect(detectSpam("buy buy buy buy buy buy now")).toBe(SPAM_REASONS.words);
    expect(detectSpam("Free, free, FREE, free, free, free!")).toBe(SPAM_REASONS.words);
  });
});

describe("duplicate fingerprints", () => {
  it("ignore case, spacing and punctuation", () => {
    expect(normalizeForDuplicate("  Hello,   WORLD!! ")).toBe("hello world");
    expect(fingerprint("Hello world")).toBe(fingerprint("hello,  world!"));
    expect(fingerprint("Hello world")).not.toBe(fingerprint("Hello there world"));
  });
});

describe("profanity (obscenity's English dataset)", () => {
  it("catches profanity and its obfuscations but not innocent words", () => {
    expect(containsProfanity("this is shit")).toBe(true);
    expect(containsProfanity("fuuuuck this")).toBe(true);
    expect(containsProfanity("Scunthorpe assessment of the cocktail class")).toBe(false);
    for (const p of demoPosts) expect(containsProfanity(p.content), p.content).toBe(false);
  });
});
