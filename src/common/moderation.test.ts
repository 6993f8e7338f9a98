import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "./admin";
import { MODERATION_CODES, MODERATION_MESSAGES, moderationBannerFor, SPAM_REASONS } from "./moderation";

describe("moderationBannerFor", () => {
  it("maps each refusal's code to its banner title, showing the server's message", () => {
    const cases = [
      [MODERATION_CODES.rateLimited, MODERATION_MESSAGES.perMinute(5), "Slow down there!"],
      [MODERATION_CODES.daily, MODERATION_MESSAGES.daily("free", 5), "Slow down there!"],
      [MODERATION_CODES.moderatorLimit, ADMIN_MESSAGES.rateLimitedUntil("1 Jan 2027"), "Slow down there!"],
      [MODERATION_CODES.prohibited, MODERATION_MESSAGES.prohibited, "Content Not Allowed"],
      [MODERATION_CODES.suspicious, MODERATION_MESSAGES.suspicious(SPAM_REASONS.links), "Content Warning"],
      [MODERATION_CODES.tooShort, MODERATION_MESSAGES.tooShort(5), "Content Warning"],
      [MODERATION_CODES.tooLong, MODERATION_MESSAGES.tooLong(2000), "Content Warning"],
    ] as const;
    for (const [code, message, title] of cases) {
      expect(moderationBannerFor({ code, message })).toEqual({ kind: expect.any(String), title, message });
    }
  });

  it("branches on the code, never on the message text", () => {
    // A message that reads like a refusal but carries another code gets no banner…
    expect(moderationBannerFor({ code: "not_found", message: MODERATION_MESSAGES.prohibited })).toBeNull();
    expect(moderationBannerFor({ code: null, message: "rate limit prohibited too short" })).toBeNull();
    // …and a refusal's code gets its banner whatever the wording.
    expect(moderationBannerFor({ code: MODERATION_CODES.prohibited, message: "Nope." })?.title).toBe(
      "Content Not Allowed",
    );
  });

  it("ignores other errors", () => {
    expect(moderationBannerFor({ code: "not_found", message: "Post not found" })).toBeNull();
    expect(moderationBannerFor({ code: "validation_failed", message: "content is required" })).toBeNull();
    expect(moderationBannerFor(undefined)).toBeNull();
    expect(moderationBannerFor(null)).toBeNull();
  });

  it("names the plan and the upgrade in the daily limit message", () => {
    const msg = MODERATION_MESSAGES.daily("free", 5);
    expect(msg).toContain("rate limit");
    expect(msg).toContain("Free plan allows 5 posts per day");
    expect(msg).toContain("Upgrade to Basic or Pro");
  });
});
