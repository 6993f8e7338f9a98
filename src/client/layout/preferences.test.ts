import { describe, expect, it } from "vitest";
import { readTheme } from "./preferences";

describe("readTheme", () => {
  it("is dark when nothing or an invalid value is stored", () => {
    expect(readTheme(null)).toBe("dark");
    expect(readTheme("purple")).toBe("dark");
    expect(readTheme("")).toBe("dark");
    expect(readTheme("dark")).toBe("dark");
  });
  it("is light only when light is stored", () => {
    expect(readTheme("light")).toBe("light");
  });
});
