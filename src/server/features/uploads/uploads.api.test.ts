import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
let member: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.register();
});
afterAll(async () => t?.close());

const BOUNDARY = "----agoraTestBoundary7MA4YWxkTrZu0gW";

function multipart(
  file: Buffer,
  filename: string,
  type: string,
  field = "image",
): { payload: Buffer; headers: Record<string, string> } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

function upload(file: Buffer, filename = "photo.png", type = "image/png", as: TestMember | null = member) {
  return t.inject({
    method: "POST",
    url: "/api/uploads/images",
    ...multipart(file, filename, type),
    as: as ?? undefined,
  });
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

/** A valid PNG header claiming a huge size over a few bytes of data: a decompression bomb. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("image uploads", () => {
  it("re-encodes a PNG to WebP at most 1600 px wide, without metadata, served with a long cache", async () => {
    const input = await solid(2400, 1200)
      .withExif({ IFD0: { Copyright: "secret-owner", Artist: "Jane Doe" } })
      .png()
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await upload(input);
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]+\.webp$/);

    const got = await t.inject({ method: "GET", url });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("image/webp");
    expect(got.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(got.rawPayload.toString("latin1")).not.toContain("secret-owner");
  });

  it.each(["jpeg", "webp", "gif"] as const)(
    "accepts %s detected from the content, whatever the name says",
    async (format) => {
      const input = await solid(64, 48).toFormat(format).toBuffer();
      const res = await upload(input, "picture.txt", "application/octet-stream");
      expect(res.statusCode, res.body).toBe(201);
      const got = await t.inject({ method: "GET", url: res.json().url });
      expect((await sharp(got.rawPayload).metadata()).format).toBe("webp");
    },
  );

  it("refuses files that are not images, even when named like one", async () => {
    const res = await upload(Buffer.from("<?php echo 'hi'; ?> not an image at all"), "evil.png", "image/png");
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain("JPEG, PNG, WebP or GIF");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect((await upload(svg, "a.svg", "image/svg+xml")).statusCode).toBe(415);
    const tiff = await solid(10, 10).tiff().toBuffer();
    expect((await upload(tiff, "a.tiff", "image/tiff")).statusCode).toBe(415);
  });

  it("refuses files over 5 MB with 413", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0x41);
    const res = await upload(big, "big.png");
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain("5 MB");
  });

  it("accepts a large but allowed file (over the 1 MB JSON body limit)", async () => {
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 800 * 800 * 3 }, (_, i) => (i * 7919) % 251)),
      {
        raw: { width: 800, height: 800, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    expect(noisy.length).toBeLessThan(5 * 1024 * 1024);
    expect((await upload(noisy)).statusCode).toBe(201);
  });

  it("refuses a decompression bomb", async () => {
    const bomb = pngBomb(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200);
    const res = await upload(bomb, "tiny.png");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("dimensions are too large");
  });

  it("refuses a damaged image and an empty upload", async () => {
    const good = await solid(300, 300).png().toBuffer();
    const damaged = good.subarray(0, Math.floor(good.length / 2));
    expect([400, 415]).toContain((await upload(damaged)).statusCode);
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
  });

  it("needs a session and a multipart body", async () => {
    const input = await solid(10, 10).png().toBuffer();
    expect((await upload(input, "a.png", "image/png", null)).statusCode).toBe(401);
    const json = await t.inject({
      method: "POST",
      url: "/api/uploads/images",
      payload: { image: "x" },
      as: member,
    });
    expect(json.statusCode).toBe(400);
  });

  it("serves only names it produced", async () => {
    expect((await t.inject({ method: "GET", url: "/api/uploads/..%2F..%2Fetc%2Fpasswd" })).statusCode).toBe(
      400,
    );
    expect((await t.inject({ method: "GET", url: "/api/uploads/abc.webp" })).statusCode).toBe(400);
    expect(
      (await t.inject({ method: "GET", url: "/api/uploads/AAAAAAAAAAAAAAAAAAAAAAAA.webp" })).statusCode,
    ).toBe(404);
  });

  it("attaches an uploaded image to a post; refuses an image URL it did not produce", async () => {
    const input = await solid(100, 100).png().toBuffer();
    const { url } = (await upload(input)).json();
    const post = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: "Here is what the model drew for me today", image: url },
      as: member,
    });
    expect(post.statusCode, post.body).toBe(201);
    expect(post.json().image).toBe(url);
    const fake = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: {
        content: "Another picture from the same session",
        image: "/api/uploads/BBBBBBBBBBBBBBBBBBBBBBBB.webp",
      },
      as: member,
    });
    expect(fake.statusCode).toBe(400);
    // Deleting the post removes its image file.
    expect(
      (await t.inject({ method: "DELETE", url: `/api/posts/${post.json().id}`, as: member })).statusCode,
    ).toBe(200);
    expect((await t.inject({ method: "GET", url })).statusCode).toBe(404);
  });
});
