import { afterEach, describe, expect, it, vi } from "vitest";
import { MODERATION_MESSAGES } from "../../common/moderation";
import { applyServerErrors, moderationBannerOf } from "./errors";
import { ApiError, apiRequest } from "./http";

afterEach(() => vi.unstubAllGlobals());

/** What the client throws for a server answer (through the one fetch wrapper). */
async function thrownFor(status: number, body: unknown): Promise<unknown> {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
    ),
  );
  return apiRequest("POST", "/api/anything", {}).then(
    () => {
      throw new Error("expected a rejection");
    },
    (err: unknown) => err,
  );
}

describe("ApiError", () => {
  it("carries the answer's status, code, message and fields", async () => {
    const err = await thrownFor(400, {
      code: "validation_failed",
      message: "Username must be at least 3 characters",
      fields: { username: "Username must be at least 3 characters", bogus: 3 },
    });
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.status).toBe(400);
    expect(e.code).toBe("validation_failed");
    expect(e.userMessage).toBe("Username must be at least 3 characters");
    expect(e.fields).toEqual({ username: "Username must be at least 3 characters" });
  });

  it("has no code and no fields for an answer that is not JSON", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("Bad gateway", { status: 502 })),
    );
    const err = (await apiRequest("GET", "/api/x").catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBeNull();
    expect(err.fields).toEqual({});
    expect(err.userMessage).toBe("Bad gateway");
  });
});

describe("moderationBannerOf", () => {
  it("picks the banner by the answer's code", async () => {
    const err = await thrownFor(422, { code: "content_prohibited", message: MODERATION_MESSAGES.prohibited });
    expect(moderationBannerOf(err)).toEqual({
      kind: "prohibited",
      title: "Content Not Allowed",
      message: MODERATION_MESSAGES.prohibited,
    });
    const daily = await thrownFor(429, {
      code: "daily_post_limit",
      message: MODERATION_MESSAGES.daily("free", 5),
    });
    expect(moderationBannerOf(daily)?.title).toBe("Slow down there!");
  });

  it("gives no banner to another error, whatever its text says", async () => {
    const err = await thrownFor(400, { code: "validation_failed", message: MODERATION_MESSAGES.tooShort(5) });
    expect(moderationBannerOf(err)).toBeNull();
    expect(moderationBannerOf(new Error(MODERATION_MESSAGES.prohibited))).toBeNull();
  });
});

describe("applyServerErrors", () => {
  it("sets each named field's message on the form, focusing the first", async () => {
    const err = await thrownFor(400, {
      code: "validation_failed",
      message: "Username must be at least 3 characters",
      fields: {
        username: "Username must be at least 3 characters",
        password: "Password must be at least 6 characters",
        "favoriteModels.0": "Unknown model",
      },
    });
    const setError = vi.fn();
    expect(applyServerErrors(setError, err, ["username", "email", "password"])).toBe(true);
    expect(setError.mock.calls).toEqual([
      [
        "username",
        { type: "server", message: "Username must be at least 3 characters" },
        { shouldFocus: true },
      ],
      [
        "password",
        { type: "server", message: "Password must be at least 6 characters" },
        { shouldFocus: false },
      ],
    ]);
  });

  it("does nothing for an error without fields, or fields the form does not have", async () => {
    const setError = vi.fn();
    const conflict = await thrownFor(409, { code: "username_taken", message: "Username is already taken" });
    expect(applyServerErrors(setError, conflict, ["username"])).toBe(false);
    const other = await thrownFor(400, {
      code: "validation_failed",
      message: "x",
      fields: { bio: "Too long" },
    });
    expect(applyServerErrors(setError, other, ["username"])).toBe(false);
    expect(applyServerErrors(setError, new Error("offline"), ["username"])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
