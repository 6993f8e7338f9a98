/**
 * The members' unread counts kept in memory (decision 0120): answered without a statement while
 * nothing changed, and exact at once after every change the app makes to a member's notices.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/connect";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";
import { UNREAD_TTL_MS } from "./unread-cache";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const base = new Date("2026-03-03T12:00:00Z");
const unread = async (as: TestMember) => {
  const res = await t.inject({ method: "GET", url: "/api/notifications/unread-count", as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().count as number;
};
async function post(as: TestMember) {
  const content = `Unread cache post ${randomTag(6)}`;
  const res = await t.inject({ method: "POST", url: "/api/posts", as, payload: { content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
/** A notice the app is not told of (as a lost announcement would be). */
const insertBehindTheAppsBack = (userId: number) =>
  queryRows(
    t.ctx.db,
    sql`INSERT INTO notifications (user_id, type, message) VALUES (${userId}, 'generic', 'Quiet notice')`,
  );

describe("unread count cache", () => {
  it("is kept until its time to live when nothing is announced", async () => {
    t.setNow(base);
    const owner = await t.register();
    expect(await unread(owner)).toBe(0);
    await insertBehindTheAppsBack(owner.id);
    expect(await unread(owner)).toBe(0);
    t.setNow(new Date(base.getTime() + UNREAD_TTL_MS));
    expect(await unread(owner)).toBe(1);
    t.setNow(undefined);
  });

  it("a like, a comment, mark all read and a block show in the next count at once", async () => {
    t.setNow(base);
    const [owner, fan] = [await t.register(), await t.register()];
    const id = await post(owner);
    expect(await unread(owner)).toBe(0);
    expect((await t.inject({ method: "POST", url: `/api/posts/${id}/like`, as: fan })).statusCode).toBe(200);
    expect(await unread(owner)).toBe(1);
    const comment = await t.inject({
      method: "POST",
      url: `/api/posts/${id}/comments`,
      as: fan,
      payload: { content: `A comment ${randomTag(6)}` },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(await unread(owner)).toBe(2);
    expect(
      (await t.inject({ method: "PUT", url: "/api/notifications/read-all", as: owner })).statusCode,
    ).toBe(200);
    expect(await unread(owner)).toBe(0);
    const again = await t.inject({
      method: "POST",
      url: `/api/posts/${id}/comments`,
      as: fan,
      payload: { content: `Another comment ${randomTag(6)}` },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await unread(owner)).toBe(1);
    // Blocking the fan removes their notices.
    const block = await t.inject({ method: "PUT", url: `/api/users/${fan.id}/block`, as: owner });
    expect(block.statusCode, block.body).toBe(200);
    expect(await unread(owner)).toBe(0);
    t.setNow(undefined);
  });
});
