import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_CODES } from "../../../common/moderation";
import type { SessionUser } from "../../platform/context";
import type { AppError } from "../../platform/errors";
import { createTestApp, type TestApp } from "../../test/harness";
import { createModerationService } from "./service";

/**
 * The repeat check started ahead of a write's own reads (decision 0149): used only for the text
 * it was started for, and the fingerprint remembered by `screen` is the one a later text meets.
 */
describe("moderation look-ahead", () => {
  let t: TestApp;
  let member: SessionUser;
  const moderation = () => createModerationService(t.ctx);
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: AppError) => err.code ?? null,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const m = await t.register();
    member = {
      id: m.id,
      username: m.username,
      isAdmin: false,
      rateLimitedUntil: null,
    } as unknown as SessionUser;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a repeated text even when the look-ahead was started for another text", async () => {
    const said = "A comment about evaluation harnesses, said once";
    const { remembered } = await moderation().screen(member, said, { kind: "comment" });
    await remembered;
    // Started for another text: its answer (not seen) must not let the repeat through.
    const other = moderation().lookAhead(member, "Something else entirely about tokenizers", "comment");
    expect(await refusal(moderation().screen(member, said, { kind: "comment", ahead: other }))).toBe(
      MODERATION_CODES.suspicious,
    );
    // Started for this text: the same refusal.
    const same = moderation().lookAhead(member, `  ${said} `, "comment");
    expect(await same.seen).toBe(true);
    expect(await refusal(moderation().screen(member, said, { kind: "comment", ahead: same }))).toBe(
      MODERATION_CODES.suspicious,
    );
  });

  it("answers before the fingerprint is stored, and a repeat meets it once it is", async () => {
    const text = "A first thought on context windows and recall";
    const screened = await moderation().screen(member, text, { kind: "comment" });
    expect(screened.text).toBe(text);
    await screened.remembered;
    expect(await moderation().lookAhead(member, text, "comment").seen).toBe(true);
    // Another kind keeps its own fingerprints.
    expect(await moderation().lookAhead(member, text, "reply").seen).toBe(false);
  });
});
