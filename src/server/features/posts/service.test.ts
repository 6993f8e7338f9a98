import { describe, expect, it } from "vitest";
import { tagsAfterEdit } from "./service";

describe("tagsAfterEdit", () => {
  it("follows the new hashtags and keeps tags that were given explicitly", () => {
    expect(tagsAfterEdit(["Claude", "Old"], "text #Old", "new text #New")).toEqual(["New", "Claude"]);
    expect(tagsAfterEdit(["Old"], "text #Old", "no tags now")).toEqual([]);
  });
});
