import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_DEFAULTS } from "../../../common/moderation";
import { createTestApp, type TestApp } from "../../test/harness";
import { writeSettings } from "../admin/public";
import { getModerationSettings, invalidateModerationSettings } from "./service";

/**
 * The per-instance cache of the moderation settings. Rows are written here without the
 * announcement an admin's save makes, so what the cache holds is observable.
 */
describe("moderation settings cache", () => {
  let t: TestApp;
  const save = (maxLength: number) =>
    writeSettings(t.ctx.db, { ...MODERATION_DEFAULTS, maxLength }, new Date());

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps the settings until an invalidation drops them", async () => {
    await save(300);
    invalidateModerationSettings();
    expect((await getModerationSettings(t.ctx)).maxLength).toBe(300);
    await save(301);
    expect((await getModerationSettings(t.ctx)).maxLength).toBe(300);
    invalidateModerationSettings();
    expect((await getModerationSettings(t.ctx)).maxLength).toBe(301);
  });

  it("does not keep a value whose read overlapped an invalidation", async () => {
    await save(400);
    invalidateModerationSettings();
    const inFlight = getModerationSettings(t.ctx);
    // A change announced while that read was under way: its answer may predate the change.
    invalidateModerationSettings();
    expect((await inFlight).maxLength).toBe(400);
    await save(401);
    expect((await getModerationSettings(t.ctx)).maxLength).toBe(401);
  });
});
