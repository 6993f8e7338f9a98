import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDatabase } from "../test/harness";
import { intArray, textArray } from "./batch";
import { type Database, queryRows } from "./connect";

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createDatabase());
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

it("array literals reach the database as the texts and numbers they were (a batch's parameters)", async () => {
  const texts = ['say "hi", {x}', "back\\slash\\", null, "NULL", "", "émoji 👍 and\nnew line", "'single'"];
  const [row] = await queryRows<{ texts: (string | null)[]; ints: (number | null)[] }>(
    database.db,
    sql`SELECT ${textArray(texts)}::text[] AS texts, ${intArray([3, null, -7])}::int[] AS ints`,
  );
  expect(row?.texts).toEqual(texts);
  expect(row?.ints).toEqual([3, null, -7]);
});
