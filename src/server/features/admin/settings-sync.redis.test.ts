import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_DEFAULTS } from "../../../common/moderation";
import { getPubSub } from "../../platform/pubsub";
import { createTestApp, type TestApp } from "../../test/harness";
import { startSecondInstance } from "../../test/second-instance";
import { eventually } from "../../test/notification-stream";
import { SETTINGS_CHANNEL } from "./settings-sync";

/**
 * Two instances sharing one database and one Redis: a settings change saved on one is announced
 * to the other through Redis pub/sub, which drops its cache. Runs when TEST_REDIS_URL is set (CI sets it).
 */
/** Runs in the "redis" Vitest project, which exists only when TEST_REDIS_URL is set. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("moderation settings across instances (Redis)", () => {
  let t: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp({}, { REDIS_URL });
    second = await startSecondInstance(t, [SETTINGS_CHANNEL]);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it("announces a change to the other instance, which applies it on its next request", async () => {
    const heard: unknown[] = [];
    const off = getPubSub(second.ctx).subscribe(SETTINGS_CHANNEL, (m) => heard.push(m));
    const admin = await t.register();
    await t.makeAdmin(admin);
    const author = await t.register();
    const res = await t.inject({
      method: "PUT",
      url: "/api/admin/moderation-settings",
      payload: { ...MODERATION_DEFAULTS, maxLength: 40 },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    await eventually(() => heard.length > 0);
    off();
    const onSecond = await second.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: "A post that is clearly longer than forty characters in total" },
      headers: { cookie: author.cookie, origin: t.ctx.config.appOrigin },
    });
    expect(onSecond.statusCode).toBe(422);
    expect(onSecond.json().message).toMatch(/too long/);
  });
});
