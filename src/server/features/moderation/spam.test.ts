import { describe, expect, it } from "vitest";
import { SPAM_REASONS } from "../../../common/moderation";
import { demoPosts } from "../../db/seed/demo-content";
import { englishDataset } from "obscenity";
import { containsProfanity, containsProfanityInFull } from "./profanity";
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

  it("answers as the full matcher does, after its first pass over all the patterns at once", () => {
    // The dataset's words (its phrases' metadata: read as the dataset keeps them).
    const { containers } = englishDataset as unknown as {
      containers: Array<{ metadata?: { originalWord?: string } }>;
    };
    const words = containers.map((c) => c.metadata?.originalWord ?? "").filter((w) => w.length > 0);
    expect(words.length).toBeGreaterThan(50);
    const allowed: string[] = englishDataset.build().whitelistedTerms ?? [];
    const leet = (w: string) => w.replace(/a/g, "4").replace(/e/g, "3").replace(/i/g, "1").replace(/o/g, "0");
    const texts = [
      ...words.flatMap((w) => [
        w,
        `what a ${w}!`,
        w.toUpperCase(),
        leet(w),
        w.replace(/(.)/, "$1$1$1"),
        w.split("").join(" "),
        `x${w}x`,
      ]),
      ...allowed.flatMap((w) => [w, `the ${w} of it`]),
      ...demoPosts.flatMap((p) => [p.content, ...p.comments.map((c) => c.content)]),
      "Scunthorpe assessment of the cocktail class",
      "",
      "🙂 emoji 🙃 and ünïcödé",
    ];
    let caught = 0;
    for (const text of texts) {
      const full = containsProfanityInFull(text);
      expect(containsProfanity(text), text).toBe(full);
      if (full) caught++;
    }
    // Both answers occur: the corpus tests the first pass on matches and on clean texts.
    expect(caught).toBeGreaterThan(words.length * 3);
    expect(texts.length - caught).toBeGreaterThan(100);
  });
});
