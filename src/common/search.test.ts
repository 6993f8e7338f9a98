import { describe, expect, it } from "vitest";
import { normalizeSearchText, prefixQueryText } from "./search";

describe("normalizeSearchText", () => {
  it("writes every spelling of a model name the same way", () => {
    for (const spelling of ["GPT-4o", "gpt4o", "GPT 4o", "gpt-4o"]) {
      expect(normalizeSearchText(spelling).toLowerCase()).toBe("gpt 4o");
    }
    expect(normalizeSearchText("gpt4")).toBe("gpt 4");
    expect(normalizeSearchText("gpt-4")).toBe("gpt 4");
    expect(normalizeSearchText("llama3")).toBe("llama 3");
    expect(normalizeSearchText("Llama 3.1 405B")).toBe("Llama 3.1 405B");
    expect(normalizeSearchText("Claude-3.5-Sonnet")).toBe("Claude 3.5 Sonnet");
  });

  it("leaves other text alone", () => {
    expect(normalizeSearchText("claud")).toBe("claud");
    expect(normalizeSearchText("state-of-the-art models, 2024")).toBe("state of the art models, 2024");
    expect(normalizeSearchText('-negated "quoted phrase" or x')).toBe('-negated "quoted phrase" or x');
    expect(normalizeSearchText("naïve café")).toBe("naïve café");
  });
});

describe("prefixQueryText", () => {
  it("makes each normalised word a prefix", () => {
    expect(prefixQueryText("gpt4")).toBe("gpt:* & 4:*");
    expect(prefixQueryText("GPT 4o")).toBe("gpt:* & 4o:*");
    expect(prefixQueryText("llama3")).toBe("llama:* & 3:*");
    expect(prefixQueryText("claud")).toBe("claud:*");
    expect(prefixQueryText("'; DROP --")).toBe("drop:*");
    expect(prefixQueryText("🤖 !!")).toBeNull();
  });
});
