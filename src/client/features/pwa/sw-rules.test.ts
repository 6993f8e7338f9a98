import { describe, expect, it } from "vitest";
import {
  isApiWrite,
  isAppNavigation,
  isModelDirectoryRead,
  parsePushPayload,
  safeNotificationUrl,
} from "./sw-rules";

const origin = "https://agora.example";
const u = (path: string, base = origin) => new URL(path, base);

describe("service worker routing rules", () => {
  it("caches the public model directory list only", () => {
    expect(isModelDirectoryRead(u("/api/ai-models"), "GET", origin)).toBe(true);
    expect(isModelDirectoryRead(u("/api/ai-models?search=gpt&sort=rating"), "GET", origin)).toBe(true);
    expect(isModelDirectoryRead(u("/api/ai-models/gpt-4o"), "GET", origin)).toBe(false);
    expect(isModelDirectoryRead(u("/api/ai-models/gpt-4o/comments"), "GET", origin)).toBe(false);
    expect(isModelDirectoryRead(u("/api/ai-models/compare?models=1,2"), "GET", origin)).toBe(false);
    expect(isModelDirectoryRead(u("/api/ai-models"), "POST", origin)).toBe(false);
    expect(isModelDirectoryRead(u("/api/posts"), "GET", origin)).toBe(false);
    expect(isModelDirectoryRead(u("/api/ai-models", "https://evil.example"), "GET", origin)).toBe(false);
  });

  it("recognises API writes", () => {
    expect(isApiWrite(u("/api/ai-models/3/like"), "POST", origin)).toBe(true);
    expect(isApiWrite(u("/api/auth/logout"), "post", origin)).toBe(true);
    expect(isApiWrite(u("/api/posts/1"), "DELETE", origin)).toBe(true);
    expect(isApiWrite(u("/api/posts"), "GET", origin)).toBe(false);
    expect(isApiWrite(u("/forums"), "POST", origin)).toBe(false);
  });

  it("handles app navigations only", () => {
    expect(isAppNavigation(u("/forums/3"), "navigate", origin)).toBe(true);
    expect(isAppNavigation(u("/"), "navigate", origin)).toBe(true);
    expect(isAppNavigation(u("/api/docs"), "navigate", origin)).toBe(false);
    expect(isAppNavigation(u("/uploads/a.png"), "navigate", origin)).toBe(false);
    expect(isAppNavigation(u("/forums"), "cors", origin)).toBe(false);
  });
});

describe("push payload", () => {
  it("reads { title, body, url }", () => {
    expect(
      parsePushPayload(
        JSON.stringify({ title: "New follower", body: "ada followed you", url: "/profile/7" }),
        origin,
      ),
    ).toEqual({
      title: "New follower",
      body: "ada followed you",
      url: "/profile/7",
    });
  });

  it("falls back on a default title, plain text and unsafe links", () => {
    expect(parsePushPayload(null, origin)).toEqual({ title: "AI Agora", body: "", url: "/" });
    expect(parsePushPayload("hello", origin)).toEqual({ title: "AI Agora", body: "hello", url: "/" });
    expect(parsePushPayload(JSON.stringify({ body: "x", url: "https://evil.example/x" }), origin).url).toBe(
      "/",
    );
    expect(safeNotificationUrl(`${origin}/post/3?x=1#c`, origin)).toBe("/post/3?x=1#c");
    expect(safeNotificationUrl("javascript:alert(1)", origin)).toBe("/");
    expect(safeNotificationUrl(42, origin)).toBe("/");
  });
});
