import { describe, expect, it } from "vitest";
import { MODERATION_MESSAGES, moderationBannerFor, SPAM_REASONS } from "./moderation";

describe("moderationBannerFor", () => {
  it("maps each server message to its banner title", () => {
    expect(moderationBannerFor(MODERATION_MESSAGES.perMinute(5))?.title).toBe("Slow down there!");
    expect(moderationBannerFor(MODERATION_MESSAGES.daily("free", 5))?.title).toBe("Slow down there!");
    expect(moderationBannerFor(MODERATION_MESSAGES.prohibited)?.title).toBe("Content Not Allowed");
    expect(moderationBannerFor(MODERATION_MESSAGES.suspicious(SPAM_REASONS.links))?.title).toBe(
      "Content Warning",
    );
    expect(moderationBannerFor(MODERATION_MESSAGES.tooShort(5))?.title).toBe("Content Warning");
    expect(moderationBannerFor(MODERATION_MESSAGES.tooLong(2000))?.title).toBe("Content Warning");
  });

  it("ignores other messages", () => {
    expect(moderationBannerFor("Post not found")).toBeNull();
    expect(moderationBannerFor(undefined)).toBeNull();
  });

  it("names the plan and the upgrade in the daily limit message", () => {
    const msg = MODERATION_MESSAGES.daily("free", 5);
    expect(msg).toContain("rate limit");
    expect(msg).toContain("Free plan allows 5 posts per day");
    expect(msg).toContain("Upgrade to Basic or Pro");
  });
});
