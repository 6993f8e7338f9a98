import { describe, expect, it } from "vitest";
import { windowSegments } from "./windows";

const d = (s: string) => new Date(s);
const show = (from: string, to: string) =>
  windowSegments(d(from), d(to)).map((s) => `${s.kind} ${s.from.toISOString()} ${s.to.toISOString()}`);

describe("windowSegments", () => {
  it("answers a window inside one hour from the raw posts", () => {
    expect(show("2030-01-01T10:05:00Z", "2030-01-01T10:50:00Z")).toEqual([
      "raw 2030-01-01T10:05:00.000Z 2030-01-01T10:50:00.000Z",
    ]);
  });

  it("uses whole hours between the two partial edges", () => {
    expect(show("2030-01-01T10:05:00Z", "2030-01-01T13:20:00Z")).toEqual([
      "raw 2030-01-01T10:05:00.000Z 2030-01-01T11:00:00.000Z",
      "hour 2030-01-01T11:00:00.000Z 2030-01-01T13:00:00.000Z",
      "raw 2030-01-01T13:00:00.000Z 2030-01-01T13:20:00.000Z",
    ]);
  });

  it("uses whole days in the middle of a long window", () => {
    expect(show("2030-01-01T10:05:00Z", "2030-01-04T03:30:00Z")).toEqual([
      "raw 2030-01-01T10:05:00.000Z 2030-01-01T11:00:00.000Z",
      "hour 2030-01-01T11:00:00.000Z 2030-01-02T00:00:00.000Z",
      "day 2030-01-02T00:00:00.000Z 2030-01-04T00:00:00.000Z",
      "hour 2030-01-04T00:00:00.000Z 2030-01-04T03:00:00.000Z",
      "raw 2030-01-04T03:00:00.000Z 2030-01-04T03:30:00.000Z",
    ]);
  });

  it("leaves out empty pieces on aligned edges and covers the window exactly", () => {
    expect(show("2030-01-01T00:00:00Z", "2030-01-03T00:00:00Z")).toEqual([
      "day 2030-01-01T00:00:00.000Z 2030-01-03T00:00:00.000Z",
    ]);
    const from = d("2030-02-03T04:05:06.789Z");
    const to = d("2030-03-05T04:05:06.790Z");
    const segs = windowSegments(from, to);
    expect(segs[0]!.from).toEqual(from);
    expect(segs[segs.length - 1]!.to).toEqual(to);
    for (let i = 1; i < segs.length; i++) expect(segs[i]!.from).toEqual(segs[i - 1]!.to);
  });

  it("answers nothing for an empty or reversed window", () => {
    expect(windowSegments(d("2030-01-01T00:00:00Z"), d("2030-01-01T00:00:00Z"))).toEqual([]);
    expect(windowSegments(d("2030-01-02T00:00:00Z"), d("2030-01-01T00:00:00Z"))).toEqual([]);
  });
});
