import { describe, expect, it } from "vitest";
import { normalizeTags, promptCreateSchema } from "../../../common/prompts";
import { interleaveByCategory, seedKey } from "./seed";

describe("normalizeTags", () => {
  it("splits on commas, trims, drops empties, a leading # and case-insensitive duplicates", () => {
    expect(normalizeTags(" a, ,b ,, #C, c,  ")).toEqual(["a", "b", "C"]);
    expect(normalizeTags(["x", " x ", "Y"])).toEqual(["x", "Y"]);
  });
});

describe("promptCreateSchema", () => {
  it("takes tags as text or as a list", () => {
    const base = { title: "T", content: "Some content" };
    expect(promptCreateSchema.parse({ ...base, tags: "one, two" }).tags).toEqual(["one", "two"]);
    expect(promptCreateSchema.parse({ ...base, tags: ["one", "two"] }).tags).toEqual(["one", "two"]);
    expect(promptCreateSchema.parse(base).tags).toEqual([]);
  });

  it("treats an empty choice as the default", () => {
    const parsed = promptCreateSchema.parse({
      title: "T",
      content: "C",
      category: "",
      aiModel: "",
      difficulty: "",
    });
    expect(parsed).toMatchObject({ category: "writing", aiModel: "any", difficulty: "beginner" });
  });
});

describe("starter library helpers", () => {
  it("interleaves categories round-robin", () => {
    const items = [
      { category: "a", n: 1 },
      { category: "a", n: 2 },
      { category: "b", n: 3 },
      { category: "c", n: 4 },
      { category: "c", n: 5 },
    ];
    expect(interleaveByCategory(items).map((i) => i.n)).toEqual([1, 3, 4, 2, 5]);
  });

  it("derives stable seed keys from titles", () => {
    expect(seedKey("Cold Email That Gets Replies!")).toBe("starter:cold-email-that-gets-replies");
  });
});
