import { describe, expect, it } from "vitest";
import { ONLINE_NOW_THRESHOLD, peopleStat, viewAllModelsLabel } from "./stats";

describe("peopleStat", () => {
  it("shows the member total while few members are online", () => {
    expect(peopleStat({ onlineNow: 2, members: 140 })).toEqual({ value: 140, label: "Members" });
    expect(peopleStat({ onlineNow: ONLINE_NOW_THRESHOLD - 1, members: 300 })).toEqual({
      value: 300,
      label: "Members",
    });
  });

  it("shows the online count from the threshold up", () => {
    expect(peopleStat({ onlineNow: ONLINE_NOW_THRESHOLD, members: 300 })).toEqual({
      value: ONLINE_NOW_THRESHOLD,
      label: "Online Now",
    });
    expect(peopleStat({ onlineNow: 89, members: 1000 })).toEqual({ value: 89, label: "Online Now" });
  });
});

describe("viewAllModelsLabel", () => {
  it("gives the catalog's real size", () => {
    expect(viewAllModelsLabel(39)).toBe("View All AI Models (39)");
    expect(viewAllModelsLabel(1200)).toBe("View All AI Models (1,200)");
  });

  it("gives no figure before it is known, never a made-up one", () => {
    expect(viewAllModelsLabel(undefined)).toBe("View All AI Models");
    expect(viewAllModelsLabel(0)).toBe("View All AI Models");
  });
});
