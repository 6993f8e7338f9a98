import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { COMPRESS_THRESHOLD, decode, encodeFor, KEPT_UPGRADE_USES, KeptEncodings } from "./compression";

const feedText = JSON.stringify(
  Array.from({ length: 20 }, (_, i) => ({
    id: 1000 - i,
    content: `Post ${i}: compared two assistants on a week of support tickets; the second was terse yet exact.`,
    author: { id: i, username: `member_${i}`, avatar: null },
    likes: i * 3,
    isLiked: false,
  })),
);

describe("a kept text's encodings (decisions 0132, 0137)", () => {
  it("answers brotli at once, and a smaller brotli once it has been sent often", () => {
    const kept = new KeptEncodings(feedText);
    const first = kept.for("gzip, deflate, br");
    expect(first?.encoding).toBe("br");
    expect(brotliDecompressSync(first!.bytes).toString("utf8")).toBe(feedText);
    for (let i = 2; i < KEPT_UPGRADE_USES; i++) expect(kept.for("br")?.bytes).toBe(first?.bytes);
    const upgraded = kept.for("br");
    expect(upgraded?.bytes.length).toBeLessThan(first!.bytes.length);
    expect(brotliDecompressSync(upgraded!.bytes).toString("utf8")).toBe(feedText);
    expect(kept.for("br")?.bytes).toBe(upgraded?.bytes);
  });

  it("answers gzip to a request that takes only gzip, and nothing to one that takes neither or for a short text", () => {
    const kept = new KeptEncodings(feedText);
    const gzip = kept.for("gzip");
    expect(gzip?.encoding).toBe("gzip");
    expect(gunzipSync(gzip!.bytes).toString("utf8")).toBe(feedText);
    expect(kept.for("identity")).toBeNull();
    expect(kept.for("br;q=0, gzip;q=0")).toBeNull();
    expect(new KeptEncodings("x".repeat(COMPRESS_THRESHOLD - 1)).for("br")).toBeNull();
  });

  it("encodes a member's answer once as the request takes it, and decodes it back", () => {
    const br = encodeFor(feedText, "gzip, br");
    const gzip = encodeFor(Buffer.from(feedText), "gzip");
    expect([br?.encoding, gzip?.encoding]).toEqual(["br", "gzip"]);
    expect(decode(br!).toString("utf8")).toBe(feedText);
    expect(decode(gzip!).toString("utf8")).toBe(feedText);
    expect(encodeFor(feedText, undefined)).toBeNull();
    // Bytes of its own, not a slice of a larger buffer kept alive with it.
    expect(br!.bytes.buffer.byteLength).toBe(br!.bytes.length);
  });
});
