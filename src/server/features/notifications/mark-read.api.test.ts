/**
 * Marking notifications read names the member's notices only (`notificationsEntity`): their kept
 * list and unread count are current at once, and every other kept answer (a visitor's post page,
 * another member's kept notifications) stays kept (decisions 0119, 0137).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Note = { id: number; type: string; isRead: boolean };

/** A member's own answer, and whether it came from their kept answers. */
async function own<T>(url: string, as: TestMember): Promise<{ body: T; hit: boolean }> {
  const res = await t.inject({ method: "GET", url, as });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as T, hit: res.headers["x-member-cache"] === "hit" };
}
const notes = (as: TestMember) => own<Note[]>("/api/notifications?limit=20", as);
const unread = (as: TestMember) => own<{ count: number }>("/api/notifications/unread-count", as);
const readState = async (as: TestMember) =>
  (await notes(as)).body.map((n) => [n.type, n.isRead] as const).sort();

/** Whether a visitor's request is answered from the public cache. */
async function publicHit(url: string): Promise<boolean> {
  const res = await t.inject({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  return res.headers["x-public-cache"] === "hit";
}

async function write(method: "POST" | "PUT", url: string, as: TestMember, payload?: object) {
  const res = await t.inject({ method, url, as, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { id: number; count: number };
}

describe("marking notifications read", () => {
  it("shows in the member's next list and count, and leaves every unrelated kept answer kept", async () => {
    const [owner, fan, bystander] = [await t.register(), await t.register(), await t.register()];
    // Two notices for the owner (a follow, a like), one for the bystander (a follow).
    await write("POST", `/api/users/${owner.id}/follow`, fan);
    await write("POST", `/api/users/${bystander.id}/follow`, fan);
    const mine = await write("POST", "/api/posts", owner, { content: `Read state post ${randomTag(8)}` });
    await write("POST", `/api/posts/${mine.id}/like`, fan);
    await expect
      .poll(() => readState(owner))
      .toEqual([
        ["follow", false],
        ["like", false],
      ]);

    // Kept: the owner's list and count, the bystander's list, and a visitor's page of another post.
    const other = await write("POST", "/api/posts", bystander, { content: `Unrelated post ${randomTag(8)}` });
    const postPage = `/api/posts/${other.id}`;
    expect(await publicHit(postPage)).toBe(false);
    expect(await publicHit(postPage)).toBe(true);
    expect((await notes(bystander)).body.map((n) => n.type)).toEqual(["follow"]);
    expect((await notes(bystander)).hit).toBe(true);
    const list = await notes(owner);
    expect((await notes(owner)).hit).toBe(true);
    expect((await unread(owner)).body).toEqual({ count: 2 });
    expect(await unread(owner)).toEqual({ body: { count: 2 }, hit: true });

    // One notice read: the owner's next list and count say so, not their kept answers...
    const like = list.body.find((n) => n.type === "like")!;
    expect(await write("PUT", `/api/notifications/${like.id}/read`, owner)).toEqual({ count: 1 });
    expect(await unread(owner)).toEqual({ body: { count: 1 }, hit: false });
    const afterOne = await notes(owner);
    expect(afterOne.hit).toBe(false);
    expect(afterOne.body.map((n) => [n.type, n.isRead]).sort()).toEqual([
      ["follow", false],
      ["like", true],
    ]);
    // ...and nothing else was forgotten.
    expect(await publicHit(postPage)).toBe(true);
    expect((await notes(bystander)).hit).toBe(true);

    // All read: the same.
    expect((await notes(owner)).hit).toBe(true);
    expect((await unread(owner)).hit).toBe(true);
    expect(await write("PUT", "/api/notifications/read-all", owner)).toEqual({ count: 0 });
    expect(await unread(owner)).toEqual({ body: { count: 0 }, hit: false });
    const allRead = await notes(owner);
    expect(allRead.hit).toBe(false);
    expect(allRead.body.map((n) => n.isRead)).toEqual([true, true]);
    expect(await publicHit(postPage)).toBe(true);
    expect((await notes(bystander)).hit).toBe(true);
    expect((await notes(bystander)).body.map((n) => [n.type, n.isRead])).toEqual([["follow", false]]);
  });

  it("another member's notice is not theirs to mark: 404, and nothing is forgotten", async () => {
    const [owner, fan, stranger] = [await t.register(), await t.register(), await t.register()];
    await write("POST", `/api/users/${owner.id}/follow`, fan);
    const [note] = (await notes(owner)).body;
    expect(note).toMatchObject({ type: "follow", isRead: false });
    expect((await notes(owner)).hit).toBe(true);
    const res = await t.inject({ method: "PUT", url: `/api/notifications/${note!.id}/read`, as: stranger });
    expect(res.statusCode, res.body).toBe(404);
    expect(await notes(owner)).toEqual({ body: [note], hit: true });
  });
});
