import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPubSub } from "../../platform/pubsub";
import { createTestApp, type TestApp } from "../../test/harness";
import { startSecondInstance } from "../../test/second-instance";
import { eventually, openStream } from "../../test/notification-stream";

/**
 * Two instances sharing one database and one Redis: a notification raised on one reaches a
 * stream held by the other. Runs when TEST_REDIS_URL is set (CI sets it).
 */
/** Runs in the "redis" Vitest project, which exists only when TEST_REDIS_URL is set. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("across instances through Redis pub/sub", () => {
  let t: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp({}, { REDIS_URL });
    // Both instances' subscriber connections are up before anything is published.
    second = await startSecondInstance(t, []);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it("delivers the unread count to a stream held by the other instance", async () => {
    await second.listen({ port: 0, host: "127.0.0.1" });
    const address = second.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const owner = await t.register();
    const fan = await t.register();
    const stream = await openStream(base, owner);
    expect(await stream.next()).toEqual({ event: "unread", data: JSON.stringify({ count: 0 }) });
    // Raised on instance one...
    const res = await t.inject({ method: "POST", url: `/api/users/${owner.id}/follow`, as: fan });
    expect(res.statusCode).toBe(200);
    // ...arrives on instance two.
    expect(await stream.next()).toEqual({ event: "unread", data: JSON.stringify({ count: 1 }) });
    stream.close();
  });

  it("an unread count cached on the other instance changes when a notice is raised here (decision 0120)", async () => {
    const [owner, fan] = [await t.register(), await t.register()];
    const created = await t.inject({
      method: "POST",
      url: "/api/posts",
      as: owner,
      payload: { content: `Unread across instances ${Date.now()}` },
    });
    const count = async () =>
      (
        await second.inject({
          method: "GET",
          url: "/api/notifications/unread-count",
          headers: { cookie: owner.cookie },
        })
      ).json().count as number;
    expect(await count()).toBe(0);
    expect(await count()).toBe(0);
    // A like changes no member: the other instance's caches of members are kept, only the
    // announcement of the member's notices can tell it.
    const res = await t.inject({ method: "POST", url: `/api/posts/${created.json().id}/like`, as: fan });
    expect(res.statusCode).toBe(200);
    await eventually(async () => (await count()) === 1);
  });

  it("routes one Redis channel to per-member listeners", async () => {
    const publisher = new Redis(REDIS_URL);
    const a = createPubSub(publisher);
    const b = createPubSub(publisher.duplicate());
    await b.prepare("probe");
    const got: unknown[] = [];
    const off = b.subscribe("probe:7", (m) => got.push(m));
    b.subscribe("probe:8", () => got.push("wrong member"));
    await new Promise((r) => setTimeout(r, 100));
    await a.publish("probe:7", { count: 3 });
    for (let i = 0; i < 50 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual([{ count: 3 }]);
    off();
    expect(b.listenerCount("probe:7")).toBe(0);
    await a.close();
    await b.close();
    publisher.disconnect();
  });
});
