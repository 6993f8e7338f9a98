import { describe, expect, it } from "vitest";
import { formatGrowth, growthPercent, hotScore, topicCategory } from "./trending";

describe("hotScore", () => {
  const now = new Date("2030-01-01T12:00:00Z");
  const at = (h: number) => new Date(now.getTime() - h * 3_600_000);

  it("is (likes + 2 comments + views/10) / (ageHours + 2)^1.5", () => {
    expect(hotScore({ likes: 10, comments: 5, views: 100, createdAt: at(2) }, now)).toBeCloseTo(30 / 8, 10);
    expect(hotScore({ likes: 0, comments: 0, views: 0, createdAt: at(1) }, now)).toBe(0);
  });

  it("decays with age and never divides by zero for a post from the future", () => {
    const fresh = hotScore({ likes: 10, comments: 0, views: 0, createdAt: at(1) }, now);
    const old = hotScore({ likes: 10, comments: 0, views: 0, createdAt: at(48) }, now);
    expect(fresh).toBeGreaterThan(old);
    expect(hotScore({ likes: 1, comments: 0, views: 0, createdAt: at(-5) }, now)).toBeCloseTo(
      1 / 2 ** 1.5,
      10,
    );
  });

  it("weighs a comment as two likes and ten views as one like", () => {
    const a = hotScore({ likes: 2, comments: 0, views: 0, createdAt: at(3) }, now);
    const b = hotScore({ likes: 0, comments: 1, views: 0, createdAt: at(3) }, now);
    const c = hotScore({ likes: 0, comments: 0, views: 20, createdAt: at(3) }, now);
    expect(a).toBeCloseTo(b, 12);
    expect(a).toBeCloseTo(c, 12);
  });
});

describe("growth", () => {
  it("is the percent change, null for a new topic, never Infinity or NaN", () => {
    expect(growthPercent(30, 10)).toBe(200);
    expect(growthPercent(5, 10)).toBe(-50);
    expect(growthPercent(10, 10)).toBe(0);
    expect(growthPercent(1, 3)).toBe(-67);
    expect(growthPercent(4, 0)).toBeNull();
    expect(growthPercent(0, 0)).toBeNull();
  });

  it("is displayed with a sign, or as New", () => {
    expect(formatGrowth({ growth: 25, isNew: false })).toBe("+25%");
    expect(formatGrowth({ growth: -10, isNew: false })).toBe("-10%");
    expect(formatGrowth({ growth: 0, isNew: false })).toBe("0%");
    expect(formatGrowth({ growth: null, isNew: true })).toBe("New");
  });
});

describe("topicCategory", () => {
  it("guesses the category from the hashtag", () => {
    expect(topicCategory("PromptEngineering")).toBe("Prompting");
    expect(topicCategory("AIArt")).toBe("Image Generation");
    expect(topicCategory("Coding")).toBe("Code Generation");
    expect(topicCategory("Ethics")).toBe("Ethics & Society");
    expect(topicCategory("ChatGPT")).toBe("Language Models");
    expect(topicCategory("SmartHome")).toBe("General");
    expect(topicCategory("Weekend")).toBe("General");
  });
});
