import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import type { DomainEvents } from "./events";

/**
 * The bus belongs to one app instance (issue 20 item 1): the listeners a feature (or a test)
 * adds on one app never hear another app of the same process, as module-level registries did.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe("the event bus of an app", () => {
  it("is the app's own: a listener on one app does not fire for another app's requests", async () => {
    const heardByA: DomainEvents["user.followed"][] = [];
    const heardByB: DomainEvents["user.followed"][] = [];
    const offA = a.ctx.events.on("user.followed", (e) => {
      heardByA.push(e);
    });
    const offB = b.ctx.events.on("user.followed", (e) => {
      heardByB.push(e);
    });
    try {
      const [fan, star] = [await b.register(), await b.register()];
      const res = await b.inject({ method: "POST", url: `/api/users/${star.id}/follow`, as: fan });
      expect(res.statusCode, res.body).toBe(200);
      expect(heardByB).toEqual([{ actorId: fan.id, userId: star.id }]);
      expect(heardByA).toEqual([]);
      // The features' own listeners are per app too: B's follow notified in B only.
      const notes = await b.inject({ method: "GET", url: "/api/notifications", as: star });
      expect(notes.json()).toHaveLength(1);
    } finally {
      offA();
      offB();
    }
  });

  it("declares each feature's listeners once per app, however many apps are built", async () => {
    const [fan, star] = [await a.register(), await a.register()];
    await a.inject({ method: "POST", url: `/api/users/${star.id}/follow`, as: fan });
    const notes = (await a.inject({ method: "GET", url: "/api/notifications", as: star })).json();
    expect(notes).toHaveLength(1);
  });

  it("never fails the request when a listener throws, and still runs the listeners after it", async () => {
    const later: number[] = [];
    const offBroken = a.ctx.events.on("user.registered", () => {
      throw new Error("a listener broke");
    });
    const offLater = a.ctx.events.on("user.registered", (e) => {
      later.push(e.userId);
    });
    try {
      const member = await a.register(); // throws unless the answer is 201
      expect(later).toEqual([member.id]);
      const me = await a.inject({ method: "GET", url: "/api/auth/me", as: member });
      expect(me.statusCode).toBe(200);
    } finally {
      offBroken();
      offLater();
    }
  });
});
