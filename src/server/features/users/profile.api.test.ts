import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
});
afterAll(async () => t?.close());

let seq = 0;
const unique = (text: string) => `${text} (#${++seq} ${randomTag(4)})`;

function multipart(file: Buffer, filename = "me.png", type = "image/png") {
  const boundary = `----agora${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function newPost(as: TestMember, content: string, isAnonymous = false) {
  const res = await t.inject({ method: "POST", url: "/api/posts", as, payload: { content, isAnonymous } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

describe("a member's posts, stats and activity", () => {
  it("lists the member's posts newest first, anonymous ones only to the author", async () => {
    const m = await t.register();
    const viewer = await t.register();
    const a = await newPost(m, unique("First public post"));
    const hidden = await newPost(m, unique("A stealth post"), true);
    const b = await newPost(m, unique("Second public post"));
    const ids = async (as?: TestMember, query = "") => {
      const res = await t.inject({ method: "GET", url: `/api/users/${m.id}/posts${query}`, as });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((p: { id: number }) => p.id);
    };
    expect(await ids()).toEqual([b.id, a.id]);
    expect(await ids(viewer)).toEqual([b.id, a.id]);
    expect(await ids(m)).toEqual([b.id, hidden.id, a.id]);
    expect(await ids(m, `?limit=1&cursor=${b.id}`)).toEqual([hidden.id]);
    expect((await t.inject({ method: "GET", url: "/api/users/999999/posts" })).statusCode).toBe(404);
  });

  it("gives each member their own likes on another's posts, kept until a write names the list (decision 0155)", async () => {
    const m = await t.register();
    const [ann, ben] = [await t.register(), await t.register()];
    const a = await newPost(m, unique("Kept profile post"));
    const b = await newPost(m, unique("Another kept profile post"));
    type Card = { id: number; content: string; likes: number; isLiked: boolean; isOwn: boolean };
    const list = async (as: TestMember) => {
      const res = await t.inject({ method: "GET", url: `/api/users/${m.id}/posts`, as });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Card[];
    };
    const write = async (
      method: "POST" | "PUT" | "DELETE",
      url: string,
      as: TestMember,
      payload?: object,
    ) => {
      const res = await t.inject({ method, url, as, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    expect((await list(ann)).map((p) => [p.id, p.isLiked, p.isOwn])).toEqual([
      [b.id, false, false],
      [a.id, false, false],
    ]);
    // Ann's like shows as hers only, and its count to both at once.
    await write("POST", `/api/posts/${a.id}/like`, ann);
    expect((await list(ann)).find((p) => p.id === a.id)).toMatchObject({ likes: 1, isLiked: true });
    expect((await list(ben)).find((p) => p.id === a.id)).toMatchObject({ likes: 1, isLiked: false });
    // Kept past the second a feed page is shared, until a write names the member or a post shown.
    t.setNow(new Date(Date.now() + 5_000));
    try {
      await t.ctx.db.execute(
        sql`UPDATE posts SET content = 'changed where no write names it' WHERE id = ${b.id}`,
      );
      expect((await list(ben))[0]?.content).not.toBe("changed where no write names it");
      await write("PUT", `/api/posts/${b.id}`, m, { content: "Edited while kept" });
      expect((await list(ben))[0]?.content).toBe("Edited while kept");
      const c = await newPost(m, unique("A newer profile post"));
      expect((await list(ann)).map((p) => p.id)).toEqual([c.id, b.id, a.id]);
      await write("DELETE", `/api/posts/${b.id}`, m);
      expect((await list(ben)).map((p) => p.id)).toEqual([c.id, a.id]);
      // The author reads their own, with their own marks.
      expect((await list(m)).map((p) => [p.id, p.isOwn])).toEqual([
        [c.id, true],
        [a.id, true],
      ]);
    } finally {
      t.setNow(undefined);
    }
  });

  it("answers real stats without counting anonymous posts for others", async () => {
    const m = await t.register();
    const fans = [await t.register(), await t.register()];
    const p = await newPost(m, unique("Stats post"));
    const anon = await newPost(m, unique("Anonymous stats post"), true);
    for (const f of fans) await t.inject({ method: "POST", url: `/api/posts/${p.id}/like`, as: f });
    await t.inject({ method: "POST", url: `/api/posts/${anon.id}/like`, as: fans[0]! });
    await t.inject({ method: "POST", url: `/api/users/${m.id}/follow`, as: fans[0]! });
    const models = (await t.inject({ method: "GET", url: "/api/ai-models" })).json();
    await t.inject({
      method: "POST",
      url: `/api/ai-models/${models[0].id}/rate`,
      as: m,
      payload: { rating: 4 },
    });
    const prompt = await t.inject({
      method: "POST",
      url: "/api/prompts",
      as: m,
      payload: { title: unique("Stats prompt"), content: "Give me three ideas." },
    });
    await t.inject({ method: "POST", url: `/api/prompts/${prompt.json().id}/like`, as: fans[1]! });

    const stats = async (as?: TestMember) =>
      (await t.inject({ method: "GET", url: `/api/users/${m.id}/stats`, as })).json();
    expect(await stats()).toEqual({
      posts: 1,
      likesReceived: 3,
      ratings: 1,
      prompts: 1,
      threads: 0,
      followers: 1,
      following: 0,
    });
    expect(await stats(m)).toMatchObject({ posts: 2, likesReceived: 4 });
  });

  it("shows recent activity across features, newest first, hiding anonymous items from others", async () => {
    const m = await t.register();
    const other = await t.register();
    const p = await newPost(m, unique("Activity post"));
    await newPost(m, unique("Hidden activity"), true);
    const otherPost = await newPost(other, unique("Someone else's post"));
    await t.inject({
      method: "POST",
      url: `/api/posts/${otherPost.id}/comments`,
      as: m,
      payload: { content: unique("My comment there") },
    });
    const res = await t.inject({ method: "GET", url: `/api/users/${m.id}/activity` });
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items.map((i: { kind: string }) => i.kind)).toEqual(["comment", "post"]);
    expect(items[1]).toMatchObject({ kind: "post", id: p.id, url: `/post/${p.id}` });
    expect(items[0].url).toBe(`/post/${otherPost.id}`);
    const own = (await t.inject({ method: "GET", url: `/api/users/${m.id}/activity`, as: m })).json();
    expect(own).toHaveLength(3);
    // A Markdown post shows its words, not its marks.
    await newPost(m, unique("Notes on **Claude** and `tools`, see [docs](https://example.com)"));
    const [latest] = (await t.inject({ method: "GET", url: `/api/users/${m.id}/activity` })).json();
    expect(latest.text).toMatch(/^Notes on Claude and tools, see docs \(#\d+ /);
    expect((await t.inject({ method: "GET", url: `/api/users/${m.id}/activity?limit=99` })).statusCode).toBe(
      400,
    );
  });
});

describe("avatar upload", () => {
  it("re-encodes the picture as a 256 px WebP without metadata and serves it", async () => {
    const m = await t.register();
    const jpeg = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#cc3366" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner" } } })
      .toBuffer();
    const res = await t.inject({
      method: "POST",
      url: "/api/profile/avatar",
      as: m,
      ...multipart(jpeg, "me.jpg", "image/jpeg"),
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().avatar as string;
    expect(url).toMatch(/^\/api\/avatars\/[A-Za-z0-9_-]{24}\.webp$/);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: m })).json().avatar).toBe(url);
    expect((await t.inject({ method: "GET", url: `/api/users/${m.id}` })).json().avatar).toBe(url);

    const file = await t.inject({ method: "GET", url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    expect(file.headers["cache-control"]).toContain("immutable");
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from("secret-camera-owner"))).toBe(false);

    // A new picture replaces (and deletes) the old one.
    const png = await sharp({ create: { width: 50, height: 50, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    const second = await t.inject({ method: "POST", url: "/api/profile/avatar", as: m, ...multipart(png) });
    expect(second.statusCode).toBe(200);
    expect((await t.inject({ method: "GET", url })).statusCode).toBe(404);
    const removed = await t.inject({ method: "DELETE", url: "/api/profile/avatar", as: m });
    expect(removed.json()).toEqual({ avatar: null });
    expect((await t.inject({ method: "GET", url: second.json().avatar })).statusCode).toBe(404);
  });

  it("refuses non-images, empty files, oversized files, non-multipart bodies and visitors", async () => {
    const m = await t.register();
    const fake = await t.inject({
      method: "POST",
      url: "/api/profile/avatar",
      as: m,
      ...multipart(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>"), "x.png"),
    });
    expect(fake.statusCode).toBe(415);
    expect(
      (await t.inject({ method: "POST", url: "/api/profile/avatar", as: m, ...multipart(Buffer.alloc(0)) }))
        .statusCode,
    ).toBe(400);
    const big = await t.inject({
      method: "POST",
      url: "/api/profile/avatar",
      as: m,
      ...multipart(Buffer.alloc(6 * 1024 * 1024, 1)),
    });
    expect(big.statusCode).toBe(413);
    const json = await t.inject({
      method: "POST",
      url: "/api/profile/avatar",
      as: m,
      payload: { avatar: "x" },
    });
    expect(json.statusCode).toBe(400);
    expect(
      (await t.inject({ method: "POST", url: "/api/profile/avatar", ...multipart(Buffer.from("x")) }))
        .statusCode,
    ).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/avatars/..%2F..%2Fetc%2Fpasswd" })).statusCode).toBe(
      400,
    );
    expect(
      (await t.inject({ method: "GET", url: "/api/avatars/aaaaaaaaaaaaaaaaaaaaaaaa.webp" })).statusCode,
    ).toBe(404);
  });
});
