import { describe, expect, it } from "vitest";
import type { DbOrTx } from "./connect";
import { prepared } from "./prepared";

const fakeDb = () => ({}) as unknown as DbOrTx;

describe("prepared statements", () => {
  it("builds a statement once per database handle and name, and passes the name on", () => {
    const db = fakeDb();
    const built: string[] = [];
    const build = (_db: DbOrTx, name: string) => {
      built.push(name);
      return { name };
    };
    const first = prepared(db, "feed", build);
    expect(prepared(db, "feed", build)).toBe(first);
    expect(first).toEqual({ name: "feed" });
    expect(built).toEqual(["feed"]);

    prepared(db, "unread", build);
    expect(built).toEqual(["feed", "unread"]);
  });

  it("keeps each database handle's statements apart (a statement is bound to its handle)", () => {
    const a = fakeDb();
    const b = fakeDb();
    const byA = prepared(a, "feed", (db) => ({ db }));
    const byB = prepared(b, "feed", (db) => ({ db }));
    expect(byA.db).toBe(a);
    expect(byB.db).toBe(b);
  });
});
